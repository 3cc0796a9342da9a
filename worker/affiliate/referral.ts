// Referral links and first-touch attribution. Joining the programme gives a user an affiliate code; their link
// /affiliate/r/<code> counts a click and leaves a cookie naming the code for 30 days. The first link a visitor
// followed wins (a later link does not overwrite the cookie), and a signup within the 30 days is attributed to it.
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";

/** The cookie that carries the referral: "<code>.<first visit, ms since epoch>". */
export const REFERRAL_COOKIE = "may_ref";
/** A referral counts for 30 days after the first click. */
export const REFERRAL_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const CODE_CHARS = 8;
const CODE = new RegExp(`^[${ALPHABET}]{${CODE_CHARS}}$`);

/** A fresh affiliate code: 8 characters of Crockford's base32 (no I, L, O, U), e.g. K7Q2XD9P. */
export function newAffiliateCode(): string {
  let out = "";
  for (const b of crypto.getRandomValues(new Uint8Array(CODE_CHARS))) out += ALPHABET[b & 31];
  return out;
}

/** Normalises a code as typed or linked (case-insensitive); null when it cannot be one. */
export function normalizeAffiliateCode(raw: string | null | undefined): string | null {
  const code = raw?.trim().toUpperCase();
  return code && CODE.test(code) ? code : null;
}

export function referralLink(origin: string, code: string): string {
  return `${origin}/affiliate/r/${code}`;
}

/** The code in a referral cookie value if it was set less than 30 days before `now`, else null. */
export function parseReferralCookie(value: string | null | undefined, now: number): string | null {
  const m = /^([0-9A-Z]{8})\.(\d{1,16})$/.exec(value ?? "");
  if (!m) return null;
  const at = Number(m[2]);
  if (at > now || now - at > REFERRAL_WINDOW_MS) return null;
  return normalizeAffiliateCode(m[1]);
}

/**
 * The affiliate code this request was referred by (the first-touch cookie, within 30 days), or null. Register calls
 * this and passes the result to attributeSignup (worker/db/affiliate.ts).
 */
export function readReferralCookie(c: Context, now = Date.now()): string | null {
  return parseReferralCookie(getCookie(c, REFERRAL_COOKIE), now);
}

/** Sets the first-touch cookie unless a live one is already there. Returns true when this visit set it. */
export function setReferralCookie(c: Context, code: string, now = Date.now()): boolean {
  if (readReferralCookie(c, now)) return false;
  setCookie(c, REFERRAL_COOKIE, `${code}.${now}`, {
    httpOnly: true,
    secure: true,
    sameSite: "Lax",
    path: "/",
    maxAge: REFERRAL_WINDOW_MS / 1000,
  });
  return true;
}
