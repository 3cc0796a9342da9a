// The swipe rule: its thresholds (≥ 100 px across, < 50 px up or down, < 500 ms) with a confidence score,
// what a swipe does (drawer on phones, previous/next chat in the history's order), and where swipes never start.
import { afterEach, describe, expect, it } from "vitest";
import {
  EDGE_ZONE_PX,
  SWIPE_MIN_CONFIDENCE,
  type Swipe,
  adjacentChat,
  detectSwipe,
  isSwipeExcluded,
  swipeAction,
  swipeConfidence,
} from "../../web/src/features/gestures/swipe";

const at = (x: number, y: number, t: number) => ({ x, y, t });
const swipe = (direction: "left" | "right"): Swipe => ({
  direction,
  confidence: 0.8,
  dx: direction === "left" ? -150 : 150,
  dy: 0,
  ms: 150,
});

describe("detectSwipe", () => {
  it("recognises a quick, flat, long movement in either direction", () => {
    expect(detectSwipe(at(300, 400, 0), at(150, 405, 180))).toMatchObject({
      direction: "left",
      dx: -150,
      dy: 5,
      ms: 180,
    });
    expect(detectSwipe(at(20, 400, 1000), at(200, 390, 1200))).toMatchObject({ direction: "right", dx: 180 });
  });

  it("needs at least 100 px across", () => {
    expect(detectSwipe(at(200, 0, 0), at(101, 0, 50))).toBeNull(); // 99 px
    expect(detectSwipe(at(200, 0, 0), at(0, 0, 50))).not.toBeNull(); // 200 px
  });

  it("refuses 50 px or more of vertical movement (a scroll, not a swipe)", () => {
    expect(detectSwipe(at(0, 0, 0), at(250, 50, 100))).toBeNull();
    expect(detectSwipe(at(0, 0, 0), at(250, -60, 100))).toBeNull();
    expect(detectSwipe(at(0, 0, 0), at(250, 30, 100))).not.toBeNull();
  });

  it("refuses movements that take 500 ms or more (a drag or a text selection)", () => {
    expect(detectSwipe(at(0, 0, 0), at(250, 0, 500))).toBeNull();
    expect(detectSwipe(at(0, 0, 0), at(250, 0, 900))).toBeNull();
    expect(detectSwipe(at(0, 0, 0), at(250, 0, 400))).not.toBeNull();
  });

  it("refuses a movement that only just passes every threshold: its confidence is too low", () => {
    // 100 px, 45 px off the line, 480 ms: each limit met, but barely
    expect(swipeConfidence(100, 45, 480)).toBeLessThan(SWIPE_MIN_CONFIDENCE);
    expect(detectSwipe(at(0, 0, 0), at(100, 45, 480))).toBeNull();
  });
});

describe("swipeConfidence", () => {
  it("is 0 outside the thresholds and at most 1", () => {
    expect(swipeConfidence(99, 0, 10)).toBe(0);
    expect(swipeConfidence(300, 50, 10)).toBe(0);
    expect(swipeConfidence(300, 0, 500)).toBe(0);
    expect(swipeConfidence(400, 0, 0)).toBe(1);
  });

  it("grows with straightness, speed and distance", () => {
    expect(swipeConfidence(150, 5, 200)).toBeGreaterThan(swipeConfidence(150, 30, 200));
    expect(swipeConfidence(150, 5, 100)).toBeGreaterThan(swipeConfidence(150, 5, 400));
    expect(swipeConfidence(190, 5, 200)).toBeGreaterThan(swipeConfidence(120, 5, 200));
    // a distance beyond 200 px adds nothing more
    expect(swipeConfidence(300, 5, 200)).toBe(swipeConfidence(200, 5, 200));
  });

  it("is symmetric left and right, up and down", () => {
    expect(swipeConfidence(-150, -10, 200)).toBe(swipeConfidence(150, 10, 200));
  });
});

