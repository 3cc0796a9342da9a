// The usage page's sums over the chosen span, from the worker's per-day rows (GET /admin/api/usage): per model and
// per provider totals, errors by kind, and each model's time to first token. The worker keeps TTFT percentiles per day;
// over several days the page shows their mean weighted by the day's turns (an estimate, said so on the page: the exact
// percentile of the span would need the raw histogram).
import type { ModelUsage, Usage } from "./admin.schemas";

export interface Totals {
  turns: number;
  failed: number;
  tokensIn: number;
  tokensOut: number;
  searches: number;
  images: number;
  /** Answers rated up / down. */
  thumbsUp: number;
  thumbsDown: number;
}
const zero = (): Totals => ({
  turns: 0,
  failed: 0,
  tokensIn: 0,
  tokensOut: 0,
  searches: 0,
  images: 0,
  thumbsUp: 0,
  thumbsDown: 0,
});
function add(into: Totals, row: Totals) {
  into.turns += row.turns;
  into.failed += row.failed;
  into.tokensIn += row.tokensIn;
  into.tokensOut += row.tokensOut;
  into.searches += row.searches;
  into.images += row.images;
  into.thumbsUp += row.thumbsUp;
  into.thumbsDown += row.thumbsDown;
}

export interface ModelSummary extends Totals {
  model: string;
  provider: string;
  /** Turns-weighted mean of the days' percentiles, in ms; null when no day measured one. */
  ttftP50Ms: number | null;
  ttftP95Ms: number | null;
}

/** One row per model and provider over the span, most turns first. */
export function summariseModels(rows: readonly ModelUsage[]): ModelSummary[] {
  const out = new Map<string, ModelSummary & { w50: number; w95: number }>();
  for (const r of rows) {
    const key = `${r.model}|${r.provider}`;
    const sum = out.get(key) ?? {
      model: r.model,
      provider: r.provider,
      ...zero(),
      ttftP50Ms: null,
      ttftP95Ms: null,
      w50: 0,
      w95: 0,
    };
    add(sum, r);
    const weight = Math.max(1, r.turns);
    if (r.ttftP50Ms !== null) {
      sum.ttftP50Ms = ((sum.ttftP50Ms ?? 0) * sum.w50 + r.ttftP50Ms * weight) / (sum.w50 + weight);
      sum.w50 += weight;
    }
    if (r.ttftP95Ms !== null) {
      sum.ttftP95Ms = ((sum.ttftP95Ms ?? 0) * sum.w95 + r.ttftP95Ms * weight) / (sum.w95 + weight);
      sum.w95 += weight;
    }
    out.set(key, sum);
  }
  return [...out.values()]
    .map(({ w50: _a, w95: _b, ...s }) => ({
      ...s,
      ttftP50Ms: s.ttftP50Ms === null ? null : Math.round(s.ttftP50Ms),
      ttftP95Ms: s.ttftP95Ms === null ? null : Math.round(s.ttftP95Ms),
    }))
    .sort((a, b) => b.turns - a.turns || a.model.localeCompare(b.model));
}

/** One row per provider over the span, most turns first. */
export function summariseProviders(rows: Usage["providers"]): (Totals & { provider: string })[] {
  const out = new Map<string, Totals & { provider: string }>();
  for (const r of rows) {
    const sum = out.get(r.provider) ?? { provider: r.provider, ...zero() };
    add(sum, r);
    out.set(r.provider, sum);
  }
  return [...out.values()].sort((a, b) => b.turns - a.turns || a.provider.localeCompare(b.provider));
}

/** Failed turns by error code over the span, most frequent first. */
export function errorsByKind(rows: readonly ModelUsage[]): { code: string; count: number }[] {
  const out = new Map<string, number>();
  for (const r of rows)
    for (const [code, n] of Object.entries(r.errors))
      if (typeof n === "number") out.set(code, (out.get(code) ?? 0) + n);
  return [...out.entries()]
    .map(([code, count]) => ({ code, count }))
    .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));
}

/** Today as a quota day (YYYY-MM-DD): the worker's days turn at midnight in Asia/Ho_Chi_Minh, UTC+7 all year. */
export function quotaToday(now = Date.now()): string {
  return new Date(now + 7 * 3_600_000).toISOString().slice(0, 10);
}
