// The operator console's side of the notification feeds (feeds.ts reads them for users): every item of a tab in every
// language, drafts too, and the statements that write an item or a tab's maintenance flag, batchable with the change's
// audit row (worker/admin/audit.ts).
import { asc, desc, eq } from "drizzle-orm";
import type { FeedTab } from "../protocol/feeds";
import type { Db } from "./client";
import { feedStatus, feeds } from "./schema";

export type FeedRow = typeof feeds.$inferSelect;
export type FeedFields = Omit<FeedRow, "id">;

/** Every item of the tabs (newest first, drafts included) and each tab's maintenance flag. */
export async function readAllFeeds({ db, tabs }: { db: Db; tabs: readonly FeedTab[] }) {
  const [items, status] = await db.batch([
    db.select().from(feeds).orderBy(desc(feeds.publishedAt), asc(feeds.lang), asc(feeds.id)),
    db.select().from(feedStatus),
  ]);
  const maintenance = new Set(status.filter((s) => s.maintenance !== 0).map((s) => s.tab));
  return tabs.map((tab) => ({
    tab,
    maintenance: maintenance.has(tab),
    items: items.filter((i) => i.tab === tab),
  }));
}

export function getFeedItem({ db, id }: { db: Db; id: string }) {
  return db.query.feeds.findFirst({ where: eq(feeds.id, id) });
}

export function insertFeedStatement({ db, row }: { db: Db; row: FeedRow }) {
  return db.insert(feeds).values(row);
}

export function updateFeedStatement({ db, id, fields }: { db: Db; id: string; fields: Partial<FeedFields> }) {
  return db.update(feeds).set(fields).where(eq(feeds.id, id));
}

export function setMaintenanceStatement({ db, tab, on, now }: { db: Db; tab: FeedTab; on: boolean; now: number }) {
  return db
    .insert(feedStatus)
    .values({ tab, maintenance: on ? 1 : 0, updatedAt: now })
    .onConflictDoUpdate({ target: feedStatus.tab, set: { maintenance: on ? 1 : 0, updatedAt: now } });
}
