// One error shape for the whole API: handlers throw AppError with a code from a closed union; app.onError maps the
// code to its HTTP status and writes {status:"error", code, message}. Anything else is logged (and reported to
// Sentry when configured) and becomes a 500.
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { reportUnexpectedError } from "./http/error-report";
import type { ErrorEnvelope, MediaErrorEnvelope } from "./protocol/envelopes";
import { ERROR_STATUS, type ErrorCode } from "./protocol/errors";

export { ERROR_STATUS, type ErrorCode } from "./protocol/errors";

/** The table, checked: every status in it is one Hono can send with a JSON body. */
const STATUS: Record<ErrorCode, ContentfulStatusCode> = ERROR_STATUS;

/** What a blocked account is told, on signing in and on every call (its sessions end when it is blocked). */
export const BLOCKED_MESSAGE = "This account has been blocked. Please contact support.";

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra fields merged into the error body, e.g. `{ field: "email" }` for invalid input. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "AppError";
  }
  get status(): ContentfulStatusCode {
    return STATUS[this.code];
  }
}

/** Paths under the media API answer with its own shape (`success: false`) as well as the common fields. */
const MEDIA_PREFIXES = ["/media-api/", "/chat-messages/", "/chat/"];

export function errorBody(
  path: string,
  code: ErrorCode,
  message: string,
  details?: Record<string, unknown>,
): ErrorEnvelope | MediaErrorEnvelope {
  const body: ErrorEnvelope = { status: "error", code, message, ...details };
  return MEDIA_PREFIXES.some((p) => path.startsWith(p)) ? { ...body, success: false } : body;
}

export function handleError(err: Error, c: Context) {
  if (err instanceof AppError) {
    c.set("errorCode", err.code);
    // an unexpected failure names its request (http/request-log.ts), which the SPA shows for the user to quote
    const details = err.status >= 500 ? { ...err.details, request_id: c.get("requestId") } : err.details;
    return c.json(errorBody(c.req.path, err.code, err.message, details), err.status);
  }
  // Hono's own HTTPExceptions (malformed JSON, body limit, bad content type) keep their status in our envelope.
  if (err instanceof HTTPException && err.status < 500) {
    const code: ErrorCode =
      err.status === 413
        ? "payload_too_large"
        : err.status === 415
          ? "unsupported_media_type"
          : err.status === 401
            ? "unauthorized"
            : "invalid_input";
    c.set("errorCode", code);
    return c.json(errorBody(c.req.path, code, err.message || "Invalid request"), STATUS[code]);
  }
  // one JSON line, with the request's id (http/request-log.ts) so a user's report finds it
  console.error(
    JSON.stringify({
      event: "unhandled_error",
      request_id: c.get("requestId") ?? null,
      method: c.req.method,
      path: c.req.path,
      error: String(err),
      stack: err.stack ?? null,
    }),
  );
  // and to Sentry when SENTRY_DSN is set, after the response (http/error-report.ts)
  reportUnexpectedError(err, c);
  c.set("errorCode", "internal_error");
  return c.json(
    errorBody(c.req.path, "internal_error", "Something went wrong. Please try later", {
      request_id: c.get("requestId"),
    }),
    500,
  );
}
