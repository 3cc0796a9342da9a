// Every request, traceable: an id for it (the X-Request-Id response header, so a user or a proxy can quote it; a
// well-formed id the request brings is kept), and one JSON log line when it is answered, which Workers Logs and
// `wrangler tail` can filter: the id, the method, the route as registered (ids and names left out), the status, the
// time to the response in ms (a stream's body may go on after it), the user as a hash (never the id itself), and the
// error code when the answer is an error (errors.ts sets it). /ws is left out: a WebSocket's 101 response takes no
// header, and the socket logs its own life in the user's object.
import { createMiddleware } from "hono/factory";
import { requestId } from "hono/request-id";
import { routePath } from "hono/route";
import type { AppEnv } from "./app-env";

/** The longest request id kept from a request's own X-Request-Id header; a longer or odd one is replaced. */
const MAX_REQUEST_ID_LENGTH = 64;
/** Hex characters of the user's hash in a log line: enough to tell users apart, not to look one up. */
const USER_HASH_HEX = 16;

const withRequestId = requestId({ limitLength: MAX_REQUEST_ID_LENGTH });

export async function userHash(userId: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`user:${userId}`)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0"))
    .join("")
    .slice(0, USER_HASH_HEX);
}

export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.path === "/ws") return next();
  const started = Date.now();
  await withRequestId(c, next);
  const user = c.get("user");
  console.log(
    JSON.stringify({
      event: "request",
      request_id: c.get("requestId"),
      method: c.req.method,
      route: routePath(c, -1),
      status: c.res.status,
      duration_ms: Date.now() - started,
      user: user ? await userHash(user.id) : null,
      error: c.get("errorCode") ?? null,
    }),
  );
});
