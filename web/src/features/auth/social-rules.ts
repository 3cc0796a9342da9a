// The Google and Facebook buttons' rules, shared by the SPA's buttons (social-buttons.tsx, social-sign-in.ts) and the
// pre-rendered pages' script (prerendered/guest-social.ts): which providers there are and where the worker's social
// config names their ids, what a sign-in sends, and what a failed one says: nothing when the user backed out; "the SDK
// has not loaded" when the provider's script never came; the server's reason when it gives one (rate limit, provider
// unreachable...); otherwise "sign-in (or sign-up) with X failed", a refused token included, and any failure the
// server does not explain.
import type { FacebookSignIn, GoogleSignIn } from "../../../../worker/protocol/account-requests";
import type { SocialProvider } from "../../../../worker/protocol/settings";

/** Each provider, its name and the social-config field that holds its client (or app) id. */
export const PROVIDERS = [
  ["google", "Google", "google_client_id"],
  ["facebook", "Facebook", "facebook_app_id"],
] as const;

const PROVIDER_NAMES: Record<SocialProvider, string> = { google: "Google", facebook: "Facebook" };

/** A text of the auth namespace with its options, or the API error text for a code (errors namespace). */
export type SocialFailure = { key: string; options?: Record<string, string> } | { code: string };

export function socialFailure(
  err: unknown,
  provider: SocialProvider,
  mode: "login" | "register",
): SocialFailure | null {
  const kind = err instanceof Error && err.name === "SocialSdkError" ? err.message : null;
  if (kind === "cancelled") return null;
  if (kind === "sdk_missing") return { key: "social.sdkMissing", options: { provider: PROVIDER_NAMES[provider] } };
  const code = err instanceof Error ? (err as Error & { code?: unknown }).code : undefined;
  if (typeof code === "string" && code !== "internal_error" && code !== "invalid_social_token") return { code };
  if (provider === "google")
    return { key: mode === "login" ? "social.googleLoginFailed" : "social.googleSignupFailed" };
  return { key: "social.facebookFailed" };
}

/** POST /auth/google's or /auth/facebook's body: the provider's credential and the browser's user agent. */
export const socialSignInBody = (provider: SocialProvider, credential: string): GoogleSignIn | FacebookSignIn => ({
  ...(provider === "google" ? { token: credential } : { accessToken: credential }),
  user_agent: navigator.userAgent.slice(0, 500),
});
