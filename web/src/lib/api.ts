// The one way the SPA talks to the worker: same-origin fetch with cookies, JSON bodies, a 30 s timeout, and every
// response checked with valibot before anyone uses it. Failures become ApiError(status, code); any 401 means the
// session is gone, so stored credentials are cleared and the app returns to /login.
import * as v from "valibot";
import { ErrorEnvelopeSchema, successEnvelope } from "../../../worker/protocol/envelopes";
import type { ErrorCode } from "../../../worker/protocol/errors";
import { loadErrorTexts } from "./i18n";
import { clearCredentials } from "./storage";

/** Whole-request timeout for ordinary calls, in milliseconds (30 s). */
export const API_TIMEOUT_MS = 30_000;

/**
 * What went wrong on this side: the network, the timeout, an answer of the wrong shape, the caller's cancel, or an
 * answer's stream that broke off.
 */
export type ClientErrorCode = "network_error" | "timeout" | "invalid_response" | "aborted" | "stream_interrupted";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The worker's error code (worker/protocol/errors.ts) or a client code. */
    readonly code: ErrorCode | ClientErrorCode,
    message: string,
    readonly field?: string,
    /** The whole error body, for codes that carry extra fields (e.g. quota_exhausted's model). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

type Handler = () => void;
let onUnauthorized: Handler = () => {
  window.location.assign("/login?reason=expired");
};
let unauthorizedPending = false;

/** Lets the app decide how to return to /login (the router in the browser, a spy in tests). */
export function setUnauthorizedHandler(handler: Handler): void {
  onUnauthorized = handler;
  unauthorizedPending = false;
}

/** Clears credentials and leaves for /login once, however many requests fail together. */
export function handleUnauthorized(): void {
  clearCredentials();
  if (unauthorizedPending) return;
  unauthorizedPending = true;
  onUnauthorized();
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
  /** "throw" for calls where 401 is an answer, not a lost session (login with a wrong password). */
  on401?: "logout" | "throw";
  /** 0 turns the timeout off (streams). */
  timeoutMs?: number;
  headers?: Record<string, string>;
}

/** A GET the boot script (web/theme-init.js) started before the app loaded, given to the first request for it. */
function takeEarly(path: string): Promise<Response> | undefined {
  const started = (window as { mayEarly?: Record<string, Promise<Response>> }).mayEarly;
  const early = started?.[path];
  if (early) delete started[path];
  return early;
}

function withTimeout(signal: AbortSignal | undefined, timeoutMs: number): AbortSignal | undefined {
  if (!timeoutMs) return signal;
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

/** Throws `error` once the error texts are loaded (i18n.ts), so whoever shows it finds the sentence for its code. */
export async function fail(error: ApiError): Promise<never> {
  await loadErrorTexts();
  throw error;
}

async function readError(res: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    // not JSON (a proxy page, an empty body)
  }
  const parsed = v.safeParse(ErrorEnvelopeSchema, body);
  if (parsed.success) {
    return new ApiError(res.status, parsed.output.code, parsed.output.message, parsed.output.field, parsed.output);
  }
  return new ApiError(
    res.status,
    res.status >= 500 ? "internal_error" : "invalid_response",
    `API error (${res.status})`,
  );
}

/**
 * Sends a request and returns the Response when it is 2xx. Non-2xx answers throw ApiError (after the 401 rule);
 * network failures throw ApiError(0, "network_error"), timeouts ApiError(0, "timeout"). Streams use this directly.
 */
export async function request(path: string, options: RequestOptions = {}): Promise<Response> {
  const { method = "GET", body, on401 = "logout", timeoutMs = API_TIMEOUT_MS } = options;
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let res: Response;
  try {
    res = await ((method === "GET" && takeEarly(path)) ||
      fetch(path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: "same-origin",
        signal: withTimeout(options.signal, timeoutMs),
      }));
  } catch (err) {
    if (options.signal?.aborted) throw err; // the caller cancelled: not an error to report
    const name = err instanceof Error ? err.name : "";
    if (name === "TimeoutError") return fail(new ApiError(0, "timeout", "Request timed out"));
    return fail(new ApiError(0, "network_error", err instanceof Error ? err.message : "Network error"));
  }
  if (res.ok) return res;
  const error = await readError(res);
  if (res.status === 401 && on401 === "logout") handleUnauthorized();
  return fail(error);
}

/** A JSON call whose whole body is validated with `schema` (for answers with fields beside `data`). */
export async function apiBody<S extends v.GenericSchema>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<v.InferOutput<S>> {
  const res = await request(path, options);
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    return fail(new ApiError(res.status, "invalid_response", "Invalid session response"));
  }
  const parsed = v.safeParse(schema, json);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    return fail(
      new ApiError(
        res.status,
        "invalid_response",
        `Invalid response from ${path}: ${v.getDotPath(issue) ?? ""} ${issue.message}`,
      ),
    );
  }
  return parsed.output;
}

/** A JSON call whose `{status:"success", data}` envelope and data are validated with `schema`; returns data. */
export async function api<S extends v.GenericSchema>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<v.InferOutput<S>> {
  const body = await apiBody(path, successEnvelope(schema), options);
  return body.data as v.InferOutput<S>;
}
