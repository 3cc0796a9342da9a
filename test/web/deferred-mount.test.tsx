// useDeferredMount: a part nobody sees yet (a phone's closed drawer) is built after the first screen, once the browser
// is idle, or at once when it is needed; once built it stays built. useBuiltAfterFirst: the signed-in layout's header,
// drawer and first screen follow its bare frame, built as a transition.
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useBuiltAfterFirst, useDeferredMount } from "../../web/src/features/layout/use-deferred-mount";

function Part({ needed }: { needed: boolean }) {
  const built = useDeferredMount(needed);
  return built ? <p data-testid="part">built</p> : <p data-testid="placeholder">empty</p>;
}

let idle: Array<() => void> = [];

describe("useDeferredMount", () => {
  beforeEach(() => {
    idle = [];
    vi.stubGlobal("requestIdleCallback", (cb: () => void) => idle.push(cb));
    vi.stubGlobal("cancelIdleCallback", () => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("builds a part that is needed on the first render", () => {
    render(<Part needed />);
    expect(screen.getByTestId("part")).toBeTruthy();
    expect(idle).toHaveLength(0);
  });

  it("builds a hidden part only once the browser is idle", async () => {
    render(<Part needed={false} />);
    expect(screen.getByTestId("placeholder")).toBeTruthy();
    expect(idle).toHaveLength(1);
    await act(async () => idle[0]!());
    expect(screen.getByTestId("part")).toBeTruthy();
  });

  it("builds a hidden part at once when it becomes needed, and keeps it when hidden again", () => {
    const { rerender } = render(<Part needed={false} />);
    expect(screen.queryByTestId("part")).toBeNull();
    rerender(<Part needed />);
    expect(screen.getByTestId("part")).toBeTruthy();
    rerender(<Part needed={false} />);
    expect(screen.getByTestId("part")).toBeTruthy();
  });

  it("waits 2 s where the browser has no requestIdleCallback (Safari)", async () => {
    vi.unstubAllGlobals();
    vi.stubGlobal("requestIdleCallback", undefined);
    vi.useFakeTimers();
    render(<Part needed={false} />);
    await act(async () => vi.advanceTimersByTime(1_999));
    expect(screen.queryByTestId("part")).toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByTestId("part")).toBeTruthy();
  });
});

const shown: string[] = [];
function Screen() {
  const built = useBuiltAfterFirst(300);
  shown.push(built ? "screen" : "frame");
  return built ? <p data-testid="screen">screen</p> : <p data-testid="frame">frame</p>;
}

describe("useBuiltAfterFirst", () => {
  afterEach(() => {
    cleanup();
    shown.length = 0;
  });

  it("renders the frame first, then the part once its transition commits", async () => {
    render(<Screen />);
    expect(await screen.findByTestId("screen")).toBeTruthy();
    expect(shown[0]).toBe("frame");
  });
});
