// A Google or Facebook sign-in from a pre-rendered page, loaded on the button's click (its own chunk): the provider's
// credential (social-sdk.ts, the SPA's), POST /auth/google or /auth/facebook as the SPA sends it (social-rules.ts),
// then the session stored and the app opened, or — the email has a password account — the SPA's /link-account page
// with the pending link in its history entry, where the SPA's router reads a navigation's state.
import { SocialSignInBodySchema } from "../../../../../worker/protocol/accounts";
import type { SocialProvider } from "../../../../../worker/protocol/settings";
import { storeSession } from "../every-page/session";
import type { LinkAccountState } from "../link-state";
import { takeReturnPath } from "../return-path";
import { socialSignInBody } from "../social-rules";
import { providerCredential } from "../social-sdk";
import { callBody } from "./guest-api";

export async function signInWith(provider: SocialProvider, id: string): Promise<void> {
  const credential = await providerCredential(provider, id);
  const body = await callBody(`/auth/${provider}`, SocialSignInBodySchema, socialSignInBody(provider, credential));
  if (body.status === "success") {
    storeSession(body.data);
    location.assign(takeReturnPath() ?? "/");
    return;
  }
  const { email, providerId, linkingToken } = body.data;
  const linkAccount: LinkAccountState = { email, providerId, provider: body.data.provider, linkingToken };
  // A new history entry for /link-account with the state the SPA's navigate({ state }) would give it (with the keys
  // its router's history adds), then a load of it: the SPA starts there and finds the pending link.
  const key = Math.random().toString(36).slice(2, 10);
  history.pushState({ linkAccount, key, __TSR_key: key, __TSR_index: 0 }, "", "/link-account");
  location.reload();
}
