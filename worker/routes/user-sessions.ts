// /user-sessions: start another session for a signed-in client, validate a token, list the active devices
// (Settings > Security) and end one, by its session token, its id, or `current` (the caller's own session: how the
// browser logs out, since it keeps no token it could name). Ending a session closes its sockets at once.
import { Hono } from "hono";
import * as v from "valibot";
import { clearCredentialCookies } from "../auth/cookies";
import { issueSession } from "../http/issue-session";
import { assertOwnUserId, authenticate, requireAuth } from "../http/auth-middleware";
import { sha256Hex } from "../auth/tokens";
import { publicUser } from "../db/users";
import type { AppEnv } from "../http/app-env";
import { AppError } from "../errors";
import { isoOrNull } from "../lib/time";
import { valid } from "../lib/validate";
import type { SessionEntry } from "../protocol/resources";

const CreateSchema = v.object({
  user_id: v.optional(v.string()),
  user_agent: v.optional(v.pipe(v.string(), v.maxLength(512))),
  session_token: v.optional(v.string()),
});
const ValidateSchema = v.object({ jwt_token: v.pipe(v.string("Token is required"), v.nonEmpty("Token is required")) });
const SESSION_TOKEN_RE = /^[0-9a-f]{64}$/;
/** `DELETE /user-sessions/current` ends the session the call is made with. */
const CURRENT_SESSION_KEY = "current";

export const userSessionRoutes = new Hono<AppEnv>()
  .post("/validate-token", valid("json", ValidateSchema), async (c) => {
    const { jwt_token } = c.req.valid("json");
    const { user, session } = await authenticate(c.env, { jwt: jwt_token, sessionToken: undefined, via: "header" });
    return c.json({ status: "success", data: { valid: true, user: publicUser(user), session_id: session.id } }, 200);
  })
  .use(requireAuth)
  .post("/", valid("json", CreateSchema), async (c) => {
    const body = c.req.valid("json");
    assertOwnUserId(body.user_id, c.var.user.id);
    const s = await issueSession(c, c.var.user, body.user_agent);
    return c.json(
      {
        status: "success",
        data: { jwt_token: s.token, token: s.token, session_token: s.sessionToken, session_id: s.sessionId },
      },
      201,
    );
  })
  .get("/", async (c) => {
    const rows = await c.var.hub.listSessions();
    const data = rows.map(
      (s): SessionEntry => ({
        id: s.id,
        user_agent: s.userAgent,
        created_at: isoOrNull(s.createdAt),
        last_seen_at: isoOrNull(s.lastSeenAt),
        current: s.id === c.var.session.id,
      }),
    );
    return c.json({ status: "success", data }, 200);
  })
  .delete("/:key", async (c) => {
    const key = c.req.param("key");
    const hub = c.var.hub;
    // By its session token (a token client's logout), by its id (Settings > Security), or `current` (the browser's
    // logout: its credentials are HttpOnly cookies, so it names the session it is calling from).
    const tokenHash = SESSION_TOKEN_RE.test(key) ? await sha256Hex(key) : null;
    const id = key === CURRENT_SESSION_KEY ? c.var.session.id : key;
    const target = (await hub.listSessions()).find((s) => (tokenHash ? s.tokenHash === tokenHash : s.id === id));
    if (!target) throw new AppError("not_found", "Session not found");
    const current = target.id === c.var.session.id;
    const [ended] = await hub.endSessionsById([target.id], current ? "logout" : "revoked");
    if (!ended) throw new AppError("not_found", "Session not found");
    if (current) clearCredentialCookies(c);
    return c.json({ status: "success", data: { id: ended, current } }, 200);
  });
