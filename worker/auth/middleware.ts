// Authentication for every protected route: a bearer JWT (Authorization, or the jwt_token/auth_token cookie), checked
// against its session row on every call, so a revoked or expired session fails at once. An X-Session-Token header
// (or session_token cookie), when present, must belong to the same session. Calls authenticated by cookie that
// change state must come from the app's own origin.
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { createDb } from "../db/client";
import { getActiveSession } from "../db/sessions";
import type { AppEnv, AuthSession, SessionUser } from "../env";
import { AppError } from "../errors";
import { JWT_COOKIE, SESSION_COOKIE } from "./cookies";
import { sha256Hex, verifySessionJwt } from "./tokens";

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

/** Resolves credentials to the active session and its user, or throws 401. */
export async function authenticate(
  env: Env,
  db: AppEnv["Variables"]["db"],
  creds: Credentials,
): Promise<{ user: SessionUser; session: AuthSession }> {
  const claims = await verifySessionJwt(env, creds.jwt);
  if (!claims) throw new AppError("invalid_token", "Invalid or expired token");
  const row = await getActiveSession({ db, id: claims.sid, userId: claims.sub });
  if (!row) throw new AppError("session_expired", "Your login session has ended. Please log in again.");
  if (creds.sessionToken !== undefined && (await sha256Hex(creds.sessionToken)) !== row.session.tokenHash) {
    throw new AppError("invalid_token", "Session token does not match");
  }
  return { user: row.user, session: { id: row.session.id, userId: row.user.id, via: creds.via } };
}

function sameOrigin(c: Context): boolean {
  const origin = c.req.header("Origin");
  if (origin) return origin === new URL(c.req.url).origin;
  return c.req.header("Sec-Fetch-Site") === "same-origin";
}

export const requireAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const creds = readCredentials(c);
  if (!creds) throw new AppError("unauthorized", "No JWT token found");
  if (creds.via === "cookie" && !SAFE_METHODS.has(c.req.method) && !sameOrigin(c)) {
    throw new AppError("csrf_rejected", "Cross-site request refused");
  }
  const { user, session } = await authenticate(c.env, c.var.db, creds);
  c.set("user", user);
  c.set("session", session);
  await next();
};

/** The spec's payloads carry a user_id; when one is sent it must be the signed-in user's (else 403). */
export function assertOwnUserId(claimed: string | null | undefined, userId: string) {
  if (claimed != null && claimed !== userId) throw new AppError("forbidden", "user_id does not match the signed-in user");
}
