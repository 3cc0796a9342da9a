// The forgotten-password flow's rules, shared by the SPA's page (reset-password-page.tsx) and the pre-rendered page's
// script (static/guest-reset.ts): what each step checks before sending, what it sends, and what a refusal says. A
// message is a text of the auth or accounts namespace, or the API's error text for a code.
import type { PasswordReset } from "../../../../worker/protocol/account-requests";
import { emailRule, validateCode, validateNewPassword } from "../settings/validation";

export type ResetMessage = { ns: "auth" | "accounts"; key: string; options?: { count: number } } | { code: string };

/** The email step: a valid address, else what is wrong with it. */
export function resetEmailProblem(email: string): ResetMessage | null {
  const rule = emailRule(email);
  return rule ? { ns: "auth", key: rule } : null;
}

export interface ResetValues {
  email: string;
  code: string;
  next: string;
  confirm: string;
}

/** The new-password step: the mailed code (unless the mailed link's token stands for it) and the new password. */
export function resetPasswordProblem(token: string | undefined, values: ResetValues): ResetMessage | null {
  const rule = (token ? null : validateCode(values.code)) ?? validateNewPassword(values);
  return rule ? { ns: "accounts", key: rule } : null;
}

/** POST /auth/reset-password's body: the link's token, or the email and its code; with the new password. */
export const resetPayload = (token: string | undefined, values: ResetValues): PasswordReset =>
  token
    ? { token, newPassword: values.next }
    : { email: values.email.trim(), code: values.code.trim(), newPassword: values.next };

/** A wrong code says how many tries are left; any other refusal is the API's text for its code. */
export function resetFailure(err: unknown): ResetMessage {
  const e = err as { code?: unknown; details?: Record<string, unknown> } | null;
  const left = Number(e?.details?.attempts_left);
  if (e?.code === "invalid_code" && Number.isFinite(left))
    return { ns: "accounts", key: "email.wrongCode", options: { count: left } };
  return { code: typeof e?.code === "string" ? e.code : "unknown" };
}
