// Turns any failure into a sentence in the user's language: known API codes have their own text (locales
// errors.*), anything else gets the generic one. The worker's English message is never shown as is.
import type { TFunction } from "i18next";
import { ApiError } from "./api";

export function errorMessage(t: TFunction, err: unknown): string {
  if (err instanceof ApiError) {
    return t(`errors.${err.code}`, { defaultValue: t("errors.unknown") });
  }
  return t("errors.unknown");
}
