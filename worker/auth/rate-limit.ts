// Sign-in abuse without lockout. Only FAILED password checks are counted (an attempt is taken before the check and
// given back when the password was right), so successful logins never use up anyone's budget, and:
//   - per client IP: 50 failed password checks per 15 minutes, then every attempt from that IP answers 429;
//   - per account AND IP: 10 failures per 15 minutes, then that IP answers 429 for that account only. An attacker
//     who knows an email exhausts their own budget on it, never the owner's: the owner, from any other address,
//     still signs in with the right password;
//   - a browser that signed in to the account before carries a signed device cookie (1 year); on it the right
//     password gets through even past both limits (the owner behind the attacker's shared NAT), with its own cap of
//     10 failures per 15 minutes so a stolen cookie is no guessing licence.
// Distributed guessing against one account is bounded by the per-IP budgets; Cloudflare WAF rate-limiting rules
// are the operator's next layer. Registrations: 20 per IP per hour.
//
// The client IP is CF-Connecting-IP and nothing else. Cloudflare sets that header on every request that reaches a
// Worker and overwrites any value the client sent, so it is trustworthy there; X-Forwarded-For and X-Real-IP are
// client-controlled and never read. IPv6 addresses are bucketed by their /64 (one subscriber's prefix). A request
// without the header, or from a loopback address (wrangler dev fills the header with 127.0.0.1), did not come
// through Cloudflare's edge: it is the local machine or a test harness calling the Worker directly, and gets no
// per-IP bucket rather than one shared bucket that any such caller could exhaust for all others. The per-account
// limits still apply to it.
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { keyedHash, matchesKeyedHash } from "../crypto/hmac";
import type { SessionUser } from "../db/users";
import { clearRateLimit, refundRateLimit, type RateLimitHit, takeRateLimit } from "../db/rate-limits";
import type { Db } from "../db/client";
import { DUMMY_PASSWORD, verifyPassword } from "./password";
import { AppError } from "../errors";

/** A route's Hono environment, whatever its variables: these checks read only its bindings, headers and cookies. */
type WithBindings = { Bindings: Env };

/** The window of the failure budgets below: 15 minutes. */
export const PASSWORD_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Failed password checks allowed per client IP in one window. */
export const PASSWORD_FAILURES_PER_IP = 50;
/** Failed password checks allowed per account from one client IP in one window. */
export const PASSWORD_FAILURES_PER_ACCOUNT_IP = 10;
/** Failed password checks allowed per trusted device cookie in one window. */
export const PASSWORD_FAILURES_PER_DEVICE = 10;
/** Account registrations allowed per client IP per hour. */
export const REGISTRATIONS_PER_IP = 20;
export const REGISTRATION_WINDOW_MS = 60 * 60 * 1000;

export const DEVICE_COOKIE = "may_device";
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
const DEVICE_PURPOSE = "device-cookie";

/** The client's IP as Cloudflare reports it (IPv6 cut to its /64), or null when the request bypassed Cloudflare. */
export function clientIp(c: Context): string | null {
  const raw = c.req.header("CF-Connecting-IP")?.trim();
  if (!raw || isLoopback(raw)) return null;
  if (!raw.includes(":")) return raw;
  return ipv6Prefix64(raw) ?? raw;
}

function isLoopback(ip: string): boolean {
  return /^127\./.test(ip) || ip === "::1" || /^::ffff:127\./i.test(ip);
}

