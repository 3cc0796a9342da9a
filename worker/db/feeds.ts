// The notification feeds (feeds, feed_status): the newest published items of each tab in one language (drafts and
// items taken down left out), and which tabs are under maintenance. Both reads go to D1 in one batch (one round trip).
// The operator console writes them (feed-admin.ts).
import { and, desc, eq, inArray, lte } from "drizzle-orm";
import type { Db } from "./client";
import type { FeedTab } from "../protocol/feeds";
import type { PromptLanguage } from "../protocol/prompts";
import { feedStatus, feeds } from "./schema";

export async function readFeeds({
  db,
  tabs,
  lang,
  limit,
  now,
}: {
  db: Db;
  tabs: readonly FeedTab[];
  lang: PromptLanguage;
  limit: number;
  now: number;
}) {
  const itemQueries = tabs.map((tab) =>
    db
      .select()
      .from(feeds)
      .where(and(eq(feeds.tab, tab), eq(feeds.lang, lang), eq(feeds.draft, false), lte(feeds.publishedAt, now)))
      .orderBy(desc(feeds.publishedAt), feeds.id)
      .limit(limit),
  );
  const statusQuery = db
    .select()
    .from(feedStatus)
    .where(inArray(feedStatus.tab, [...tabs]));
  const [status, ...items] = await db.batch([statusQuery, ...itemQueries] as [
    typeof statusQuery,
    ...(typeof itemQueries)[number][],
  ]);
  const underMaintenance = new Set(status.filter((s) => s.maintenance !== 0).map((s) => s.tab));
  return tabs.map((tab, i) => ({
    tab,
    maintenance: underMaintenance.has(tab),
    items: underMaintenance.has(tab) ? [] : (items[i] ?? []),
  }));
}
