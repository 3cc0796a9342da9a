// Turns any failure into a sentence in the user's language: known API codes have their own text (the errors
// namespace, locales/errors/<lng>.json, which the API client loads before it throws), anything else gets the generic
// one. The worker's English message is never shown as is. An unexpected failure (5xx) adds its request id, to the
// code's sentence or to a caller's own (withRequestId).
import type { TFunction } from "i18next";
import { ApiError } from "./api";
import { ERRORS_NS } from "./i18n";

/** The sentence for `err`; `t` may be any namespace's (the texts are looked up in theirs). */
export function errorMessage(t: TFunction, err: unknown): string {
  const unknown = t("errors.unknown", { ns: "translation" });
  return withRequestId(
    t,
    err instanceof ApiError ? t(err.code, { ns: ERRORS_NS, defaultValue: unknown }) : unknown,
    err,
  );
}

/**
 * `text` (a caller's own sentence for a failed call, e.g. "Could not save"), and on a new line the request id when
 * `err` carries one: an unexpected failure (5xx) names its request (worker/errors.ts), so a user can quote it to
 * support. A refusal (4xx) or a failure that never reached the worker has none and leaves `text` as it is.
 */
export function withRequestId(t: TFunction, text: string, err: unknown): string {
  const id = err instanceof ApiError && err.details?.request_id;
  return id ? `${text}\n${t("request_id", { ns: ERRORS_NS, id })}` : text;
}
