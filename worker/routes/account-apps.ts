// /auth/connected-apps: a cloud drive, a mail service, a calendar and two office clouds, connected through OAuth 2
// with PKCE. GET lists them; POST /:app/connect answers the provider's authorization URL (the SPA navigates to it);
// the provider sends the browser back to GET /callback (same-site, so the session cookie comes along), which
// finishes the exchange and redirects to /settings; DELETE /:app disconnects (revoking where the provider can).
// The drives (Google Drive, OneDrive, Microsoft 365) are the attachments menu's premium upload sources:
// GET /:app/files lists a page of files and GET /:app/files/:id/content reads one (at most 5 MB) for the browser to
// attach like a file of its own.
import { Hono } from "hono";
import * as v from "valibot";
import { requireAuth } from "../http/auth-middleware";
import { CONNECTED_APP_SPECS, oauthClient } from "../connected-apps/apps";
import { listDriveFiles, readDriveFile } from "../connected-apps/drive-files";
import { disconnectApp, finishConnection, startConnection } from "../connected-apps/oauth";
import { listConnectedApps } from "../db/accounts-apps";
import type { AppEnv } from "../http/app-env";
import { AppError } from "../errors";
import { isoOrNull } from "../lib/time";
import { valid } from "../lib/validate";
import { planOf } from "../plans/entitlements";
import { DriveAppSchema } from "../protocol/drives";
import { CONNECTED_APPS, ConnectedAppSchema } from "../protocol/settings";

/** Where the browser lands after the provider: the SPA's settings, apps tab. */
const SETTINGS_APPS_PATH = "/settings?tab=apps";

const ParamSchema = v.object({ app: ConnectedAppSchema });
const DriveParamSchema = v.object({ app: DriveAppSchema });
const DriveFileParamSchema = v.object({
  app: DriveAppSchema,
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(300)),
});
const DriveListQuerySchema = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200)), ""),
  cursor: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(2000))),
});

/** The cloud drives are an upload source of the paid plans. */
function requirePremium(user: Parameters<typeof planOf>[0]) {
  if (planOf(user) === "free")
    throw new AppError("premium_required", "Cloud drives as an upload source are available on Premium plans");
}

const CallbackSchema = v.object({
  state: v.optional(v.pipe(v.string(), v.maxLength(200))),
  code: v.optional(v.pipe(v.string(), v.maxLength(4096))),
  error: v.optional(v.pipe(v.string(), v.maxLength(200))),
});

export const accountAppRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/", async (c) => {
    const connected = new Map(
      (await listConnectedApps({ db: c.var.db, userId: c.var.user.id })).map((a) => [a.app, a]),
    );
    const apps = CONNECTED_APPS.map((id) => {
      const spec = CONNECTED_APP_SPECS[id];
      const row = connected.get(id);
      return {
        app: id,
        name: spec.name,
        kind: spec.kind,
        available: oauthClient(c.env, spec.server) !== null,
        connected: row !== undefined,
        connected_at: isoOrNull(row?.createdAt),
      };
    });
    return c.json({ status: "success", data: { apps } }, 200);
  })
  .get("/callback", valid("query", CallbackSchema), async (c) => {
    const q = c.req.valid("query");
    const back = (params: string) => c.redirect(`${SETTINGS_APPS_PATH}&${params}`, 302);
    if (q.error || !q.state || !q.code) return back(`error=${encodeURIComponent(q.error ?? "missing_code")}`);
    try {
      const app = await finishConnection({
        env: c.env,
        db: c.var.db,
        userId: c.var.user.id,
        state: q.state,
        code: q.code,
        origin: new URL(c.req.url).origin,
      });
      return back(`connected=${app}`);
    } catch (err) {
      if (err instanceof AppError) return back(`error=${err.code}`);
      throw err;
    }
  })
  .post("/:app/connect", valid("param", ParamSchema), async (c) => {
    const { app } = c.req.valid("param");
    const url = await startConnection({
      env: c.env,
      db: c.var.db,
      userId: c.var.user.id,
      app,
      origin: new URL(c.req.url).origin,
    });
    return c.json({ status: "success", data: { app, authorization_url: url } }, 200);
  })
  .get("/:app/files", valid("param", DriveParamSchema), valid("query", DriveListQuerySchema), async (c) => {
    requirePremium(c.var.user);
    const { app } = c.req.valid("param");
    const { q, cursor } = c.req.valid("query");
    const page = await listDriveFiles({
      env: c.env,
      db: c.var.db,
      userId: c.var.user.id,
      app,
      query: q,
      cursor: cursor ?? null,
    });
    return c.json({ status: "success" as const, data: { files: page.files, next_cursor: page.nextCursor } }, 200);
  })
  .get("/:app/files/:id/content", valid("param", DriveFileParamSchema), async (c) => {
    requirePremium(c.var.user);
    const { app, id } = c.req.valid("param");
    const file = await readDriveFile({ env: c.env, db: c.var.db, userId: c.var.user.id, app, fileId: id });
    return c.body(file.bytes, 200, {
      "Content-Type": file.mimeType,
      "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    });
  })
  .delete("/:app", valid("param", ParamSchema), async (c) => {
    const { app } = c.req.valid("param");
    if (!(await disconnectApp({ env: c.env, db: c.var.db, userId: c.var.user.id, app })))
      throw new AppError("not_found", "This app is not connected");
    return c.json({ status: "success", data: { app, connected: false } }, 200);
  });
