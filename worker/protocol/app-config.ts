// GET /api/config: the operator's settings the SPA shows to everyone (no sign-in needed), declared once for the
// worker and the SPA. Only what is meant to be public goes here — never a secret.
import * as v from "valibot";
import { successEnvelope } from "./envelopes";

export const AppConfigSchema = v.object({
  /** Where users write for help (the FAQ's contact link): SUPPORT_EMAIL, or null when it is not set up. */
  support_email: v.nullable(v.string()),
  /**
   * Cloudflare Turnstile's site key when the operator turned it on, else null: the sign-up and forgot-password forms
   * then render the widget and send its token as `turnstile_token` (worker/auth/turnstile.ts). Absent from an older
   * worker's answer: read as null.
   */
  turnstile_site_key: v.optional(v.nullable(v.string()), null),
});
export type AppConfig = v.InferOutput<typeof AppConfigSchema>;

export const AppConfigBodySchema = successEnvelope(AppConfigSchema);
export type AppConfigBody = v.InferInput<typeof AppConfigBodySchema>;
