// Every way an image turn can fail, as the text the user reads: the guest refusal,
// the day's image generations used up (403), an invalid request (400) or a missing description, a safety refusal,
// the response problems, and the worker's other codes through the shared error texts.
import type { TFunction } from "i18next";
import { ApiError } from "../../lib/api";
import { errorMessage } from "../../lib/error-message";
import { ImageResponseError } from "./image-response";

/** i18n key in the media namespace, or null when the shared errors.<code> text applies. */
export function imageErrorKey(err: unknown): string | null {
  if (err instanceof ImageResponseError) return `images.errors.${err.problem}`;
  if (!(err instanceof ApiError)) return null;
  if (err.status === 401) return "images.errors.loginRequired";
  if (err.status === 403 && err.code === "quota_exhausted") return "images.errors.quotaExhausted";
  if (err.code === "safety_violation") return "images.errors.safety";
  if (err.status === 400 && err.field === "question") return "images.errors.questionRequired";
  if (err.status === 400) return "images.errors.invalidRequest";
  return null;
}

/** The text shown for a failed image turn, in the user's language. */
export function imageErrorText(mediaT: TFunction<"media">, t: TFunction, err: unknown): string {
  const key = imageErrorKey(err);
  return key ? mediaT(key) : errorMessage(t, err);
}
