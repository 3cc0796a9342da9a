// Starting a session for a user (login, register, POST /user-sessions): the session row, the plan's device limit,
// the JWT and cookies, and the live force_logout push to the devices the new login replaced.
import type { Context } from "hono";
import type { AppEnv } from "./app-env";
import type { SessionUser } from "../db/users";
import { userHub } from "../../durable-objects/user-hub-stub";
import { AppError, BLOCKED_MESSAGE } from "../errors";
import { setCredentialCookies } from "../auth/cookies";
import { newSessionToken, SESSION_TTL_MS, signSessionJwt } from "../auth/tokens";

export async function issueSession(c: Context<AppEnv>, user: SessionUser, userAgent?: string) {
  // Every sign-in path (password, Google, Facebook, a new device's session) comes here: a blocked account gets none.
  if (user.blockedAt != null) throw new AppError("account_blocked", BLOCKED_MESSAGE);
  const sessionId = crypto.randomUUID();
  const sessionToken = newSessionToken();
  const expiresAt = Date.now() + SESSION_TTL_MS;
  const token = await signSessionJwt(c.env, user.id, sessionId, expiresAt);
  // The user's Durable Object owns the live sessions: it adds this one, ends the oldest past the plan's limit
  // (pushing force_logout to them) and writes both through to D1.
  const now = Date.now();
  const hub = userHub(c.env, user.id);
  await hub.startSession(user, {
    id: sessionId,
    token: sessionToken,
    userAgent: (userAgent ?? c.req.header("User-Agent") ?? "").slice(0, 512),
    ip: c.req.header("CF-Connecting-IP") ?? null,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  setCredentialCookies(c, token, sessionToken);
  return { token, sessionToken, sessionId, expiresAt };
}
