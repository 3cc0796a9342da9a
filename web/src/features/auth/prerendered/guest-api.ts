// The pre-rendered pages' calls to the worker: the SPA's API client (lib/api.ts) in the few lines these pages need,
// without its i18next (it loads the error texts before it throws; here guest-texts.ts does). Same rules: same-origin
// fetch with cookies, JSON, a 30 s timeout, every answer checked with the worker's own schemas (worker/protocol), and
// every failure one GuestRefusal(status, code) whose code picks its text, as ApiError's does. A 401 is an answer here
// (a wrong password): these pages hold no session to lose.
import * as v from "valibot";
import { ErrorEnvelopeSchema, successEnvelope } from "../../../../../worker/protocol/envelopes";

/** Whole-request timeout, in milliseconds (30 s, as lib/api.ts API_TIMEOUT_MS). */
const TIMEOUT_MS = 30_000;

export class GuestRefusal extends Error {
  constructor(
    readonly status: number,
    /** The worker's error code, or network_error, timeout, invalid_response. */
    readonly code: string,
    readonly field?: string,
    /** The whole error body, for codes with extra fields (invalid_code's attempts_left). */
    readonly details?: Record<string, unknown>,
  ) {
    super(code);
    this.name = "GuestRefusal";
  }
}

/** A JSON call whose whole body is checked with `schema`; `body` makes it a POST. */
export async function callBody<S extends v.GenericSchema>(
  path: string,
  schema: S,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<v.InferOutput<S>> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        Accept: "application/json",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    throw new GuestRefusal(0, err instanceof Error && err.name === "TimeoutError" ? "timeout" : "network_error");
  }
  const json: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    const e = v.safeParse(ErrorEnvelopeSchema, json);
    if (e.success) throw new GuestRefusal(res.status, e.output.code, e.output.field, e.output);
    throw new GuestRefusal(res.status, res.status >= 500 ? "internal_error" : "invalid_response");
  }
  const parsed = v.safeParse(schema, json);
  if (!parsed.success) throw new GuestRefusal(res.status, "invalid_response");
  return parsed.output;
}

/** A call whose `{status: "success", data}` envelope and data are checked with `schema`; returns data. */
export const call = async <S extends v.GenericSchema>(
  path: string,
  schema: S,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<v.InferOutput<S>> => (await callBody(path, successEnvelope(schema), body, headers)).data;
