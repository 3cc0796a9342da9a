// The wall around the operator console (/admin/api/*): a request passes only from an operator (worker/admin/
// operators.ts) with a live session, checked like every route's (the JWT, then the session in the user's object),
// and from the app's own origin, whatever its method (a console page is never embedded or called cross-site). Anyone
// else, a guest, a signed-out or blocked session, another site, gets the same 404 as a path that does not exist, so
// the console's existence is not given away.
import { createMiddleware } from "hono/factory";
import { isOperator } from "../admin/operators";
import { shardDb } from "../db/shards";
import { AppError } from "../errors";
import type { AppEnv } from "./app-env";
import { authenticate, readCredentials } from "./auth-middleware";

const notFound = () => new AppError("not_found", "Not found");

/** A browser's cross-site or same-site (another subdomain) request; requests without these headers are not browsers'. */
function crossSite(origin: string | undefined, fetchSite: string | undefined, own: string): boolean {
  if (origin !== undefined && origin !== own) return true;
  return fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none";
}

export const adminWall = createMiddleware<AppEnv>(async (c, next) => {
  if (crossSite(c.req.header("Origin"), c.req.header("Sec-Fetch-Site"), new URL(c.req.url).origin)) throw notFound();
  const creds = readCredentials(c);
  if (!creds) throw notFound();
  const auth = await authenticate(c.env, creds).catch(() => null);
  if (!auth || !(await isOperator({ env: c.env, db: c.var.db, user: auth.user }))) throw notFound();
  c.set("user", auth.user);
  c.set("session", auth.session);
  c.set("hub", auth.hub);
  c.set("chats", shardDb(c.env, auth.shard));
  await next();
});
