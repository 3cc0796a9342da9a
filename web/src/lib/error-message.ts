// Turns any failure into a sentence in the user's language: known API codes have their own text (the errors
// namespace, locales/errors/<lng>.json, which the API client loads before it throws), anything else gets the generic
// one. The worker's English message is never shown as is. An unexpected failure (5xx) adds its request id.
import type { TFunction } from "i18next";
import { ApiError } from "./api";
import { ERRORS_NS } from "./i18n";

/** The sentence for `err`; `t` may be any namespace's (the texts are looked up in theirs). */
export function errorMessage(t: TFunction, err: unknown): string {
  const unknown = t("errors.unknown", { ns: "translation" });
  if (!(err instanceof ApiError)) return unknown;
  // an unexpected failure (5xx) names its request (worker/errors.ts), so a user can quote it to support
  const id = err.details?.request_id;
  return (
    t(err.code, { ns: ERRORS_NS, defaultValue: unknown }) + (id ? `\n${t("request_id", { ns: ERRORS_NS, id })}` : "")
  );
}
