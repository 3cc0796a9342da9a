// The operator console's chart arithmetic and usage sums (web/src/features/admin/chart-scale.ts, usage-figures.ts):
// axes end on round numbers, every day of a span gets its slot, values stack per day in the legend's order, and the
// per-model table adds the days up, weighting time to first token by each day's turns.
import { describe, expect, it } from "vitest";
import type { ModelUsage } from "../../web/src/features/admin/admin.schemas";
import { daysOf, niceMax, seriesByWeight, shiftDay, stackByDay, ticks } from "../../web/src/features/admin/chart-scale";
import {
  errorsByKind,
  quotaToday,
  summariseModels,
  summariseProviders,
} from "../../web/src/features/admin/usage-figures";

const row = (over: Partial<ModelUsage>): ModelUsage => ({
  day: "2026-11-27",
  model: "gpt-4.1-mini",
  provider: "offline",
  turns: 0,
  failed: 0,
  tokensIn: 0,
  tokensOut: 0,
  searches: 0,
  images: 0,
  thumbsUp: 0,
  thumbsDown: 0,
  errors: {},
  ttftP50Ms: null,
  ttftP95Ms: null,
  ...over,
});

describe("chart scales", () => {
  it("ends an axis on 1, 2 or 5 times a power of ten at or above the largest value", () => {
    expect([0, 1, 3, 7, 10, 11, 43, 180, 999, 1001].map(niceMax)).toEqual([1, 1, 5, 10, 10, 20, 50, 200, 1000, 2000]);
    expect(niceMax(0.3)).toBe(0.5);
    expect(niceMax(Number.NaN)).toBe(1);
  });

  it("spaces ticks evenly from zero to the top", () => {
    expect(ticks(20)).toEqual([0, 5, 10, 15, 20]);
    expect(ticks(1)).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });

  it("lists every day of a span, across a month's end, and none for a reversed one", () => {
    expect(daysOf("2026-11-29", "2026-12-02")).toEqual(["2026-11-29", "2026-11-30", "2026-12-01", "2026-12-02"]);
    expect(daysOf("2026-12-02", "2026-11-29")).toEqual([]);
    expect(shiftDay("2026-12-01", -6)).toBe("2026-11-25");
  });

  it("stacks each day's values in the series' order, adding rows of the same day and series", () => {
    const stacked = stackByDay(
      [
        { day: "2026-11-27", series: "a", value: 2 },
        { day: "2026-11-27", series: "b", value: 3 },
        { day: "2026-11-27", series: "a", value: 1 },
        { day: "2026-11-28", series: "b", value: 4 },
      ],
      ["2026-11-26", "2026-11-27", "2026-11-28"],
      ["a", "b"],
    );
    expect(stacked).toEqual([
      { day: "2026-11-26", total: 0, segments: [] },
      {
        day: "2026-11-27",
        total: 6,
        segments: [
          { series: "a", y0: 0, y1: 3 },
          { series: "b", y0: 3, y1: 6 },
        ],
      },
      { day: "2026-11-28", total: 4, segments: [{ series: "b", y0: 0, y1: 4 }] },
    ]);
  });

  it("orders series by their total, the biggest first", () => {
    const rows = [
      { k: "x", w: 1 },
      { k: "y", w: 5 },
      { k: "x", w: 1 },
      { k: "z", w: 2 },
    ];
    expect(
      seriesByWeight(
        rows,
        (r) => r.k,
        (r) => r.w,
      ),
    ).toEqual(["y", "x", "z"]);
  });
});

describe("usage sums", () => {
  const rows = [
    row({
      day: "2026-11-26",
      turns: 1,
      tokensIn: 10,
      ttftP50Ms: 100,
      ttftP95Ms: 400,
      errors: { timeout: 1 },
      thumbsUp: 2,
    }),
    row({
      day: "2026-11-27",
      turns: 3,
      tokensIn: 30,
      ttftP50Ms: 200,
      ttftP95Ms: 800,
      errors: { timeout: 2, upstream: 3 },
      thumbsUp: 1,
      thumbsDown: 1,
    }),
    row({ day: "2026-11-27", model: "o4-mini", turns: 5, failed: 1, errors: { upstream: 1 } }),
  ];

  it("adds each model's days up, most turns first, TTFT weighted by the days' turns", () => {
    const models = summariseModels(rows);
    expect(models.map((m) => [m.model, m.turns])).toEqual([
      ["o4-mini", 5],
      ["gpt-4.1-mini", 4],
    ]);
    expect(models[1]).toMatchObject({ tokensIn: 40, ttftP50Ms: 175, ttftP95Ms: 700, thumbsUp: 3, thumbsDown: 1 });
    expect(models[0]).toMatchObject({ failed: 1, ttftP50Ms: null, ttftP95Ms: null });
  });

  it("counts failed turns by error code, the most frequent first", () => {
    expect(errorsByKind(rows)).toEqual([
      { code: "upstream", count: 4 },
      { code: "timeout", count: 3 },
    ]);
  });

  it("adds providers' days up", () => {
    const base = { failed: 0, tokensIn: 0, tokensOut: 0, searches: 0, images: 1, thumbsUp: 1, thumbsDown: 0 };
    expect(
      summariseProviders([
        { day: "2026-11-26", provider: "openai", turns: 2, ...base },
        { day: "2026-11-27", provider: "openai", turns: 3, ...base },
        { day: "2026-11-27", provider: "offline", turns: 9, ...base },
      ]),
    ).toEqual([
      { provider: "offline", turns: 9, ...base },
      { provider: "openai", turns: 5, ...base, images: 2, thumbsUp: 2 },
    ]);
  });

  it("names today as the quota day of Asia/Ho_Chi_Minh (UTC+7)", () => {
    expect(quotaToday(Date.parse("2026-11-27T16:59:00Z"))).toBe("2026-11-27");
    expect(quotaToday(Date.parse("2026-11-27T17:00:00Z"))).toBe("2026-11-28");
  });
});
