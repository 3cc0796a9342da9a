// Turns any failure into a sentence in the user's language: known API codes have their own text (the errors
// namespace, locales/errors/<lng>.json, which the API client loads before it throws), anything else gets the generic
// one. The worker's English message is never shown as is.
import type { TFunction } from "i18next";
import { ApiError } from "./api";
import { ERRORS_NS } from "./i18n";

/** The sentence for `err`; `t` may be any namespace's (the texts are looked up in theirs). */
export function errorMessage(t: TFunction, err: unknown): string {
  const unknown = t("errors.unknown", { ns: "translation" });
  return err instanceof ApiError ? t(err.code, { ns: ERRORS_NS, defaultValue: unknown }) : unknown;
}
