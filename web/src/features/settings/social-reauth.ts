// Asking Google or Facebook again who the user is, while signed in: linking another sign-in (linked-accounts-section)
// and deleting an account that has no password (account-data/delete-account-dialog) both need a fresh credential of
// the provider. Its script loads on the click (auth/social-sign-in.ts), never with Settings.
import type { SocialConfig } from "../../../../worker/protocol/resources";
import type { SocialProvider } from "../../../../worker/protocol/settings";

export const PROVIDER_NAMES = { google: "Google", facebook: "Facebook" } as const satisfies Record<
  SocialProvider,
  string
>;

/** The provider's client id (Google) or app id (Facebook) on this server; none when it is not set up. */
export const providerIdOf = (provider: SocialProvider, config: SocialConfig | undefined) =>
  (provider === "google" ? config?.google_client_id : config?.facebook_app_id) ?? null;

/** Why no credential came: the script never loaded, the user closed the prompt, or the provider refused. */
export type ReauthFailure = "sdk_missing" | "cancelled" | "failed";

export async function reauthenticate(
  provider: SocialProvider,
  id: string,
): Promise<{ credential: string } | { failure: ReauthFailure }> {
  try {
    const { providerCredential } = await import("../auth/social-sign-in");
    return { credential: await providerCredential(provider, id) };
  } catch (err) {
    const kind = err instanceof Error && err.name === "SocialSdkError" ? err.message : "failed";
    return { failure: kind === "sdk_missing" || kind === "cancelled" ? kind : "failed" };
  }
}
