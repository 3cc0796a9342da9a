// useCountdown: the seconds left until a server moment (a code's resend time), right from the first render that has it.
import { act, cleanup, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useCountdown } from "../../web/src/features/settings/use-countdown";

let seen: number[] = [];
function Probe({ at }: { at: string | null }) {
  seen.push(useCountdown(at));
  return null;
}

describe("useCountdown", () => {
  beforeEach(() => {
    seen = [];
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    vi.setSystemTime(new Date("2026-11-25T10:00:00Z"));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("shows the new countdown in the very render that first has the moment, never a frame of 0", () => {
    const view = render(<Probe at={null} />);
    expect(seen).toEqual([0]);
    view.rerender(<Probe at="2026-11-25T10:01:00Z" />);
    expect(seen.slice(1)).not.toContain(0);
    expect(seen.at(-1)).toBe(60);
  });

  it("ticks down once a second and stops at 0", () => {
    render(<Probe at="2026-11-25T10:00:03Z" />);
    expect(seen.at(-1)).toBe(3);
    act(() => vi.advanceTimersByTime(1_000));
    expect(seen.at(-1)).toBe(2);
    act(() => vi.advanceTimersByTime(2_000));
    expect(seen.at(-1)).toBe(0);
    const renders = seen.length;
    act(() => vi.advanceTimersByTime(5_000));
    expect(seen.length).toBe(renders);
  });

  it("is 0 for a moment already past or missing", () => {
    render(<Probe at="2026-11-25T09:59:00Z" />);
    expect(seen.at(-1)).toBe(0);
  });
});
