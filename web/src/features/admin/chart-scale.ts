// The arithmetic behind the console's hand-drawn SVG charts (charts.tsx), kept apart so it is tested without a DOM:
// a "nice" top for an axis, its ticks, every day of a span (days with nothing still get their slot), and values
// stacked per day by series. No chart library: the console's chunk stays small.

const DAY_MS = 86_400_000;

/** The smallest 1, 2 or 5 × 10ⁿ at or above `max` (1 for nothing at all), so an axis ends on a round number. */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/** `count` + 1 evenly spaced tick values from 0 to `top` (whole numbers when `top` allows). */
export function ticks(top: number, count = 4): number[] {
  return Array.from({ length: count + 1 }, (_, i) => {
    const value = (top * i) / count;
    return Number.isInteger(top / count) ? value : Math.round(value * 100) / 100;
  });
}

/** Every day from `from` to `to` inclusive (YYYY-MM-DD, UTC calendar arithmetic); [] when `from` is after `to`. */
export function daysOf(from: string, to: string): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (!Number.isFinite(start) || !Number.isFinite(end)) return [];
  const out: string[] = [];
  for (let t = start; t <= end; t += DAY_MS) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** The day `days` days before `day` (YYYY-MM-DD). */
export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export interface Segment {
  series: string;
  /** Where the segment starts and ends on the value axis. */
  y0: number;
  y1: number;
}
export interface StackedDay {
  day: string;
  total: number;
  segments: Segment[];
}

/**
 * Values per day stacked by series, in the order of `series` (a series with no value that day has no segment), for
 * every day in `days`. Rows of the same day and series add up (a model served by two providers).
 */
export function stackByDay(
  rows: readonly { day: string; series: string; value: number }[],
  days: readonly string[],
  series: readonly string[],
): StackedDay[] {
  const sums = new Map<string, number>();
  for (const r of rows) sums.set(`${r.day}|${r.series}`, (sums.get(`${r.day}|${r.series}`) ?? 0) + r.value);
  return days.map((day) => {
    let top = 0;
    const segments: Segment[] = [];
    for (const s of series) {
      const value = sums.get(`${day}|${s}`) ?? 0;
      if (value <= 0) continue;
      segments.push({ series: s, y0: top, y1: top + value });
      top += value;
    }
    return { day, total: top, segments };
  });
}

/** The distinct values of `key` in `rows`, biggest total of `weight` first (the legend's and the stack's order). */
export function seriesByWeight<T>(rows: readonly T[], key: (r: T) => string, weight: (r: T) => number): string[] {
  const totals = new Map<string, number>();
  for (const r of rows) totals.set(key(r), (totals.get(key(r)) ?? 0) + weight(r));
  return [...totals.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([k]) => k);
}

/** A series' colour: a fixed palette, in turn (the eighth series reuses the first colour). */
const PALETTE = ["#3b82f6", "#f59e0b", "#10b981", "#ef4444", "#8b5cf6", "#ec4899", "#14b8a6"];
export const colourOf = (index: number) => PALETTE[index % PALETTE.length]!;
