// GET /api/config (public): the operator's configuration the SPA shows to everyone, such as the support address of
// the FAQ's contact link (SUPPORT_EMAIL in wrangler.toml [vars]). An address that is not set up, or is not an email
// address, is null: the SPA then shows no contact link rather than a broken one. Also the Turnstile site key the
// sign-up and reset forms render their widget with, null when Turnstile is off (worker/auth/turnstile.ts).
import { Hono } from "hono";
import * as v from "valibot";
import { turnstileSiteKey } from "../auth/turnstile";
import type { AppEnv } from "../http/app-env";
import type { AppConfig, AppConfigBody } from "../protocol/app-config";

const EmailSchema = v.pipe(v.string(), v.trim(), v.email());

export function publicConfig(
  env: Pick<Env, "SUPPORT_EMAIL" | "TURNSTILE_SITE_KEY" | "TURNSTILE_SECRET_KEY" | "TURNSTILE_VERIFY_URL">,
): AppConfig {
  const email = v.safeParse(EmailSchema, env.SUPPORT_EMAIL ?? "");
  return { support_email: email.success ? email.output : null, turnstile_site_key: turnstileSiteKey(env) };
}

export const appConfigRoutes = new Hono<AppEnv>().get("/", (c) =>
  c.json({ status: "success", data: publicConfig(c.env) } satisfies AppConfigBody, 200),
);