describe("swipeAction", () => {
  const phone = { isMobile: true, drawerOpen: false, startX: 200, onChatScreen: true };

  it("opens the drawer on a phone with a swipe right from near the left edge", () => {
    expect(swipeAction(swipe("right"), { ...phone, startX: 5 })).toEqual({ kind: "open-drawer" });
    expect(swipeAction(swipe("right"), { ...phone, startX: EDGE_ZONE_PX })).toEqual({ kind: "open-drawer" });
  });

  it("closes the open drawer with a swipe left, and does nothing else while it is open", () => {
    expect(swipeAction(swipe("left"), { ...phone, drawerOpen: true })).toEqual({ kind: "close-drawer" });
    expect(swipeAction(swipe("right"), { ...phone, drawerOpen: true, startX: 5 })).toBeNull();
  });

  it("moves between chats on the chat screen: left to the next one down the history, right to the one above", () => {
    expect(swipeAction(swipe("left"), phone)).toEqual({ kind: "chat", step: 1 });
    expect(swipeAction(swipe("right"), { ...phone, startX: EDGE_ZONE_PX + 1 })).toEqual({ kind: "chat", step: -1 });
  });

  it("has no drawer gesture on tablets and desktops: a swipe from the edge moves between chats there", () => {
    expect(swipeAction(swipe("right"), { ...phone, isMobile: false, startX: 5 })).toEqual({ kind: "chat", step: -1 });
  });

  it("does not move between chats away from the chat screen (gallery, settings)", () => {
    expect(swipeAction(swipe("left"), { ...phone, onChatScreen: false })).toBeNull();
    expect(swipeAction(swipe("right"), { ...phone, onChatScreen: false, startX: 5 })).toEqual({ kind: "open-drawer" });
  });
});

describe("adjacentChat", () => {
  const order = ["a", "b", "c"];

  it("steps down and up the history's order", () => {
    expect(adjacentChat(order, "b", 1)).toBe("c");
    expect(adjacentChat(order, "b", -1)).toBe("a");
  });

  it("stops at either end", () => {
    expect(adjacentChat(order, "c", 1)).toBeNull();
    expect(adjacentChat(order, "a", -1)).toBeNull();
  });

  it("treats the new chat screen as the place above the list", () => {
    expect(adjacentChat(order, null, 1)).toBe("a");
    expect(adjacentChat(order, null, -1)).toBeNull();
    expect(adjacentChat([], null, 1)).toBeNull();
  });

  it("does nothing for a chat that is not in the loaded history", () => {
    expect(adjacentChat(order, "zz", 1)).toBeNull();
  });
});

describe("isSwipeExcluded", () => {
  afterEach(() => {
    document.body.innerHTML = "";
  });
  const mount = (html: string) => {
    document.body.innerHTML = html;
    return document.getElementById("t")!;
  };

  it("lets a swipe start on ordinary content", () => {
    expect(isSwipeExcluded(mount(`<main><p id="t">Hello</p></main>`))).toBe(false);
    expect(isSwipeExcluded(null)).toBe(false);
  });

  it.each([
    ["a code block", `<div class="md-code"><pre><code><span id="t">const x = 1;</span></code></pre></div>`],
    ["inline code", `<p>run <code id="t">npm start</code></p>`],
    ["an input", `<input id="t" />`],
    ["the chat input", `<textarea id="t"></textarea>`],
    ["a range slider", `<input type="range" id="t" />`],
    ["an ARIA slider", `<div role="slider" aria-valuenow="3"><span id="t">3</span></div>`],
    ["a carousel", `<section aria-roledescription="carousel"><img id="t" alt="" /></section>`],
    ["a map", `<div class="map"><div id="t"></div></div>`],
    ["an element marked data-no-swipe", `<div data-no-swipe><span id="t">x</span></div>`],
    ["an open dialog", `<dialog open><p id="t">Sure?</p></dialog>`],
  ])("ignores a touch that starts in %s", (_, html) => {
    expect(isSwipeExcluded(mount(html))).toBe(true);
  });

  it("ignores a touch that starts in an area that scrolls sideways", () => {
    const target = mount(`<div id="wide" style="overflow-x: auto"><table><tr><td id="t">1</td></tr></table></div>`);
    const wide = document.getElementById("wide")!;
    // jsdom does no layout: give the scroller a content wider than its box
    Object.defineProperty(wide, "scrollWidth", { value: 900, configurable: true });
    Object.defineProperty(wide, "clientWidth", { value: 300, configurable: true });
    expect(isSwipeExcluded(target)).toBe(true);
    Object.defineProperty(wide, "scrollWidth", { value: 300 });
    expect(isSwipeExcluded(target)).toBe(false);
  });
});
