// The operator console's notification feeds, /admin/api/feeds (mounted behind the wall by admin.ts): every item of
// the offers, store and news tabs in each of the four languages, drafts too; write an item (as a draft or published,
// now or at a later time), change it, publish or take it down, and put a tab under maintenance. No SQL and no deploy:
// users' bells read the same rows (GET /feeds). Each change writes its audit row in the same batch.
import { Hono } from "hono";
import * as v from "valibot";
import { auditStatement } from "../admin/audit";
import {
  type FeedFields,
  getFeedItem,
  insertFeedStatement,
  readAllFeeds,
  setMaintenanceStatement,
  updateFeedStatement,
} from "../db/feed-admin";
import { AppError } from "../errors";
import type { AppEnv } from "../http/app-env";
import { valid } from "../lib/validate";
import { FEED_TABS } from "../protocol/feeds";
import { PROMPT_LANGUAGES } from "../protocol/prompts";

/** The longest title and text an item may have, in characters. */
const TITLE_MAX = 200;
const BODY_MAX = 4_000;

/** A link or image: an http(s) URL or a path of the app (never protocol-relative), as GET /feeds lets through. */
const Link = v.nullable(
  v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(2_000, "links are at most 2,000 characters"),
    v.regex(/^(?:https?:\/\/|\/(?![/\\]))/i, "links must start with https://, http:// or /"),
  ),
);
const When = v.pipe(
  v.string(),
  v.isoTimestamp("published_at must be an ISO date and time"),
  v.transform((s) => Date.parse(s)),
);
const ItemFields = {
  title: v.pipe(v.string("title is required"), v.trim(), v.nonEmpty("title is required"), v.maxLength(TITLE_MAX)),
  body: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(BODY_MAX)), ""),
  url: v.optional(Link, null),
  image: v.optional(Link, null),
  published_at: v.optional(When),
  draft: v.optional(v.boolean(), false),
};
const NewItemSchema = v.strictObject({
  tab: v.picklist(FEED_TABS, `tab must be one of ${FEED_TABS.join(", ")}`),
  lang: v.picklist(PROMPT_LANGUAGES, `lang must be one of ${PROMPT_LANGUAGES.join(", ")}`),
  ...ItemFields,
});
const ItemChangeSchema = v.strictObject({
  title: v.optional(ItemFields.title),
  body: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(BODY_MAX))),
  url: v.optional(Link),
  image: v.optional(Link),
  published_at: v.optional(When),
  draft: v.optional(v.boolean()),
});
const MaintenanceSchema = v.strictObject({ maintenance: v.boolean("maintenance must be true or false") });
const TabParam = v.object({ tab: v.picklist(FEED_TABS, `tab must be one of ${FEED_TABS.join(", ")}`) });

export const adminFeedRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    return c.json({ status: "success", data: await readAllFeeds({ db: c.var.db, tabs: FEED_TABS }) }, 200);
  })
  .post("/", valid("json", NewItemSchema), async (c) => {
    const b = c.req.valid("json");
    const db = c.var.db;
    const row = {
      id: crypto.randomUUID(),
      tab: b.tab,
      lang: b.lang,
      title: b.title,
      body: b.body,
      url: b.url,
      image: b.image,
      publishedAt: b.published_at ?? Date.now(),
      draft: b.draft,
    };
    const admin = { id: c.var.user.id, email: c.var.user.email };
    await db.batch([
      insertFeedStatement({ db, row }),
      auditStatement({
        db,
        entry: { admin, action: "feed_create", target: `feed:${row.id}`, before: null, after: row },
      }),
    ]);
    return c.json({ status: "success", data: row }, 201);
  })
  .patch("/:id", valid("json", ItemChangeSchema), async (c) => {
    const db = c.var.db;
    const id = c.req.param("id");
    const before = await getFeedItem({ db, id });
    if (!before) throw new AppError("not_found", "No such feed item");
    const b = c.req.valid("json");
    const fields: Partial<FeedFields> = {
      ...(b.title !== undefined ? { title: b.title } : {}),
      ...(b.body !== undefined ? { body: b.body } : {}),
      ...(b.url !== undefined ? { url: b.url } : {}),
      ...(b.image !== undefined ? { image: b.image } : {}),
      ...(b.published_at !== undefined ? { publishedAt: b.published_at } : {}),
      ...(b.draft !== undefined ? { draft: b.draft } : {}),
    };
    if (Object.keys(fields).length === 0) throw new AppError("invalid_input", "Nothing to change");
    const after = { ...before, ...fields };
    const action = b.draft === undefined ? "feed_edit" : b.draft ? "feed_unpublish" : "feed_publish";
    const admin = { id: c.var.user.id, email: c.var.user.email };
    await db.batch([
      updateFeedStatement({ db, id, fields }),
      auditStatement({ db, entry: { admin, action, target: `feed:${id}`, before, after } }),
    ]);
    return c.json({ status: "success", data: after }, 200);
  })
  .put("/maintenance/:tab", valid("param", TabParam), valid("json", MaintenanceSchema), async (c) => {
    const db = c.var.db;
    const { tab } = c.req.valid("param");
    const { maintenance } = c.req.valid("json");
    const was = (await readAllFeeds({ db, tabs: [tab] }))[0]!.maintenance;
    const admin = { id: c.var.user.id, email: c.var.user.email };
    await db.batch([
      setMaintenanceStatement({ db, tab, on: maintenance, now: Date.now() }),
      auditStatement({
        db,
        entry: {
          admin,
          action: "feed_maintenance",
          target: `feed_tab:${tab}`,
          before: { maintenance: was },
          after: { maintenance },
        },
      }),
    ]);
    return c.json({ status: "success", data: { tab, maintenance } }, 200);
  });
