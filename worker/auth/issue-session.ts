// Starting a session for a user (login, register, POST /user-sessions): the session row, the plan's device limit,
// the JWT and cookies, and the live force_logout push to the devices the new login replaced.
import type { Context } from "hono";
import { createSession } from "../db/sessions";
import type { AppEnv, SessionUser } from "../env";
import { userHub } from "../lib/user-hub";
import { ENTITLEMENTS, planOf } from "../plans/entitlements";
import { setCredentialCookies } from "./cookies";
import { newSessionToken, SESSION_TTL_MS, sha256Hex, signSessionJwt } from "./tokens";

export async function issueSession(c: Context<AppEnv>, user: SessionUser, userAgent?: string) {
  const sessionId = crypto.randomUUID();
  const sessionToken = newSessionToken();
  const expiresAt = Date.now() + SESSION_TTL_MS;
  const token = await signSessionJwt(c.env, user.id, sessionId, expiresAt);
  const { revokedIds } = await createSession({
    db: c.var.db,
    id: sessionId,
    userId: user.id,
    tokenHash: await sha256Hex(sessionToken),
    userAgent: (userAgent ?? c.req.header("User-Agent") ?? "").slice(0, 512),
    ip: c.req.header("CF-Connecting-IP") ?? null,
    expiresAt,
    limit: ENTITLEMENTS[planOf(user)].sessionLimit,
  });
  if (revokedIds.length > 0) {
    const hub = await userHub(c.env, user.id);
    await hub.endSessions(revokedIds, "replaced");
  }
  setCredentialCookies(c, token, sessionToken);
  return { token, sessionToken, sessionId, expiresAt };
}
