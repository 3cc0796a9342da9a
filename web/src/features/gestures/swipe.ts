// The touch swipe rule, as pure functions (no React, no listeners) so it can be tested on numbers:
// a swipe is at least 100 px horizontal, under 50 px vertical, under 500 ms, and carries a confidence score; what a
// swipe does depends on where it started (the left edge opens the drawer on phones) and what is open; touches that
// start inside things that use horizontal movement themselves (carousels, maps, sliders, code, inputs, scrollers,
// anything marked data-no-swipe) are never swipes.

/** A swipe's thresholds: at least 100 px across, under 50 px up or down, under 500 ms. */
export const SWIPE_MIN_DX_PX = 100;
export const SWIPE_MAX_DY_PX = 50;
export const SWIPE_MAX_MS = 500;
/** Below this confidence (0..1) a movement that passes the thresholds is still too sloppy to act on. */
export const SWIPE_MIN_CONFIDENCE = 0.3;
/** A swipe right that starts within this many px of the screen's left edge opens the drawer. */
export const EDGE_ZONE_PX = 32;

export interface TouchPoint {
  x: number;
  y: number;
  /** Milliseconds, any monotonic clock (event.timeStamp). */
  t: number;
}

export interface Swipe {
  direction: "left" | "right";
  /** 0..1: how clearly this was a deliberate horizontal swipe. */
  confidence: number;
  dx: number;
  dy: number;
  ms: number;
}

const clamp01 = (n: number) => Math.min(1, Math.max(0, n));

/**
 * The confidence of a movement, 0..1, from three parts that each run 0..1:
 * - straightness (weight 0.4): 1 for a flat line, 0 at the 50 px vertical limit;
 * - speed (0.3): 1 for an instant flick, 0 at the 500 ms limit;
 * - distance (0.3): 0 at the 100 px minimum, 1 from 200 px on (a longer swipe is a surer one).
 * A movement outside the thresholds has confidence 0.
 */
export function swipeConfidence(dx: number, dy: number, ms: number): number {
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  if (ax < SWIPE_MIN_DX_PX || ay >= SWIPE_MAX_DY_PX || ms >= SWIPE_MAX_MS || ms < 0) return 0;
  const straightness = 1 - ay / SWIPE_MAX_DY_PX;
  const speed = 1 - ms / SWIPE_MAX_MS;
  const distance = clamp01((ax - SWIPE_MIN_DX_PX) / SWIPE_MIN_DX_PX);
  return Math.round((0.4 * straightness + 0.3 * speed + 0.3 * distance) * 1000) / 1000;
}

/** The swipe between two touch points, or null when the movement is not one (thresholds or confidence). */
export function detectSwipe(start: TouchPoint, end: TouchPoint): Swipe | null {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  const ms = end.t - start.t;
  const confidence = swipeConfidence(dx, dy, ms);
  if (confidence < SWIPE_MIN_CONFIDENCE) return null;
  return { direction: dx > 0 ? "right" : "left", confidence, dx, dy, ms };
}

export type SwipeAction = { kind: "open-drawer" } | { kind: "close-drawer" } | { kind: "chat"; step: 1 | -1 };

export interface SwipeContext {
  /** Phones (≤ 768 px): the sidebar is a drawer. */
  isMobile: boolean;
  drawerOpen: boolean;
  /** Where the touch started, px from the left edge of the viewport. */
  startX: number;
  /** Whether the touch started on the chat screen (not the gallery, settings, ...). */
  onChatScreen: boolean;
}

/**
 * What a swipe does:
 * - drawer open (phones): a swipe left closes it; nothing else happens behind it;
 * - a swipe right from the left edge (phones) opens the drawer;
 * - on the chat screen, a swipe left goes to the next chat down the history list (older), a swipe right to the one
 *   above it (newer), like turning pages: the content moves with the finger.
 */
export function swipeAction(swipe: Swipe, ctx: SwipeContext): SwipeAction | null {
  if (ctx.isMobile && ctx.drawerOpen) return swipe.direction === "left" ? { kind: "close-drawer" } : null;
  if (ctx.isMobile && swipe.direction === "right" && ctx.startX <= EDGE_ZONE_PX) return { kind: "open-drawer" };
  if (!ctx.onChatScreen) return null;
  return { kind: "chat", step: swipe.direction === "left" ? 1 : -1 };
}

/**
 * The chat a step away from the current one in the history's order (the sidebar's order, top to bottom). The new
 * chat screen (currentId null) sits above the list: a step down from it opens the first chat. Null at either end.
 */
export function adjacentChat(order: readonly string[], currentId: string | null, step: 1 | -1): string | null {
  if (currentId === null) return step === 1 ? (order[0] ?? null) : null;
  const index = order.indexOf(currentId);
  if (index === -1) return null;
  return order[index + step] ?? null;
}

/** Elements whose own gestures win over a swipe: inputs, sliders, carousels, maps, code, dialogs, and anything opted out. */
export const NO_SWIPE_SELECTOR = [
  "[data-no-swipe]",
  "input",
  "textarea",
  "select",
  "[contenteditable=''], [contenteditable='true']",
  "[role='slider']",
  "[aria-roledescription='carousel']",
  "[aria-roledescription='slide']",
  ".carousel",
  "[data-carousel]",
  ".map",
  "[data-map]",
  "pre",
  "code",
  ".md-code",
  // modal dialogs and open menus (the drawer is an <aside>, so a swipe inside it still closes it)
  "dialog",
  "[role='menu']",
  "[role='listbox']",
].join(", ");

/** Whether an element scrolls sideways (a wide table, a code line, a chip row): swiping it scrolls it instead. */
function scrollsHorizontally(el: Element): boolean {
  if (el.scrollWidth <= el.clientWidth + 1) return false;
  const overflowX = getComputedStyle(el).overflowX;
  return overflowX === "auto" || overflowX === "scroll";
}

/** Whether a touch that starts on `target` must be left alone (see NO_SWIPE_SELECTOR and sideways scrollers). */
export function isSwipeExcluded(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest(NO_SWIPE_SELECTOR)) return true;
  for (
    let el: Element | null = target;
    el && el !== document.body && el !== document.documentElement;
    el = el.parentElement
  ) {
    if (scrollsHorizontally(el)) return true;
  }
  return false;
}
