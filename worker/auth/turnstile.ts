// Cloudflare Turnstile on the two forms a bot can use against anyone: sign-up (accounts by the thousand) and asking
// for a password reset (mail sent to any address). On only when the operator configured both keys: the SPA gets the
// public site key from GET /api/config (routes/app-config.ts), renders the widget and sends its token as the body's
// `turnstile_token`; the worker checks the token with Turnstile's siteverify endpoint before doing anything else.
// Unconfigured (a fresh checkout, `npm start`, the tests unless they set the keys) the forms work as before.
//
// Fail closed: a missing, invalid, expired or reused token is 403 captcha_failed; when the check itself cannot be made
// (siteverify unreachable, slow past TURNSTILE_TIMEOUT_MS, answering 5xx or no JSON, or refusing our secret) the form
// is refused with 503 captcha_unavailable rather than let through, since an outage an attacker can cause must not
// turn the protection off. The secret problems are also logged for the operator.
import type { Context } from "hono";
import * as v from "valibot";
import { AppError } from "../errors";

/** Turnstile's verification endpoint (TURNSTILE_VERIFY_URL overrides it: tests, proxies). */
export const TURNSTILE_VERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";
/** How long a verification may take before the form is refused as unavailable: 5 seconds. */
export const TURNSTILE_TIMEOUT_MS = 5_000;
/** Turnstile's tokens are at most 2048 characters. */
export const TURNSTILE_TOKEN_MAX = 2048;

type TurnstileEnv = Pick<Env, "TURNSTILE_SITE_KEY" | "TURNSTILE_SECRET_KEY" | "TURNSTILE_VERIFY_URL">;

/** siteverify's answer (https://developers.cloudflare.com/turnstile/get-started/server-side-validation/). */
const SiteverifySchema = v.object({
  success: v.boolean(),
  "error-codes": v.optional(v.array(v.string()), []),
  hostname: v.optional(v.string()),
  action: v.optional(v.string()),
});

/** Error codes that mean our side is wrong (the secret), not the visitor: the operator must act. */
const SECRET_ERRORS = new Set(["missing-input-secret", "invalid-input-secret"]);

/** Both keys, trimmed, when Turnstile is on; null when it is off. */
function turnstileKeys(env: TurnstileEnv): { siteKey: string; secret: string } | null {
  const siteKey = env.TURNSTILE_SITE_KEY?.trim();
  const secret = env.TURNSTILE_SECRET_KEY?.trim();
  return siteKey && secret ? { siteKey, secret } : null;
}

/** The site key the SPA renders the widget with, or null when Turnstile is off. */
export function turnstileSiteKey(env: TurnstileEnv): string | null {
  return turnstileKeys(env)?.siteKey ?? null;
}

function unavailable(reason: string, detail?: unknown): never {
  console.error(JSON.stringify({ event: "turnstile_unavailable", reason, detail: detail ?? null }));
  throw new AppError("captcha_unavailable", "The human check could not be made. Please try again in a moment.");
}

function failed(): never {
  throw new AppError("captcha_failed", "Please complete the human check and try again.", { field: "turnstile_token" });
}

/**
 * Passes when Turnstile is off, or `token` is one siteverify accepts for this visitor; throws 403 captcha_failed or
 * 503 captcha_unavailable otherwise. Call it first in the route, after the body's schema.
 */
export async function requireHuman<E extends { Bindings: Env }>(
  c: Context<E>,
  token: string | undefined,
): Promise<void> {
  const keys = turnstileKeys(c.env);
  if (!keys) return;
  if (!token) failed();
  const form = new URLSearchParams({ secret: keys.secret, response: token });
  // The visitor's address as Cloudflare reports it (never a header the client sets); a local call has none.
  const ip = c.req.header("CF-Connecting-IP")?.trim();
  if (ip) form.set("remoteip", ip);
  let res: Response;
  try {
    res = await fetch(c.env.TURNSTILE_VERIFY_URL?.trim() || TURNSTILE_VERIFY_URL, {
      method: "POST",
      body: form,
      signal: AbortSignal.timeout(TURNSTILE_TIMEOUT_MS),
    });
  } catch (err) {
    unavailable("unreachable", String(err));
  }
  if (!res.ok) unavailable("status", res.status);
  const parsed = v.safeParse(SiteverifySchema, await res.json().catch(() => null));
  if (!parsed.success) unavailable("malformed_answer");
  const answer = parsed.output;
  if (answer.success) return;
  const codes = answer["error-codes"];
  if (codes.some((code) => SECRET_ERRORS.has(code))) unavailable("secret_refused", codes);
  if (codes.includes("internal-error")) unavailable("internal_error", codes);
  failed();
}
