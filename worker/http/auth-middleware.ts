// Authentication for every protected route: a bearer JWT (Authorization, or the jwt_token/auth_token cookie), then its
// session checked on every call by the user's Durable Object, which holds the live sessions (one call to an object
// near the user, no D1 query), so a revoked or expired session fails at once. The object also names the user's chat
// shard, whose database the route gets as `chats` (worker/db/shards.ts). An X-Session-Token header (or
// session_token cookie), when present, must belong to the same session. Calls authenticated by cookie that change
// state must come from the app's own origin.
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { createDb } from "../db/client";
import { shardDb } from "../db/shards";
import type { AppEnv, AuthSession } from "./app-env";
import type { SessionUser } from "../db/users";
import { AppError } from "../errors";
import { type UserHubStub, userHub } from "../../durable-objects/user-hub-stub";
import { JWT_COOKIE, SESSION_COOKIE } from "../auth/cookies";
import { type SessionClaims, sha256Hex, verifySessionJwt } from "../auth/tokens";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const withDb: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("db", createDb(c.env.DB));
  await next();
};

export interface Credentials {
  jwt: string;
  sessionToken: string | undefined;
  via: AuthSession["via"];
}

export function readCredentials(c: Context): Credentials | null {
  const header = c.req.header("Authorization");
  const bearer = header?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
  const headerToken = c.req.header("X-Session-Token")?.trim() || undefined;
  if (bearer) return { jwt: bearer, sessionToken: headerToken, via: "header" };
  const cookieJwt = getCookie(c, JWT_COOKIE) || getCookie(c, "auth_token");
  if (cookieJwt) return { jwt: cookieJwt, sessionToken: headerToken ?? getCookie(c, SESSION_COOKIE), via: "cookie" };
  return null;
}

/** The JWT's claims and the session token's hash, or throws 401. Checks no session: see authenticate. */
export async function verifyCredentials(
  env: Env,
  creds: Credentials,
): Promise<{ claims: SessionClaims; tokenHash: string | null }> {
  const claims = await verifySessionJwt(env, creds.jwt);
  if (!claims) throw new AppError("invalid_token", "Invalid or expired token");
  return { claims, tokenHash: creds.sessionToken !== undefined ? await sha256Hex(creds.sessionToken) : null };
}

/** Resolves credentials to the active session and its user (asking the user's Durable Object), or throws 401. */
export async function authenticate(
  env: Env,
  creds: Credentials,
): Promise<{ user: SessionUser; session: AuthSession; hub: UserHubStub; shard: string }> {
  const { claims, tokenHash } = await verifyCredentials(env, creds);
  const hub = userHub(env, claims.sub);
  const result = await hub.authorize(claims.sid, tokenHash);
  if (!result.ok) throw new AppError(result.code, result.message);
  return {
    user: result.user,
    session: { id: claims.sid, userId: claims.sub, via: creds.via },
    hub,
    shard: result.shard,
  };
}

/** Refuses a state-changing call made with cookies from another origin (CSRF). */
export function assertSameOriginForCookies(c: Context, creds: Credentials) {
  if (creds.via === "cookie" && !SAFE_METHODS.has(c.req.method) && !sameOrigin(c)) {
    throw new AppError("csrf_rejected", "Cross-site request refused");
  }
}

function sameOrigin(c: Context): boolean {
  const origin = c.req.header("Origin");
  if (origin) return origin === new URL(c.req.url).origin;
  return c.req.header("Sec-Fetch-Site") === "same-origin";
}

export const requireAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const creds = readCredentials(c);
  if (!creds) throw new AppError("unauthorized", "No JWT token found");
  assertSameOriginForCookies(c, creds);
  const { user, session, hub, shard } = await authenticate(c.env, creds);
  c.set("user", user);
  c.set("session", session);
  c.set("hub", hub);
  c.set("chats", shardDb(c.env, shard));
  await next();
};

/** Existing clients' payloads carry a user_id; when one is sent it must be the signed-in user's (else 403). */
export function assertOwnUserId(claimed: string | null | undefined, userId: string) {
  if (claimed != null && claimed !== userId)
    throw new AppError("forbidden", "user_id does not match the signed-in user");
}
