// Sliding-window rate limits in D1. A key keeps the attempts of its current fixed window and those of the window
// before; an attempt counts the current ones plus the previous ones weighted by how much of the previous window still
// lies within the last `windowMs` (the estimate Cloudflare's own rate limiting uses). A fixed window alone let a
// client make twice a budget across a window's edge (ten wrong passwords at 07:29:59 and ten more at 07:30:00); here
// the second ten are refused. One statement counts and returns both counts, so concurrent attempts are counted
// exactly. A limiter that should count only failures takes the attempt first (atomically) and gives it back on
// success (refundRateLimit), so a burst of parallel guesses can never slip past the budget while its checks are in
// flight.
import { sql } from "drizzle-orm";
import type { Db } from "./client";

export interface RateLimitHit {
  /** Attempts in the current fixed window, this one included. */
  count: number;
  /** Whether this attempt is within the budget: the sliding estimate, this attempt included, is at most `max`. */
  ok: boolean;
  /** When a next attempt is within the budget again, in ms since the epoch (for Retry-After). */
  resetAt: number;
}

/** Counts one attempt against `key` and says whether it is within `max` attempts in the last `windowMs`. */
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
  // SQLite evaluates every SET expression on the row as it was, so previous_count reads the count before this attempt.
  const rows = await db.all<{ count: number; previous: number }>(sql`
    INSERT INTO rate_limits (key, window_start, count, previous_count) VALUES (${key}, ${windowStart}, 1, 0)
    ON CONFLICT(key) DO UPDATE SET
      previous_count = CASE
        WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.previous_count
        WHEN rate_limits.window_start = excluded.window_start - ${windowMs} THEN rate_limits.count
        ELSE 0 END,
      count = CASE WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.count + 1 ELSE 1 END,
      window_start = excluded.window_start
    RETURNING count, previous_count AS previous`);
  const count = rows[0]?.count ?? 1;
  const previous = rows[0]?.previous ?? 0;
  const window = { start: windowStart, ms: windowMs };
  return {
    count,
    ok: estimate(count, previous, window, now) <= max,
    resetAt: allowedAgainAt({ count, previous, max, window, now }),
  };
}

interface Window {
  start: number;
  ms: number;
}

/** The attempts within the last window's length at `at`: the current ones plus the previous ones' overlapping share. */
function estimate(count: number, previous: number, window: Window, at: number): number {
  return count + previous * (1 - (at - window.start) / window.ms);
}

/**
 * The first moment one more attempt fits the budget. Within this window the previous window's share shrinks; once
 * this window's own count leaves no room, the next window, where this one's count is the share that shrinks.
 */
function allowedAgainAt({
  count,
  previous,
  max,
  window,
  now,
}: {
  count: number;
  previous: number;
  max: number;
  window: Window;
  now: number;
}): number {
  // how far into a window `weighed` attempts of the window before it, shrinking as it goes, come down to `room`
  const wait = (weighed: number, room: number) => (weighed > room ? window.ms * (1 - room / weighed) : 0);
  if (count + 1 <= max) return Math.max(now, window.start + wait(previous, max - count - 1));
  return window.start + window.ms + wait(count, max - 1);
}

/** Counts one attempt against `key`; returns false when the last window already holds `max` attempts. */
export async function hitRateLimit({ db, key, max, windowMs }: { db: Db; key: string; max: number; windowMs: number }) {
  return (await takeRateLimit({ db, key, max, windowMs })).ok;
}

/**
 * Gives back one attempt taken in the current window or the one before (a login that turned out to be right is not
 * a failure): the row still counts it as its window's own until a later attempt moves it on.
 */
export async function refundRateLimit({ db, key, windowMs }: { db: Db; key: string; windowMs: number }) {
  const now = Date.now();
  const windowStart = now - (now % windowMs);
  await db.run(
    sql`UPDATE rate_limits SET count = max(count - 1, 0)
      WHERE key = ${key} AND window_start IN (${windowStart}, ${windowStart - windowMs})`,
  );
}

export async function clearRateLimit({ db, key }: { db: Db; key: string }) {
  await db.run(sql`DELETE FROM rate_limits WHERE key = ${key}`);
}
