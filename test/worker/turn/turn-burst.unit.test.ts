// The burst limit's rules (durable-objects/state/turn-burst.ts) with times as numbers: the turn past the limit in the
// window waits until the oldest leaves it, and the rate-limiting binding, where one is bound, decides instead.
import { describe, expect, it, vi } from "vitest";
import {
  TURN_BURST_LIMIT,
  TURN_BURST_WINDOW_MS,
  TurnBurst,
  turnBurstLimit,
  turnBurstWait,
  withTurnStart,
} from "../../../durable-objects/state/turn-burst";
import type { ObjectSql } from "../../../durable-objects/state/object-sql";

/** `n` starts, one every `gapMs` from `from`. */
const startsFrom = (from: number, n: number, gapMs: number) => Array.from({ length: n }, (_, i) => from + i * gapMs);

describe("turnBurstWait", () => {
  it("admits up to the limit in the window and makes the next one wait for the oldest to leave it", () => {
    const t0 = 1_000_000;
    const starts = startsFrom(t0, TURN_BURST_LIMIT - 1, 100);
    const now = t0 + 5_000;
    expect(turnBurstWait(starts, now)).toBeNull();
    const full = withTurnStart(starts, now);
    expect(full).toHaveLength(TURN_BURST_LIMIT);
    // the oldest started at t0, so the next may start once t0 is a whole window ago
    expect(turnBurstWait(full, now + 1)).toBe(t0 + TURN_BURST_WINDOW_MS - (now + 1));
    expect(turnBurstWait(full, t0 + TURN_BURST_WINDOW_MS)).toBeNull();
  });

  it("forgets starts older than the window, and counts only those inside it", () => {
    const old = startsFrom(0, TURN_BURST_LIMIT, 10);
    const now = TURN_BURST_WINDOW_MS + 1_000;
    expect(turnBurstWait(old, now)).toBeNull();
    expect(withTurnStart(old, now)).toEqual([now]);
  });

  it("takes its limit and window as given", () => {
    expect(turnBurstWait([0, 1, 2], 3, 3, 10)).toBe(7);
    expect(turnBurstWait([0, 1, 2], 10, 3, 10)).toBeNull();
    // more starts than the limit (simultaneous turns all started): the wait is until enough of them have left
    expect(turnBurstWait([0, 1, 2, 3, 4], 5, 3, 10)).toBe(7);
  });
});

/** An object's SQLite reduced to the one key the limit keeps. */
function memorySql(): ObjectSql {
  const meta = new Map<string, string>();
  return {
    meta: (key: string) => meta.get(key) ?? null,
    setMeta: (key: string, value: string) => void meta.set(key, value),
  } as unknown as ObjectSql;
}

describe("TurnBurst", () => {
  it("refuses the turn past the limit with 429 too_many_turns and the wait in seconds", async () => {
    const burst = new TurnBurst(memorySql(), undefined);
    const now = Date.now();
    for (let i = 0; i < TURN_BURST_LIMIT; i++) {
      await burst.admit("u1", now + i);
      burst.started(now + i);
    }
    await expect(burst.admit("u1", now + TURN_BURST_LIMIT)).rejects.toMatchObject({
      code: "too_many_turns",
      status: 429,
      details: { retry_after: Math.ceil((TURN_BURST_WINDOW_MS - TURN_BURST_LIMIT) / 1000) },
    });
  });

  it("does not count a turn that was admitted but never started", async () => {
    const burst = new TurnBurst(memorySql(), undefined);
    const now = Date.now();
    for (let i = 0; i < TURN_BURST_LIMIT * 2; i++) await burst.admit("u1", now + i);
    await expect(burst.admit("u1", now + TURN_BURST_LIMIT * 2)).resolves.toBeUndefined();
  });

  it("counts a start whose write is still held, and writes it when the held writes are made", async () => {
    const sql = memorySql();
    const held: (() => void)[] = [];
    const burst = new TurnBurst(sql, undefined, 2, (write) => held.push(write));
    for (const at of [1_000, 1_001]) {
      await burst.admit("u", at);
      burst.started(at);
    }
    expect(sql.meta("turn_starts")).toBeNull();
    await expect(burst.admit("u", 1_002)).rejects.toMatchObject({ code: "too_many_turns" });
    for (const write of held) write();
    expect(JSON.parse(sql.meta("turn_starts")!)).toEqual([1_000, 1_001]);
    await expect(burst.admit("u", 1_003)).rejects.toMatchObject({ code: "too_many_turns" });
  });

  it("asks the rate-limiting binding instead, keyed by the user, with the whole window as the wait", async () => {
    const limit = vi.fn(async ({ key }: { key: string }) => ({ success: key !== "turn:u2" }));
    const burst = new TurnBurst(memorySql(), { limit } as unknown as RateLimit);
    await expect(burst.admit("u1", 0)).resolves.toBeUndefined();
    await expect(burst.admit("u2", 0)).rejects.toMatchObject({
      code: "too_many_turns",
      details: { retry_after: TURN_BURST_WINDOW_MS / 1000 },
    });
    expect(limit.mock.calls.map(([o]) => o.key)).toEqual(["turn:u1", "turn:u2"]);
  });

  it("lets the turn through when the binding fails, and logs it", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const burst = new TurnBurst(memorySql(), {
        limit: async () => {
          throw new Error("limiter unavailable");
        },
      } as unknown as RateLimit);
      await expect(burst.admit("u1", 0)).resolves.toBeUndefined();
      expect(error).toHaveBeenCalledWith(expect.stringContaining("turn_rate_limiter_failed"));
    } finally {
      error.mockRestore();
    }
  });
});

describe("the configured limit", () => {
  it("reads TURN_BURST_LIMIT as a whole number of turns, 0 for none, and falls back to 30 otherwise", () => {
    expect(turnBurstLimit(undefined)).toBe(30);
    expect(turnBurstLimit("")).toBe(30);
    expect(turnBurstLimit("12")).toBe(12);
    expect(turnBurstLimit(" 0 ")).toBe(0);
    expect(turnBurstLimit("-5")).toBe(30);
    expect(turnBurstLimit("lots")).toBe(30);
  });

  it("admits every turn when the limit is 0", async () => {
    const burst = new TurnBurst(memorySql(), undefined, 0);
    for (let i = 0; i < 100; i++) {
      await burst.admit("u", 1_000 + i);
      burst.started(1_000 + i);
    }
  });

  it("refuses the turn past a configured limit", async () => {
    const burst = new TurnBurst(memorySql(), undefined, 2);
    for (const at of [1_000, 1_001]) {
      await burst.admit("u", at);
      burst.started(at);
    }
    await expect(burst.admit("u", 1_002)).rejects.toMatchObject({ code: "too_many_turns" });
  });
});
