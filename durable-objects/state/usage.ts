// The user's daily use counters (a model endpoint, "search" or "image" per quota day): a turn takes one use here
// atomically (the object is single-threaded), and the turn's D1 batch writes the day's count through. A day's counts
// kept in D1 are merged in the first time the object uses that day, so nothing counted on either side is lost. An
// answer holds its use in memory first and writes it with the rest of its start (held-writes.ts): every check counts
// the held uses too, so turns racing for the last use still get exactly as many as are left.
import type { ObjectSql } from "./object-sql";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS hot_usage (day TEXT NOT NULL, bucket TEXT NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (day, bucket));
CREATE TABLE IF NOT EXISTS hot_usage_days (day TEXT PRIMARY KEY);
`;

export class UsageCounters {
  /** Uses held and not yet written, by day and bucket (`day bucket`). */
  private readonly held = new Map<string, number>();

  constructor(private readonly db: ObjectSql) {
    db.define(SCHEMA);
  }

  /** True when the day's counters from D1 have been merged in (always true for days the object started itself). */
  knowsDay(day: string): boolean {
    return this.db.rows("SELECT 1 FROM hot_usage_days WHERE day = ?", day).length > 0;
  }

  /**
   * Merges D1's counters for a day; the larger count wins, so nothing counted on either side is lost. A day is merged
   * once, when the object first uses it: the counters of days before the one before it go (a use is refunded on the
   * day it was charged, at most a turn's length after midnight), so the object keeps two days at most.
   */
  mergeDay(day: string, rows: { bucket: string; count: number }[]) {
    this.prune(dayBefore(day));
    for (const r of rows) {
      this.db.exec(
        "INSERT INTO hot_usage (day, bucket, count) VALUES (?, ?, ?) ON CONFLICT(day, bucket) DO UPDATE SET count = max(count, excluded.count)",
        day,
        r.bucket,
        r.count,
      );
    }
    this.db.exec("INSERT OR IGNORE INTO hot_usage_days (day) VALUES (?)", day);
  }

  /** The uses taken: those written and those held. */
  count(day: string, bucket: string): number {
    return this.stored(day, bucket) + (this.held.get(`${day} ${bucket}`) ?? 0);
  }

  /** The uses written, without the held ones: what the turn's D1 batch writes through. */
  stored(day: string, bucket: string): number {
    const [row] = this.db.rows("SELECT count FROM hot_usage WHERE day = ? AND bucket = ?", day, bucket);
    return row ? Number(row.count) : 0;
  }

  ofDay(day: string): Map<string, number> {
    const counts = new Map(
      this.db
        .rows("SELECT bucket, count FROM hot_usage WHERE day = ?", day)
        .map((r) => [String(r.bucket), Number(r.count)]),
    );
    for (const [key, n] of this.held) {
      const [heldDay, bucket] = key.split(" ") as [string, string];
      if (heldDay === day) counts.set(bucket, (counts.get(bucket) ?? 0) + n);
    }
    return counts;
  }

  /** Takes one use if fewer than `limit` are taken. Returns the uses left after this one, or null when none were left. */
  take(day: string, bucket: string, limit: number): number | null {
    const used = this.count(day, bucket);
    if (used >= limit) return null;
    this.increment(day, bucket);
    return limit - (used + 1);
  }

  /**
   * Takes one use in memory (counted from now on by every check) and returns the write that records it, for a turn
   * that writes its start later (held-writes.ts). The caller has checked the limit, with no wait since.
   */
  hold(day: string, bucket: string): () => void {
    const key = `${day} ${bucket}`;
    this.held.set(key, (this.held.get(key) ?? 0) + 1);
    return () => {
      const left = (this.held.get(key) ?? 1) - 1;
      if (left > 0) this.held.set(key, left);
      else this.held.delete(key);
      this.increment(day, bucket);
    };
  }

  /** Forgets the held uses unwritten (the user's account is being deleted). */
  dropHeld() {
    this.held.clear();
  }

  private increment(day: string, bucket: string) {
    this.db.exec(
      "INSERT INTO hot_usage (day, bucket, count) VALUES (?, ?, 1) ON CONFLICT(day, bucket) DO UPDATE SET count = count + 1",
      day,
      bucket,
    );
  }

  /** Gives back a use taken on `day` (the day it was charged, even if the clock has since turned). */
  refund(day: string, bucket: string) {
    this.db.exec("UPDATE hot_usage SET count = max(count - 1, 0) WHERE day = ? AND bucket = ?", day, bucket);
  }

  /** Drops counters older than `keepFrom` (YYYY-MM-DD): they are in D1 and no longer checked. */
  prune(keepFrom: string) {
    this.db.exec("DELETE FROM hot_usage WHERE day < ?", keepFrom);
    this.db.exec("DELETE FROM hot_usage_days WHERE day < ?", keepFrom);
  }
}

/** The quota day before `day` (YYYY-MM-DD, a calendar date: no time zone involved). */
export function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}
