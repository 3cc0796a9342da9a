// D1's copy of the daily usage counters. The user's Durable Object counts (atomically: it is single-threaded) and
// writes its count for the day here at the end of each turn, beside the turn's messages; D1 keeps the record for reporting and
// for an object that has not seen that day yet.
import { sql } from "drizzle-orm";
import { compiledStatement } from "./compiled-statement";
import { dailyUsage } from "./schema";

/**
 * A statement that sets the user's count for a day and bucket to the object's count (batchable), written once
 * (compiled-statement.ts): it ends every turn.
 */
export const usageCountStatement = compiledStatement<{ userId: string; day: string; bucket: string; count: number }>(
  (db, s) =>
    db
      .insert(dailyUsage)
      .values(s)
      .onConflictDoUpdate({
        target: [dailyUsage.userId, dailyUsage.day, dailyUsage.bucket],
        set: { count: sql`excluded.count` },
      }),
);
