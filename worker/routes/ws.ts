// GET /ws: the socket. The upgrade is authenticated here (same-origin cookie, bearer header, or ?token= for clients
// that cannot set either) and handed to the user's Durable Object with the user and session ids attached.
import { Hono } from "hono";
import { SESSION_HEADER, USER_HEADER } from "../../durable-objects/user-hub";
import { authenticate, readCredentials } from "../http/auth-middleware";
import type { AppEnv } from "../http/app-env";
import { AppError } from "../errors";

export const wsRoutes = new Hono<AppEnv>().get("/", async (c) => {
  if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
    throw new AppError("invalid_input", "Expected a WebSocket upgrade");
  }
  const origin = c.req.header("Origin");
  if (origin && origin !== new URL(c.req.url).origin) throw new AppError("csrf_rejected", "Cross-site socket refused");
  const queryToken = c.req.query("token");
  const creds =
    readCredentials(c) ?? (queryToken ? { jwt: queryToken, sessionToken: undefined, via: "header" as const } : null);
  if (!creds) throw new AppError("unauthorized", "No JWT token found");
  const { user, session, hub } = await authenticate(c.env, creds);
  const headers = new Headers(c.req.raw.headers);
  headers.set(USER_HEADER, user.id);
  headers.set(SESSION_HEADER, session.id);
  return hub.fetch(new Request(c.req.raw, { headers }));
});
