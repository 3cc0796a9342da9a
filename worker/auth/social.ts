// Google and Facebook identities, verified server-side, and the short-lived linking token that binds a pending
// link to the identity that was verified.
//   Google: the ID token's RS256 signature against Google's JWKS (GOOGLE_JWKS_URL, default Google's certs), its
//   issuer (accounts.google.com or https://accounts.google.com), audience (GOOGLE_CLIENT_ID) and expiry, with jose.
//   Facebook: the access token through the Graph API (FACEBOOK_GRAPH_URL): debug_token with the app token says it is
//   valid and was issued to our app, then /me?fields=id,name,email (with appsecret_proof) gives the person.
// With no client id configured, each answers 400 provider_not_configured.
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, SignJWT } from "jose";
import * as v from "valibot";
import { appSecret, appSecrets, type AppSecretEnv, keyedHashWith } from "../crypto/hmac";
import { AppError } from "../errors";
import type { SocialProvider } from "../protocol/settings";

export interface SocialIdentity {
  provider: SocialProvider;
  providerId: string;
  /** Lowercased, and only when the provider vouches for it (Google: email_verified; Facebook: only confirmed). */
  email: string | null;
  name: string | null;
  picture: string | null;
}

const GOOGLE_JWKS_DEFAULT = "https://www.googleapis.com/oauth2/v3/certs";
const GOOGLE_ISSUERS = ["accounts.google.com", "https://accounts.google.com"];
const FACEBOOK_GRAPH_DEFAULT = "https://graph.facebook.com/v21.0";
/** How long a call to Google's keys or the Graph API may take, in milliseconds. */
const PROVIDER_TIMEOUT_MS = 8_000;

// ---- Google -------------------------------------------------------------------------------------------------------

/** One JWKS cache per URL for the isolate's life: jose refetches on an unknown kid (at most every 30 s) and after 10 min. */
const jwksByUrl = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function googleJwks(url: string) {
  let set = jwksByUrl.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: PROVIDER_TIMEOUT_MS });
    jwksByUrl.set(url, set);
  }
  return set;
}

const GoogleClaimsSchema = v.looseObject({
  sub: v.pipe(v.string(), v.nonEmpty(), v.maxLength(255)),
  email: v.optional(v.pipe(v.string(), v.email())),
  email_verified: v.optional(v.union([v.boolean(), v.picklist(["true", "false"])])),
  name: v.optional(v.string()),
  picture: v.optional(v.string()),
});

/** Errors that mean "this token is not good"; anything else (network, JWKS fetch) is the provider being unavailable. */
function isTokenRejection(err: unknown): boolean {
  return (
    err instanceof joseErrors.JWTExpired ||
    err instanceof joseErrors.JWTClaimValidationFailed ||
    err instanceof joseErrors.JWSSignatureVerificationFailed ||
    err instanceof joseErrors.JWKSNoMatchingKey ||
    err instanceof joseErrors.JWSInvalid ||
    err instanceof joseErrors.JWTInvalid ||
    err instanceof joseErrors.JOSEAlgNotAllowed ||
    err instanceof joseErrors.JWKSMultipleMatchingKeys
  );
}

export async function verifyGoogleIdToken(
  env: Pick<Env, "GOOGLE_CLIENT_ID" | "GOOGLE_JWKS_URL">,
  token: string,
): Promise<SocialIdentity> {
  if (!env.GOOGLE_CLIENT_ID)
    throw new AppError("provider_not_configured", "Sign-in with Google is not set up on this server");
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token, googleJwks(env.GOOGLE_JWKS_URL || GOOGLE_JWKS_DEFAULT), {
      issuer: GOOGLE_ISSUERS,
      audience: env.GOOGLE_CLIENT_ID,
      algorithms: ["RS256"],
      requiredClaims: ["exp", "sub"],
    }));
  } catch (err) {
    if (isTokenRejection(err))
      throw new AppError("invalid_social_token", "Google sign-in failed: the token is not valid");
    console.error("google jwks unavailable", err);
    throw new AppError("provider_unavailable", "Google could not be reached. Please try again.");
  }
  const claims = v.safeParse(GoogleClaimsSchema, payload);
  if (!claims.success)
    throw new AppError("invalid_social_token", "Google sign-in failed: the token is missing its subject");
  const c = claims.output;
  const verified = c.email_verified === true || c.email_verified === "true";
  return {
    provider: "google",
    providerId: c.sub,
    email: c.email && verified ? c.email.toLowerCase() : null,
    name: c.name ?? null,
    picture: c.picture && /^https:\/\//.test(c.picture) ? c.picture : null,
  };
}

// ---- Facebook -----------------------------------------------------------------------------------------------------

const DebugTokenSchema = v.object({
  data: v.looseObject({
    is_valid: v.boolean(),
    app_id: v.optional(v.string()),
    user_id: v.optional(v.string()),
  }),
});
const FacebookMeSchema = v.looseObject({
  id: v.pipe(v.string(), v.nonEmpty(), v.maxLength(255)),
  name: v.optional(v.string()),
  email: v.optional(v.pipe(v.string(), v.email())),
});

