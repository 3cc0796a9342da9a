// Signing in with Google or Facebook once the provider has given a credential: POST /auth/google {token} or
// /auth/facebook {accessToken}. Either a session starts, or (a verified email of an account that has a password)
// the answer is pending with requiresLinking and the SPA continues at /link-account. Loaded on click only.
import { SocialSignInBodySchema } from "../../../../worker/protocol/accounts";
import type { SocialProvider } from "../../../../worker/protocol/settings";
import { apiBody } from "../../lib/api";
import { storeSession } from "./every-page/session";
import { providerCredential } from "./social-sdk";
import { socialSignInBody } from "./social-rules";

export { SocialSdkError, providerCredential } from "./social-sdk";

export async function socialSignIn(provider: SocialProvider, id: string) {
  const credential = await providerCredential(provider, id);
  const body = await apiBody(`/auth/${provider}`, SocialSignInBodySchema, {
    method: "POST",
    body: socialSignInBody(provider, credential),
    on401: "throw", // a refused token is an answer, not a lost session
  });
  if (body.status === "success") storeSession(body.data);
  return body;
}
