// The notification panel's feeds: GET /feeds?tab=offers|store|news&lang= answers that tab (or, without tab, every tab)
// from D1, so the operator changes items and maintenance flags with `wrangler d1 execute` and no deploy (see
// seeds/feeds.sql). A tab under maintenance answers status "maintenance" and no items.
import { Hono } from "hono";
import * as v from "valibot";
import { requireAuth } from "../http/auth-middleware";
import { readFeeds } from "../db/feeds";
import type { AppEnv } from "../http/app-env";
import { valid } from "../lib/validate";
import { FEED_PAGE_DEFAULT, FEED_PAGE_MAX, FEED_TABS, type FeedsBody } from "../protocol/feeds";
import { PROMPT_LANGUAGES } from "../protocol/prompts";

const FeedsQuery = v.object({
  tab: v.optional(v.picklist(FEED_TABS, `tab must be one of ${FEED_TABS.join(", ")}`)),
  lang: v.optional(v.picklist(PROMPT_LANGUAGES, `lang must be one of ${PROMPT_LANGUAGES.join(", ")}`), "en"),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, "limit must be a whole number"),
      v.transform(Number),
      v.minValue(1, "limit must be at least 1"),
      v.maxValue(FEED_PAGE_MAX, `limit must be at most ${FEED_PAGE_MAX}`),
    ),
    String(FEED_PAGE_DEFAULT),
  ),
});

/** Links and images an operator typed in: only https/http URLs and the app's own paths reach the browser. */
function safeUrl(url: string | null): string | null {
  return url && /^(?:https?:\/\/|\/(?![/\\]))/i.test(url) ? url : null;
}

export const feedRoutes = new Hono<AppEnv>().get("/", requireAuth, valid("query", FeedsQuery), async (c) => {
  const { tab, lang, limit } = c.req.valid("query");
  const tabs = await readFeeds({ db: c.var.db, tabs: tab ? [tab] : FEED_TABS, lang, limit, now: Date.now() });
  const body: FeedsBody = {
    status: "success",
    data: {
      feeds: tabs.map((f) => ({
        tab: f.tab,
        status: f.maintenance ? "maintenance" : "live",
        items: f.items.map((i) => ({
          id: i.id,
          title: i.title,
          body: i.body,
          url: safeUrl(i.url),
          image: safeUrl(i.image),
          published_at: new Date(i.publishedAt).toISOString(),
        })),
      })),
    },
  };
  return c.json(body, 200);
});
