// The operator's usage and health figures, kept as daily rollups in D1 so they work the same offline and in
// production: each turn adds itself at its end, in the batch that already writes its day's count to the main database
// (durable-objects/turn/save-turn.ts), so no round trip is added to any turn; the console reads them back per day and
// model, with time-to-first-token percentiles read from a histogram.
import { asc, between, sql } from "drizzle-orm";
import type { Db } from "./client";
import { compiledStatement } from "./compiled-statement";
import { usageErrors, usageLatency, usageRollups } from "./schema";

/**
 * The histogram's buckets of time to first token, each its upper bound in milliseconds: roughly ×1.5 apart from
 * 100 ms to 60 s, so a percentile read back is within half a bucket of the truth. Past the last: 2^31 ms.
 */
export const TTFT_BUCKETS_MS = [
  100, 150, 200, 300, 450, 700, 1_000, 1_500, 2_000, 3_000, 4_500, 7_000, 10_000, 15_000, 30_000, 60_000,
] as const;
const PAST_LAST_BUCKET_MS = 2 ** 31 - 1;

/** What one turn adds to the day's figures. */
export interface TurnMetrics {
  /** The quota day the turn ran on. */
  day: string;
  /** The endpoint asked (e.g. gpt-4.1-mini, image). */
  model: string;
  /** The provider that served it: a catalogue provider, "offline", or the provider of the user's own key. */
  provider: string;
  /** The error code it ended with, or null. */
  error: string | null;
  /** Milliseconds from the turn's start to its first token; null when none came (or a picture). */
  ttftMs: number | null;
  inputTokens: number;
  outputTokens: number;
  search: boolean;
  image: boolean;
}

/** The bucket a time to first token falls in: the first upper bound at or above it. */
export function ttftBucket(ms: number): number {
  return TTFT_BUCKETS_MS.find((upTo) => ms <= upTo) ?? PAST_LAST_BUCKET_MS;
}

/**
 * The statements that add one turn to its day's rollups (batchable with the turn's other writes), each written once
 * (compiled-statement.ts): they end every turn.
 */
export function turnMetricsStatements({ db, metrics: m }: { db: Db; metrics: TurnMetrics }): D1PreparedStatement[] {
  const key = { day: m.day, model: m.model, provider: m.provider };
  const statements = [
    addRollup(db, {
      ...key,
      turns: 1,
      failed: m.error ? 1 : 0,
      tokensIn: m.inputTokens,
      tokensOut: m.outputTokens,
      searches: m.search ? 1 : 0,
      images: m.image ? 1 : 0,
    }),
  ];
  if (m.error) statements.push(addError(db, { ...key, code: m.error }));
  if (m.ttftMs !== null) statements.push(addLatency(db, { ...key, upToMs: ttftBucket(m.ttftMs) }));
  return statements;
}

type RollupKey = {
  day: string;
  model: string;
  provider: string;
};

const addRollup = compiledStatement<
  RollupKey & { turns: number; failed: number; tokensIn: number; tokensOut: number; searches: number; images: number }
>((db, row) =>
  db
    .insert(usageRollups)
    .values(row)
    .onConflictDoUpdate({
      target: [usageRollups.day, usageRollups.model, usageRollups.provider],
      set: {
        turns: sql`${usageRollups.turns} + ${row.turns}`,
        failed: sql`${usageRollups.failed} + ${row.failed}`,
        tokensIn: sql`${usageRollups.tokensIn} + ${row.tokensIn}`,
        tokensOut: sql`${usageRollups.tokensOut} + ${row.tokensOut}`,
        searches: sql`${usageRollups.searches} + ${row.searches}`,
        images: sql`${usageRollups.images} + ${row.images}`,
      },
    }),
);

const addError = compiledStatement<RollupKey & { code: string }>((db, row) =>
  db
    .insert(usageErrors)
    .values({ ...row, count: 1 })
    .onConflictDoUpdate({
      target: [usageErrors.day, usageErrors.model, usageErrors.provider, usageErrors.code],
      set: { count: sql`${usageErrors.count} + 1` },
    }),
);

