// Sign-in and sign-up form rules (required field, invalid email, password of at least 8 characters,
// matching confirmation). Errors are i18n keys so the form shows them in the current language.
import * as v from "valibot";

export const MIN_PASSWORD = 8;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
