// OAuth 2 authorization-code flow with PKCE (S256) for the connected apps, through arctic's generic OAuth2Client:
// start (authorization URL + single-use state), finish (code exchange, tokens sealed at rest), a valid access
// token for the rest of the worker (refreshed when expired), and best-effort revocation on disconnect.
import {
  ArcticFetchError,
  CodeChallengeMethod,
  generateCodeVerifier,
  generateState,
  OAuth2Client,
  OAuth2RequestError,
  type OAuth2Tokens,
} from "arctic";
import { deleteConnectedApp, readAppTokens, saveAppTokens, saveOAuthState, takeOAuthState } from "../db/accounts-apps";
import type { Db } from "../db/client";
import { AppError } from "../errors";
import type { ConnectedAppId } from "../protocol/settings";
import { CONNECTED_APP_SPECS, oauthClient, oauthEndpoints } from "./apps";

/** The one redirect URI an operator registers with each provider. */
export const OAUTH_CALLBACK_PATH = "/auth/connected-apps/callback";
/** An access token is refreshed when it has less than this left: 60 s. */
const REFRESH_MARGIN_MS = 60_000;

type OAuthEnv = Env;

function clientFor(env: OAuthEnv, app: ConnectedAppId, origin: string | null) {
  const spec = CONNECTED_APP_SPECS[app];
  const creds = oauthClient(env, spec.server);
  if (!creds) throw new AppError("provider_not_configured", `Connecting ${spec.name} is not set up on this server`);
  return {
    spec,
    endpoints: oauthEndpoints(env, spec.server),
    client: new OAuth2Client(creds.clientId, creds.clientSecret, origin ? `${origin}${OAUTH_CALLBACK_PATH}` : null),
  };
}

export async function startConnection({
  env,
  db,
  userId,
  app,
  origin,
}: {
  env: OAuthEnv;
  db: Db;
  userId: string;
  app: ConnectedAppId;
  origin: string;
}) {
  const { spec, endpoints, client } = clientFor(env, app, origin);
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  await saveOAuthState({ db, state, userId, app, codeVerifier });
  const url = client.createAuthorizationURLWithPKCE(
    endpoints.authorize,
    state,
    CodeChallengeMethod.S256,
    codeVerifier,
    spec.scopes,
  );
  for (const [k, val] of Object.entries(spec.authorizeParams ?? {})) url.searchParams.set(k, val);
  return url.toString();
}

function tokenFields(tokens: OAuth2Tokens) {
  let expiresAt: number | null = null;
  try {
    expiresAt = tokens.accessTokenExpiresAt().getTime();
  } catch {
    expiresAt = null; // the server gave no expires_in
  }
  return {
    accessToken: tokens.accessToken(),
    refreshToken: tokens.hasRefreshToken() ? tokens.refreshToken() : null,
    expiresAt,
    scope: tokens.hasScopes() ? tokens.scopes().join(" ") : null,
  };
}

function providerError(err: unknown, name: string): AppError {
  if (err instanceof OAuth2RequestError)
    return new AppError("invalid_social_token", `${name} refused the connection (${err.code})`);
  if (err instanceof ArcticFetchError)
    return new AppError("provider_unavailable", `${name} could not be reached. Please try again.`);
  console.error("oauth token exchange failed", err);
  return new AppError("provider_unavailable", `${name} answered in an unexpected way. Please try again.`);
}

/** Completes a connection: the state must be this user's and unexpired; the code is exchanged with its verifier. */
export async function finishConnection({
  env,
  db,
  userId,
  state,
  code,
  origin,
}: {
  env: OAuthEnv;
  db: Db;
  userId: string;
  state: string;
  code: string;
  origin: string;
}) {
  const row = await takeOAuthState({ db, state, userId });
  if (!row) throw new AppError("verification_expired", "This connection attempt has expired. Please start again.");
  const app = row.app as ConnectedAppId;
  const { spec, endpoints, client } = clientFor(env, app, origin);
  let tokens: OAuth2Tokens;
  try {
    tokens = await client.validateAuthorizationCode(endpoints.token, code, row.codeVerifier);
  } catch (err) {
    throw providerError(err, spec.name);
  }
  await saveAppTokens({ db, env, userId, app, ...tokenFields(tokens) });
  return app;
}

/**
 * A usable access token for the user's connected app (refreshed and re-sealed when it is about to expire), or null
 * when the app is not connected or can no longer be refreshed. For the features that read the drive, mail or calendar.
 */
export async function getConnectedAppToken({
  env,
  db,
  userId,
  app,
}: {
  env: OAuthEnv;
  db: Db;
  userId: string;
  app: ConnectedAppId;
}): Promise<string | null> {
  const stored = await readAppTokens({ db, env, userId, app });
  if (!stored) return null;
  if (stored.expiresAt === null || stored.expiresAt - REFRESH_MARGIN_MS > Date.now()) return stored.accessToken;
  if (!stored.refreshToken) return null;
  const { spec, endpoints, client } = clientFor(env, app, null);
  let tokens: OAuth2Tokens;
  try {
    tokens = await client.refreshAccessToken(endpoints.token, stored.refreshToken, []);
  } catch (err) {
    if (err instanceof OAuth2RequestError) return null; // revoked at the provider: the user must connect again
    throw providerError(err, spec.name);
  }
  const fields = tokenFields(tokens);
  await saveAppTokens({ db, env, userId, app, ...fields });
  return fields.accessToken;
}

/** Disconnects: revokes the token at the provider when it supports revocation (best effort), then forgets it. */
export async function disconnectApp({
  env,
  db,
  userId,
  app,
}: {
  env: OAuthEnv;
  db: Db;
  userId: string;
  app: ConnectedAppId;
}) {
  const stored = await readAppTokens({ db, env, userId, app });
  const deleted = await deleteConnectedApp({ db, userId, app });
  const spec = CONNECTED_APP_SPECS[app];
  const endpoints = oauthEndpoints(env, spec.server);
  const creds = oauthClient(env, spec.server);
  if (stored && endpoints.revoke && creds) {
    const client = new OAuth2Client(creds.clientId, creds.clientSecret, null);
    await client
      .revokeToken(endpoints.revoke, stored.refreshToken ?? stored.accessToken)
      .catch((err) => console.error("token revocation failed", err));
  }
  return deleted;
}
