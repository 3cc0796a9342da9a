// Fixed-window rate limits in D1. One statement counts and checks, so concurrent attempts are counted exactly.
import { sql } from "drizzle-orm";
import type { Db } from "../env";

/** Counts one attempt against `key`; returns false when the window already holds `max` attempts. */
export async function hitRateLimit({ db, key, max, windowMs }: { db: Db; key: string; max: number; windowMs: number }) {
  const now = Date.now();
  const windowStart = now - (now % windowMs);
  const rows = await db.all<{ count: number }>(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, ${windowStart}, 1)
    ON CONFLICT(key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.count + 1 ELSE 1 END,
      window_start = excluded.window_start
    RETURNING count`);
  return (rows[0]?.count ?? 1) <= max;
}

export async function clearRateLimit({ db, key }: { db: Db; key: string }) {
  await db.run(sql`DELETE FROM rate_limits WHERE key = ${key}`);
}