function ipv6Prefix64(ip: string): string | null {
  const [head = "", tail] = ip.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail === undefined ? [] : tail ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return null;
  const groups = [...left, ...Array<string>(missing).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** Throws 429 rate_limited with Retry-After (seconds) for a refused attempt. */
export function tooMany(c: Context, resetAt: number, message = "Too many attempts. Please try again later."): never {
  const retryAfter = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
  c.header("Retry-After", String(retryAfter));
  throw new AppError("rate_limited", message, { retry_after: retryAfter });
}

// ---- the trusted-device cookie ------------------------------------------------------------------------------------

/** Marks this browser as one the user signed in from: "<userId>.<issuedAt ms>.<hmac>". */
export async function rememberDevice<E extends WithBindings>(c: Context<E>, userId: string) {
  const issued = String(Date.now());
  const mac = await keyedHash(c.env, DEVICE_PURPOSE, `${userId}.${issued}`);
  setCookie(c, DEVICE_COOKIE, `${userId}.${issued}.${mac}`, {
    httpOnly: true,
    secure: true,
    sameSite: "Lax",
    path: "/auth",
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}

/** The device cookie's id when it is valid and was issued to `userId`, else null. */
async function trustedDeviceId<E extends WithBindings>(c: Context<E>, userId: string): Promise<string | null> {
  const value = getCookie(c, DEVICE_COOKIE);
  const parts = value?.split(".");
  if (parts?.length !== 3) return null;
  const [owner, issued, mac] = parts as [string, string, string];
  if (owner !== userId || !/^\d{1,16}$/.test(issued)) return null;
  // Issued under the current app secret or, before a rotation, the previous one; the id stays the cookie's own MAC.
  return (await matchesKeyedHash(c.env, DEVICE_PURPOSE, `${owner}.${issued}`, mac)) ? mac.slice(0, 32) : null;
}

// ---- the password-check guard -------------------------------------------------------------------------------------

export interface PasswordAttempt {
  /** The password was right: give the attempt back to every budget it was taken from. */
  succeeded(): Promise<void>;
}

/**
 * Takes one attempt from the budgets that apply to a password check for `account` (a normalized email) from this
 * client, or throws 429. Call before verifying; call `succeeded()` when the password was right.
 */
export async function guardPasswordAttempt<E extends WithBindings>(
  c: Context<E>,
  { db, account, userId }: { db: Db; account: string; userId: string | null },
): Promise<PasswordAttempt> {
  const windowMs = PASSWORD_FAILURE_WINDOW_MS;
  const taken: string[] = [];
  const take = async (key: string, max: number): Promise<RateLimitHit> => {
    const hit = await takeRateLimit({ db, key, max, windowMs });
    taken.push(key);
    return hit;
  };
  const succeeded = async () => {
    await Promise.all(taken.map((key) => refundRateLimit({ db, key, windowMs })));
  };

  const device = userId ? await trustedDeviceId(c, userId) : null;
  if (device) {
    const hit = await take(`pwfail:device:${device}`, PASSWORD_FAILURES_PER_DEVICE);
    if (hit.ok) return { succeeded };
    // A trusted cookie past its own cap is treated like any other client from here on.
  }
  const ip = clientIp(c);
  const pair = await take(`pwfail:account-ip:${account}|${ip ?? "direct"}`, PASSWORD_FAILURES_PER_ACCOUNT_IP);
  const perIp = ip ? await take(`pwfail:ip:${ip}`, PASSWORD_FAILURES_PER_IP) : null;
  if (!pair.ok || (perIp && !perIp.ok)) {
    tooMany(
      c,
      Math.max(pair.ok ? 0 : pair.resetAt, perIp && !perIp.ok ? perIp.resetAt : 0),
      "Too many failed sign-in attempts. Please try again later.",
    );
  }
  return { succeeded };
}

/**
 * Checks `password` against the account with email `account` (`user` is its row, or undefined when none exists)
 * under the failure budgets above: true only for an existing account with a password that matches. A missing
 * account or a social-only one costs the same PBKDF2 run, so timing says nothing about which emails exist.
 */
export async function checkAccountPassword<E extends WithBindings>(
  c: Context<E>,
  { db, account, user, password }: { db: Db; account: string; user: SessionUser | undefined; password: string },
): Promise<boolean> {
  const attempt = await guardPasswordAttempt(c, { db, account, userId: user?.id ?? null });
  const stored =
    user?.passwordHash && user.passwordSalt && user.passwordIterations
      ? { hash: user.passwordHash, salt: user.passwordSalt, iterations: user.passwordIterations }
      : DUMMY_PASSWORD;
  const ok = (await verifyPassword(password, stored)) && stored !== DUMMY_PASSWORD && user !== undefined;
  if (ok) await attempt.succeeded();
  return ok;
}

/** After a password reset the account's per-IP failure record no longer matters to its owner. */
export async function forgetAccountFailures<E extends WithBindings>(
  c: Context<E>,
  { db, account }: { db: Db; account: string },
) {
  const ip = clientIp(c);
  await clearRateLimit({ db, key: `pwfail:account-ip:${account}|${ip ?? "direct"}` });
}

/** Takes one registration from this client's hourly budget, or throws 429. */
export async function guardRegistration<E extends WithBindings>(c: Context<E>, db: Db) {
  const ip = clientIp(c);
  if (!ip) return;
  const hit = await takeRateLimit({
    db,
    key: `register:ip:${ip}`,
    max: REGISTRATIONS_PER_IP,
    windowMs: REGISTRATION_WINDOW_MS,
  });
  if (!hit.ok) tooMany(c, hit.resetAt, "Too many accounts were created from this network. Please try again later.");
}
