// Sign-in and sign-up form rules (required field, invalid email, password of at least 8 characters,
// matching confirmation), what each form sends, and where a server refusal shows. Errors are i18n keys so the form
// shows them in the current language. Shared by the SPA's forms and the pre-rendered pages' script
// (static/guest-page.ts): one set of rules, whichever page the visitor got.
import * as v from "valibot";

export const MIN_PASSWORD = 8;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

// The lookahead refuses a second @ or a space at once, rather than after trying every dot (quadratic in a long input).
const EMAIL_RE = /^[^\s@]+@(?=[^\s@]*$)[^\s@]+\.[^\s@]+$/;

function email(value: string): string | undefined {
  if (!value.trim()) return "validation.required";
  // valibot's email check, with a simple fallback shape for very short inputs
  if (!v.is(v.pipe(v.string(), v.email()), value.trim()) || !EMAIL_RE.test(value.trim())) return "validation.email";
  return undefined;
}

export function validateLogin(values: { email: string; password: string }): FieldErrors<"email" | "password"> {
  const errors: FieldErrors<"email" | "password"> = {};
  const e = email(values.email);
  if (e) errors.email = e;
  if (!values.password) errors.password = "validation.required";
  return errors;
}

export function validateRegister(values: {
  name: string;
  email: string;
  password: string;
  confirm: string;
}): FieldErrors<"name" | "email" | "password" | "confirm"> {
  const errors: FieldErrors<"name" | "email" | "password" | "confirm"> = {};
  if (!values.name.trim()) errors.name = "validation.required";
  const e = email(values.email);
  if (e) errors.email = e;
  if (!values.password) errors.password = "validation.required";
  else if (values.password.length < MIN_PASSWORD) errors.password = "validation.passwordMin";
  if (!values.confirm) errors.confirm = "validation.required";
  else if (values.confirm !== values.password) errors.confirm = "validation.passwordMismatch";
  return errors;
}

/** What the sign-in form sends (POST /auth/login, with the browser's user agent added by the caller). */
export const loginPayload = (values: { email: string; password: string }) => ({
  email: values.email.trim(),
  password: values.password,
});

/** What the sign-up form sends (POST /auth/register). */
export const registerPayload = (values: { name: string; email: string; password: string }) => ({
  name: values.name.trim(),
  email: values.email.trim(),
  password: values.password,
});

/** The sign-up field a refusal belongs to when the server names none: an address already taken is the email's. */
export const registerFieldForCode = (code: string): "name" | "email" | "password" | "confirm" | undefined =>
  code === "email_taken" ? "email" : undefined;

/** A server refusal as the forms read it: the SPA's ApiError and the pre-rendered pages' own error have this shape. */
export interface Refusal {
  code: string;
  field?: string;
}

function isRefusal(err: unknown): err is Refusal {
  return typeof err === "object" && err !== null && typeof (err as Refusal).code === "string";
}

/**
 * The field under which a failure shows: the field the worker names, else the one its code implies; undefined when it
 * belongs to no field (shown above the form) or is not a server refusal at all.
 */
export function refusalField<K extends string>(err: unknown, fieldForCode?: (code: string) => K | undefined) {
  return isRefusal(err) ? ((err.field as K | undefined) ?? fieldForCode?.(err.code)) : undefined;
}