async function graphGet(url: URL): Promise<{ status: number; body: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, {
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      headers: { Accept: "application/json" },
    });
  } catch (err) {
    console.error("facebook graph unreachable", err);
    throw new AppError("provider_unavailable", "Facebook could not be reached. Please try again.");
  }
  if (res.status >= 500) throw new AppError("provider_unavailable", "Facebook could not be reached. Please try again.");
  return { status: res.status, body: await res.json().catch(() => null) };
}

async function hmacSha256Hex(key: string, message: string): Promise<string> {
  const k = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(key),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const sig = await crypto.subtle.sign("HMAC", k, new TextEncoder().encode(message));
  return Array.from(new Uint8Array(sig), (b) => b.toString(16).padStart(2, "0")).join("");
}

export async function verifyFacebookToken(
  env: Pick<Env, "FACEBOOK_APP_ID" | "FACEBOOK_APP_SECRET" | "FACEBOOK_GRAPH_URL">,
  accessToken: string,
): Promise<SocialIdentity> {
  if (!env.FACEBOOK_APP_ID || !env.FACEBOOK_APP_SECRET) {
    throw new AppError("provider_not_configured", "Sign-in with Facebook is not set up on this server");
  }
  const base = (env.FACEBOOK_GRAPH_URL || FACEBOOK_GRAPH_DEFAULT).replace(/\/+$/, "");
  const rejected = () => new AppError("invalid_social_token", "Facebook sign-in failed: the token is not valid");

  const debugUrl = new URL(`${base}/debug_token`);
  debugUrl.searchParams.set("input_token", accessToken);
  debugUrl.searchParams.set("access_token", `${env.FACEBOOK_APP_ID}|${env.FACEBOOK_APP_SECRET}`);
  const debug = await graphGet(debugUrl);
  const inspected = v.safeParse(DebugTokenSchema, debug.body);
  if (debug.status !== 200 || !inspected.success) {
    if (debug.status === 200) throw rejected();
    console.error("facebook debug_token refused the app token", debug.status);
    throw new AppError("provider_not_configured", "Sign-in with Facebook is not set up correctly on this server");
  }
  const info = inspected.output.data;
  // A token made for another app must not sign anyone in here (the classic token-substitution attack).
  if (!info.is_valid || info.app_id !== env.FACEBOOK_APP_ID || !info.user_id) throw rejected();

  const meUrl = new URL(`${base}/me`);
  meUrl.searchParams.set("fields", "id,name,email");
  meUrl.searchParams.set("access_token", accessToken);
  meUrl.searchParams.set("appsecret_proof", await hmacSha256Hex(env.FACEBOOK_APP_SECRET, accessToken));
  const me = await graphGet(meUrl);
  const person = v.safeParse(FacebookMeSchema, me.body);
  if (me.status !== 200 || !person.success || person.output.id !== info.user_id) throw rejected();
  return {
    provider: "facebook",
    providerId: person.output.id,
    email: person.output.email?.toLowerCase() ?? null,
    name: person.output.name ?? null,
    picture: null,
  };
}

// ---- the linking token --------------------------------------------------------------------------------------------

/** A pending link must be completed within 10 minutes of the social sign-in. */
export const LINKING_TOKEN_TTL_S = 10 * 60;
const LINK_AUDIENCE = "may:link-account";

/** The linking token's key, derived from an app secret for this purpose only. */
async function linkingKey(secret: string): Promise<Uint8Array> {
  const hex = await keyedHashWith(secret, "social-linking-token", "signing-key");
  return Uint8Array.from(hex.match(/../g)!.map((h) => parseInt(h, 16)));
}

/**
 * Signs the verified identity a pending link is for (HS256 under a key derived for this purpose only, from the current
 * app secret; a token signed before a rotation still reads under the previous one).
 */
export async function signLinkingToken(
  env: AppSecretEnv,
  identity: SocialIdentity & { email: string },
): Promise<string> {
  return new SignJWT({ provider: identity.provider, email: identity.email, name: identity.name })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(identity.providerId)
    .setAudience(LINK_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${LINKING_TOKEN_TTL_S}s`)
    .sign(await linkingKey(appSecret(env)));
}

const LinkClaimsSchema = v.object({
  sub: v.string(),
  provider: v.picklist(["google", "facebook"]),
  email: v.string(),
  name: v.optional(v.nullable(v.string())),
});

/** The identity a linking token was issued for, or 400 when it is forged, expired or for something else. */
export async function readLinkingToken(env: AppSecretEnv, token: string): Promise<SocialIdentity & { email: string }> {
  for (const secret of appSecrets(env)) {
    try {
      const { payload } = await jwtVerify(token, await linkingKey(secret), {
        audience: LINK_AUDIENCE,
        algorithms: ["HS256"],
      });
      const claims = v.parse(LinkClaimsSchema, payload);
      return {
        provider: claims.provider,
        providerId: claims.sub,
        email: claims.email,
        name: claims.name ?? null,
        picture: null,
      };
    } catch {
      // forged, expired, for something else, or signed under the other secret: try the next one
    }
  }
  throw new AppError("invalid_social_token", "The account link has expired. Please sign in with the provider again.");
}
