// The settings forms' rules. Errors are i18n keys of the "accounts" namespace, so the forms
// show them in the current language; the worker checks the same rules again.
import { CHANGED_PASSWORD_MIN, FORM_PASSWORD_MIN } from "../../../../worker/protocol/accounts";
import { CUSTOM_INSTRUCTION_MAX_CHARS, charCount } from "../../../../worker/protocol/settings";

/** Email change: the code is 6 digits, valid 10 minutes, 5 tries, sent again after 60 s. */
export const EMAIL_CODE_LENGTH = 6;
export const RESEND_AFTER_S = 60;

// The lookahead refuses a second @ or a space at once, rather than after trying every dot (quadratic in a long input).
const EMAIL_RE = /^[^\s@]+@(?=[^\s@]*$)[^\s@]+\.[^\s@]+$/;

/** Password change: all fields, matching new passwords, at least 6 characters, different from the current one. */
export function validatePasswordChange(v: { current: string; next: string; confirm: string }): string | null {
  if (!v.current || !v.next || !v.confirm) return "password.fillAll";
  if (v.next !== v.confirm) return "password.mismatch";
  if (v.next.length < CHANGED_PASSWORD_MIN) return "password.tooShort";
  if (v.next === v.current) return "password.same";
  return null;
}

/** Reset: a new password of at least 8 characters (the general form rule), confirmed. */
export function validateNewPassword(v: { next: string; confirm: string }): string | null {
  if (!v.next || !v.confirm) return "password.fillAll";
  if (v.next.length < FORM_PASSWORD_MIN) return "reset.tooShort";
  if (v.next !== v.confirm) return "password.mismatch";
  return null;
}

/** An email a form may send: "validation.required" or "validation.email" (keys of the auth namespace), else null. */
export function emailRule(value: string): string | null {
  const email = value.trim();
  if (!email) return "validation.required";
  return EMAIL_RE.test(email) ? null : "validation.email";
}

export function validateNewEmail(value: string, current: string): string | null {
  const email = value.trim();
  if (!email) return "email.required";
  if (!EMAIL_RE.test(email)) return "email.invalid";
  if (email.toLowerCase() === current.toLowerCase()) return "email.same";
  return null;
}

/** Exactly six digits ('enter full 6-digit code'). */
export function validateCode(code: string): string | null {
  return /^\d{6}$/.test(code.trim()) ? null : "email.codeIncomplete";
}

/** Keeps only digits, at most six: what a code box accepts as the user types or pastes. */
export const codeInput = (raw: string) => raw.replace(/\D/g, "").slice(0, EMAIL_CODE_LENGTH);

export function validateInstruction(text: string): string | null {
  return charCount(text) > CUSTOM_INSTRUCTION_MAX_CHARS ? "personalization.tooLong" : null;
}

export function validateApiKey(key: string): string | null {
  const k = key.trim();
  if (!k) return "models.keyRequired";
  if (!/^[\x21-\x7e]+$/.test(k)) return "models.keyInvalid";
  return null;
}

export function validatePhone(phone: string): string | null {
  return phone.trim() === "" || /^\+?[0-9 ().-]{6,20}$/.test(phone.trim()) ? null : "profile.phoneInvalid";
}

/** Whole seconds until `iso` (0 once it has passed, or when there is no time). */
export function secondsUntil(iso: string | null | undefined, now = Date.now()): number {
  if (!iso) return 0;
  const at = Date.parse(iso);
  return Number.isNaN(at) ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}

/** "Chrome on Windows" from a user agent, for the devices list; null when nothing is recognised. */
export function describeDevice(ua: string): { browser: string | null; os: string | null } {
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /OPR\/|Opera/.test(ua)
      ? "Opera"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /Chrome\/|Chromium\//.test(ua)
          ? "Chrome"
          : /Safari\//.test(ua)
            ? "Safari"
            : null;
  const os = /iPhone|iPad|iPod/.test(ua)
    ? "iOS"
    : /Android/.test(ua)
      ? "Android"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X|Macintosh/.test(ua)
          ? "macOS"
          : /CrOS/.test(ua)
            ? "ChromeOS"
            : /Linux/.test(ua)
              ? "Linux"
              : null;
  return { browser, os };
}
