// Fixed-window rate limits in D1. One statement counts and checks, so concurrent attempts are counted exactly.
// A limiter that should count only failures takes the attempt first (atomically) and gives it back on success
// (refundRateLimit), so a burst of parallel guesses can never slip past the budget while its checks are in flight.
import { sql } from "drizzle-orm";
import type { Db } from "./client";

export interface RateLimitHit {
  /** Attempts in the current window, this one included. */
  count: number;
  /** Whether this attempt is within the budget (count <= max). */
  ok: boolean;
  /** When the current window ends, in ms since the epoch (for Retry-After). */
  resetAt: number;
}

/** Counts one attempt against `key` and says whether it is within `max` attempts per fixed window of `windowMs`. */
export async function takeRateLimit({
  db,
  key,
  max,
  windowMs,
}: {
  db: Db;
  key: string;
  max: number;
  windowMs: number;
}): Promise<RateLimitHit> {
  const now = Date.now();
  const windowStart = now - (now % windowMs);
  const rows = await db.all<{ count: number }>(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, ${windowStart}, 1)
    ON CONFLICT(key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.count + 1 ELSE 1 END,
      window_start = excluded.window_start
    RETURNING count`);
  const count = rows[0]?.count ?? 1;
  return { count, ok: count <= max, resetAt: windowStart + windowMs };
}

/** Counts one attempt against `key`; returns false when the window already holds `max` attempts. */
export async function hitRateLimit({ db, key, max, windowMs }: { db: Db; key: string; max: number; windowMs: number }) {
  return (await takeRateLimit({ db, key, max, windowMs })).ok;
}

/** Gives back one attempt taken in the current window (a login that turned out to be right is not a failure). */
export async function refundRateLimit({ db, key, windowMs }: { db: Db; key: string; windowMs: number }) {
  const now = Date.now();
  const windowStart = now - (now % windowMs);
  await db.run(
    sql`UPDATE rate_limits SET count = max(count - 1, 0) WHERE key = ${key} AND window_start = ${windowStart}`,
  );
}

export async function clearRateLimit({ db, key }: { db: Db; key: string }) {
  await db.run(sql`DELETE FROM rate_limits WHERE key = ${key}`);
}
