// A turn's start writes held until its first token has left (durable-objects/state/held-writes.ts): made together, in
// order, a few milliseconds after the token, at an answer's end, or by the deadline; dropped with a deleted account.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  HELD_AFTER_FIRST_TOKEN_MS,
  HELD_WRITES_DEADLINE_MS,
  HeldWrites,
} from "../../../durable-objects/state/held-writes";

describe("HeldWrites", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("makes nothing until asked, then every held write in the order held", () => {
    const held = new HeldWrites();
    const made: string[] = [];
    held.add(() => made.push("checkpoint"));
    held.add(() => made.push("use"));
    expect(made).toEqual([]);
    held.flush();
    expect(made).toEqual(["checkpoint", "use"]);
    held.flush();
    expect(made).toEqual(["checkpoint", "use"]);
  });

  it("makes them HELD_AFTER_FIRST_TOKEN_MS after a first token, not while the token is still leaving", () => {
    const held = new HeldWrites();
    const made: string[] = [];
    held.add(() => made.push("checkpoint"));
    held.flushSoon();
    expect(made).toEqual([]);
    vi.advanceTimersByTime(HELD_AFTER_FIRST_TOKEN_MS - 1);
    expect(made).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(made).toEqual(["checkpoint"]);
  });

  it("makes them by the deadline when no first token comes (a model thinking for seconds)", () => {
    const held = new HeldWrites();
    const made: string[] = [];
    held.add(() => made.push("first"));
    vi.advanceTimersByTime(HELD_WRITES_DEADLINE_MS / 2);
    held.add(() => made.push("second"));
    vi.advanceTimersByTime(HELD_WRITES_DEADLINE_MS / 2 - 1);
    expect(made).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(made).toEqual(["first", "second"]);
    // the next write held has a deadline of its own
    held.add(() => made.push("third"));
    vi.advanceTimersByTime(HELD_WRITES_DEADLINE_MS);
    expect(made).toEqual(["first", "second", "third"]);
  });

  it("still makes the others when one throws, and logs it", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const held = new HeldWrites();
    const made: string[] = [];
    held.add(() => {
      throw new Error("no such table");
    });
    held.add(() => made.push("use"));
    held.flush();
    expect(made).toEqual(["use"]);
    expect(error).toHaveBeenCalledWith("a held write failed", expect.any(Error));
  });

  it("drops what it holds when discarded, deadline included", () => {
    const held = new HeldWrites();
    const made: string[] = [];
    held.add(() => made.push("checkpoint"));
    held.discard();
    vi.advanceTimersByTime(HELD_WRITES_DEADLINE_MS * 2);
    held.flush();
    expect(made).toEqual([]);
  });
});