const addLatency = compiledStatement<RollupKey & { upToMs: number }>((db, row) =>
  db
    .insert(usageLatency)
    .values({ ...row, count: 1 })
    .onConflictDoUpdate({
      target: [usageLatency.day, usageLatency.model, usageLatency.provider, usageLatency.upToMs],
      set: { count: sql`${usageLatency.count} + 1` },
    }),
);

/**
 * One turn as a Workers Analytics Engine data point, for an operator who binds a dataset (USAGE_ANALYTICS): indexed by
 * model; blobs model, provider, error code ("" for none), day; doubles time to first token in ms (-1 for none), tokens
 * in, tokens out, search (0/1), picture (0/1).
 */
export function turnDataPoint(m: TurnMetrics): AnalyticsEngineDataPoint {
  return {
    indexes: [m.model],
    blobs: [m.model, m.provider, m.error ?? "", m.day],
    doubles: [m.ttftMs ?? -1, m.inputTokens, m.outputTokens, m.search ? 1 : 0, m.image ? 1 : 0],
  };
}

/** A percentile of a histogram: the upper bound of the bucket it falls in, or null for no samples. */
export function histogramPercentile(buckets: { upToMs: number; count: number }[], p: number): number | null {
  const sorted = [...buckets].sort((a, b) => a.upToMs - b.upToMs);
  const total = sorted.reduce((sum, b) => sum + b.count, 0);
  if (total === 0) return null;
  const rank = Math.ceil((p / 100) * total);
  let seen = 0;
  for (const b of sorted) {
    seen += b.count;
    if (seen >= rank) return b.upToMs;
  }
  return sorted.at(-1)!.upToMs;
}

/** One day and model as the console shows it. */
export interface UsageRow {
  day: string;
  model: string;
  provider: string;
  turns: number;
  failed: number;
  tokensIn: number;
  tokensOut: number;
  searches: number;
  images: number;
  /** Answers of the model rated up / down that day (worker/db/feedback.ts). */
  thumbsUp: number;
  thumbsDown: number;
  errors: Record<string, number>;
  ttftP50Ms: number | null;
  ttftP95Ms: number | null;
}

/** The rollups of the days from `from` to `to` (quota days, inclusive), by day then model. */
export async function readUsageRollups({ db, from, to }: { db: Db; from: string; to: string }): Promise<UsageRow[]> {
  const [rollups, errors, latency] = await db.batch([
    db
      .select()
      .from(usageRollups)
      .where(between(usageRollups.day, from, to))
      .orderBy(asc(usageRollups.day), asc(usageRollups.model), asc(usageRollups.provider)),
    db
      .select()
      .from(usageErrors)
      .where(between(usageErrors.day, from, to)),
    db
      .select()
      .from(usageLatency)
      .where(between(usageLatency.day, from, to)),
  ]);
  const keyOf = (r: { day: string; model: string; provider: string }) => `${r.day}\u0000${r.model}\u0000${r.provider}`;
  const errorsBy = new Map<string, Record<string, number>>();
  for (const e of errors) {
    const k = keyOf(e);
    errorsBy.set(k, { ...errorsBy.get(k), [e.code]: e.count });
  }
  const latencyBy = new Map<string, { upToMs: number; count: number }[]>();
  for (const l of latency) {
    const k = keyOf(l);
    latencyBy.set(k, [...(latencyBy.get(k) ?? []), l]);
  }
  return rollups.map((r) => {
    const k = keyOf(r);
    const hist = latencyBy.get(k) ?? [];
    return {
      ...r,
      errors: errorsBy.get(k) ?? {},
      ttftP50Ms: histogramPercentile(hist, 50),
      ttftP95Ms: histogramPercentile(hist, 95),
    };
  });
}

/** Users who took at least one use on each day from `from` to `to` (the per-user daily counters). */
export async function activeUsersByDay({ db, from, to }: { db: Db; from: string; to: string }) {
  return db.all<{ day: string; users: number }>(
    sql`SELECT day, count(DISTINCT user_id) AS users FROM daily_usage WHERE day BETWEEN ${from} AND ${to} GROUP BY day ORDER BY day`,
  );
}
