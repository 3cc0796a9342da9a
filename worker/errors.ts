// One error shape for the whole API: handlers throw AppError with a code from a closed union; app.onError maps the
// code to its HTTP status and writes {status:"error", code, message}. Anything else is logged and becomes a 500.
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "./env";

export const ERROR_STATUS = {
  invalid_input: 400,
  invalid_json: 400,
  amount_mismatch: 400,
  incorrect_password: 400,
  verification_expired: 400,
  invalid_code: 400,
  provider_not_configured: 400,
  model_key_rejected: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  invalid_social_token: 401,
  invalid_token: 401,
  session_expired: 401,
  forbidden: 403,
  csrf_rejected: 403,
  premium_required: 403,
  quota_exhausted: 403,
  not_found: 404,
  model_not_found: 404,
  email_taken: 409,
  conflict: 409,
  already_linked: 409,
  last_sign_in_method: 409,
  not_running: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  too_many_attempts: 429,
  server_misconfigured: 500,
  internal_error: 500,
  mail_failed: 502,
  provider_unavailable: 502,
  mail_not_configured: 503,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof ERROR_STATUS;

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
    return ERROR_STATUS[this.code];
  }
}

/** Paths under the media API answer with its own shape (`success: false`) as well as the common fields. */
const MEDIA_PREFIXES = ["/media-api/", "/chat-messages/", "/chat/"];

export function errorBody(path: string, code: ErrorCode, message: string, details?: Record<string, unknown>) {
  const body: Record<string, unknown> = { status: "error", code, message, ...details };
  if (MEDIA_PREFIXES.some((p) => path.startsWith(p))) body.success = false;
  return body;
}

export function handleError(err: Error, c: Context<AppEnv>) {
  if (err instanceof AppError) {
    return c.json(errorBody(c.req.path, err.code, err.message, err.details), err.status);
  }
  // Hono's own HTTPExceptions (malformed JSON, body limit, bad content type) keep their status in our envelope.
  if (err instanceof HTTPException && err.status < 500) {
    const code: ErrorCode =
      err.status === 413 ? "payload_too_large" : err.status === 415 ? "unsupported_media_type" : err.status === 401 ? "unauthorized" : "invalid_input";
    return c.json(errorBody(c.req.path, code, err.message || "Invalid request"), ERROR_STATUS[code]);
  }
  console.error("unhandled error", c.req.method, c.req.path, err);
  return c.json(errorBody(c.req.path, "internal_error", "Something went wrong. Please try later"), 500);
}
