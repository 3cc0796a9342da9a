// Daily usage counters. Consuming a use is one conditional upsert: N concurrent requests against R remaining uses
// let exactly min(N, R) through, because D1 runs each statement atomically.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../env";
import { quotaDay } from "../lib/time";
import { dailyUsage } from "./schema";

/** Takes one use of `bucket` for today. Returns the uses left after this one, or null when none were left. */
export async function consumeUsage({ db, userId, bucket, limit }: { db: Db; userId: string; bucket: string; limit: number }) {
  if (limit <= 0) return null;
  const day = quotaDay();
  const rows = await db.all<{ count: number }>(sql`
    INSERT INTO daily_usage (user_id, day, bucket, count) VALUES (${userId}, ${day}, ${bucket}, 1)
    ON CONFLICT(user_id, day, bucket) DO UPDATE SET count = daily_usage.count + 1 WHERE daily_usage.count < ${limit}
    RETURNING count`);
  const count = rows[0]?.count;
  return count === undefined ? null : limit - count;
}

/** Gives back a use taken for a call that produced nothing (the provider failed before answering). */
export async function refundUsage({ db, userId, bucket, day }: { db: Db; userId: string; bucket: string; day: string }) {
  await db
    .update(dailyUsage)
    .set({ count: sql`max(${dailyUsage.count} - 1, 0)` })
    .where(and(eq(dailyUsage.userId, userId), eq(dailyUsage.day, day), eq(dailyUsage.bucket, bucket)));
}

/** Today's counts for the user, by bucket. */
export async function usageToday({ db, userId }: { db: Db; userId: string }): Promise<Map<string, number>> {
  const rows = await db
    .select({ bucket: dailyUsage.bucket, count: dailyUsage.count })
    .from(dailyUsage)
    .where(and(eq(dailyUsage.userId, userId), eq(dailyUsage.day, quotaDay())));
  return new Map(rows.map((r) => [r.bucket, r.count]));
}
