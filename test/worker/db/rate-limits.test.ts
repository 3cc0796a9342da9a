// The rate limits' sliding window (worker/db/rate-limits.ts), on the real D1: a budget spent at the end of one window
// is not given again at the start of the next, the previous window's attempts weigh less as the window moves on,
// Retry-After names the moment a next attempt fits, concurrent attempts are counted exactly, and a refund gives back
// an attempt taken in this window or the one before.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createDb } from "../../../worker/db/client";
import { refundRateLimit, takeRateLimit } from "../../../worker/db/rate-limits";

const db = () => createDb(env.DB);
const WINDOW_MS = 15 * 60 * 1000;
const MAX = 10;
/** A window's start in the future, so no other test's rows share it; each test uses its own key. */
const EDGE = Math.ceil((Date.now() + 30 * 24 * 3_600_000) / WINDOW_MS) * WINDOW_MS;

/** Sets the clock (for this isolate, the worker code's too) to `at`. */
function clockAt(at: number) {
  vi.spyOn(Date, "now").mockReturnValue(at);
}

const take = (key: string) => takeRateLimit({ db: db(), key, max: MAX, windowMs: WINDOW_MS });

async function takeMany(key: string, n: number) {
  const hits = [];
  for (let i = 0; i < n; i++) hits.push(await take(key));
  return hits;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("sliding-window rate limits", () => {
  it("refuses a second budget across a window's edge: ten attempts a second before it, one a second after", async () => {
    const key = `test:edge:${crypto.randomUUID()}`;
    clockAt(EDGE - 1_000);
    expect((await takeMany(key, MAX)).every((h) => h.ok)).toBe(true);
    clockAt(EDGE + 1_000);
    const next = await take(key);
    expect(next.ok).toBe(false);
    // the current window holds only this attempt; the previous window's ten still count almost whole
    expect(next.count).toBe(1);
  });

  it("lets attempts through again as the previous window's share shrinks, from the moment Retry-After names", async () => {
    const key = `test:shrink:${crypto.randomUUID()}`;
    clockAt(EDGE - 60_000);
    await takeMany(key, MAX);
    clockAt(EDGE + 60_000);
    const refused = await take(key);
    expect(refused.ok).toBe(false);
    // one attempt in this window; the ten before weigh 10 × (1 − elapsed share), ≤ 8 from 20 % of the window on
    expect(refused.resetAt).toBeCloseTo(EDGE + 0.2 * WINDOW_MS, 0);
    clockAt(Math.ceil(refused.resetAt));
    expect((await take(key)).ok).toBe(true);
    // at 35 %: 3 in this window and 6.5 before fit; a fourth does not
    clockAt(EDGE + 0.35 * WINDOW_MS);
    expect((await take(key)).ok).toBe(true);
    expect((await take(key)).ok).toBe(false);
  });

  it("starts afresh once a whole window has passed without an attempt", async () => {
    const key = `test:fresh:${crypto.randomUUID()}`;
    clockAt(EDGE - 1_000);
    await takeMany(key, MAX + 5);
    clockAt(EDGE + WINDOW_MS + 1_000);
    const hits = await takeMany(key, MAX);
    expect(hits.every((h) => h.ok)).toBe(true);
    expect(hits.at(-1)?.count).toBe(MAX);
  });

  it("names the next window when this window's own attempts leave no room", async () => {
    const key = `test:full:${crypto.randomUUID()}`;
    clockAt(EDGE + 1_000);
    const hits = await takeMany(key, MAX + 1);
    expect(hits.slice(0, MAX).every((h) => h.ok)).toBe(true);
    const refused = hits[MAX]!;
    expect(refused.ok).toBe(false);
    // next window: 11 before, and 11 × (1 − e) + 1 ≤ 10 from e = 2/11 on
    expect(refused.resetAt).toBeCloseTo(EDGE + WINDOW_MS + WINDOW_MS * (2 / 11), 0);
    clockAt(Math.ceil(refused.resetAt));
    expect((await take(key)).ok).toBe(true);
  });

  it("counts concurrent attempts exactly: of twenty at once, ten get through", async () => {
    const key = `test:race:${crypto.randomUUID()}`;
    clockAt(EDGE + 1_000);
    const hits = await Promise.all(Array.from({ length: 20 }, () => take(key)));
    expect(hits.filter((h) => h.ok)).toHaveLength(MAX);
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it("gives back an attempt taken in the window before, as well as one taken in this window", async () => {
    const key = `test:refund:${crypto.randomUUID()}`;
    clockAt(EDGE - 1_000);
    await takeMany(key, MAX);
    clockAt(EDGE + 1_000);
    // the row still holds the previous window's ten as its own: the refund takes one of them back
    await refundRateLimit({ db: db(), key, windowMs: WINDOW_MS });
    expect((await take(key)).ok).toBe(true);
    await refundRateLimit({ db: db(), key, windowMs: WINDOW_MS });
    expect((await take(key)).count).toBe(1);
  });
});
