// The find bar's marks on the chat: every match of the query in the messages on screen, and the current one apart,
// drawn with the CSS Custom Highlight API (CSS.highlights, ::highlight() in chat.css) over Ranges of the text React
// rendered, so React's DOM is never changed. The words are found as the worker's search finds them
// (findWordMatches), in the text a reader sees: a question's bubble, an answer's markdown without its code headers.
// The list is virtualized: messages mount and unmount as the reader scrolls, so the marks are found again after every
// change of the list (a MutationObserver, at most once a frame). The current match is brought into view below the bar.
import { useEffect, useRef } from "react";
import { findWordMatches } from "../../../../../worker/protocol/history-search";

/** The highlight names chat.css styles. */
export const FIND_MATCH_HIGHLIGHT = "find-match";
export const FIND_CURRENT_HIGHLIGHT = "find-current";

/** Space kept between the current match and the bar (or the list's top) above it, and the list's bottom, in px. */
const VIEW_MARGIN_PX = 24;
/** How long the current match is held in view while the list measures the rows around it, in ms. */
const SETTLE_MS = 1500;
/** Frames in a row the current match must stay in view before the hold ends. */
const SETTLED_FRAMES = 6;

/** The text a reader sees in a message: its bubble or its markdown, not its tools, labels or code headers. */
const CONTENT = "[data-testid=message-text], .markdown";
const SKIPPED = ".md-code__header";
/** Elements whose text is apart from the text around them: a word never runs from one into the next. */
const BLOCKS = "p, li, td, th, h1, h2, h3, h4, h5, h6, pre, blockquote, div, tr";

export function highlightsSupported(): boolean {
  return typeof CSS !== "undefined" && "highlights" in CSS && typeof Highlight === "function";
}

/** The Ranges of the query's matches in one message element, in reading order. */
export function messageMatchRanges(message: Element, query: string): Range[] {
  const ranges: Range[] = [];
  for (const content of message.querySelectorAll(CONTENT)) {
    // The content's text nodes, joined into one string (a line break between blocks), with where each one starts.
    const nodes: { node: Text; at: number }[] = [];
    let text = "";
    let block: Element | null = null;
    const walker = document.createTreeWalker(content, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) =>
        node.parentElement?.closest(SKIPPED) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
    });
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const own = node.parentElement?.closest(BLOCKS) ?? null;
      if (own !== block && text) text += "\n";
      block = own;
      nodes.push({ node: node as Text, at: text.length });
      text += node.nodeValue ?? "";
    }
    if (!nodes.length) continue;
    const locate = (offset: number, end: boolean): [Text, number] => {
      // the last node starting before the offset (at its end for a range's end that falls on a boundary)
      let lo = 0;
      let hi = nodes.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (nodes[mid]!.at < offset || (!end && nodes[mid]!.at === offset)) lo = mid;
        else hi = mid - 1;
      }
      const { node, at } = nodes[lo]!;
      return [node, Math.min(offset - at, node.length)];
    };
    for (const match of findWordMatches(text, query)) {
      const range = document.createRange();
      range.setStart(...locate(match.start, false));
      range.setEnd(...locate(match.end, true));
      ranges.push(range);
    }
  }
  return ranges;
}

/** Whether `rect` lies in the list's visible band: below `top` (under the bar and a margin), above its bottom. */
function inView(rect: DOMRect, box: DOMRect, top: number): boolean {
  return rect.top >= top && rect.bottom <= box.bottom - VIEW_MARGIN_PX;
}

export interface FindTarget {
  messageId: string;
  /** Which match of that message, from 0 (the last one when the message has fewer). */
  index: number;
  /** Grows with each step: a step to the same match brings it into view again. */
  request: number;
}

/**
 * Marks `query`'s matches in the messages of `messageIds` inside `container` (the chat), the target's apart, and
 * brings the target into view below `bar` each time it is asked for (a new request). Clears the marks when done.
 */
export function useFindHighlights({
  container,
  bar,
  query,
  messageIds,
  target,
}: {
  container: () => HTMLElement | null;
  bar: () => HTMLElement | null;
  query: string;
  messageIds: ReadonlySet<string>;
  target: FindTarget | null;
}): void {
  const scrolled = useRef<number | null>(null);
  useEffect(() => {
    if (!highlightsSupported()) return;
    const root = container();
    if (!root) return;
    const registry = CSS.highlights;
    let frame = 0;
    let hold: { until: number; inView: number } | null = null;
    let stopped = false;

    const scroller = () => root.querySelector<HTMLElement>("[data-testid=message-list]");
    const update = () => {
      frame = 0;
      if (stopped) return;
      const all: Range[] = [];
      let current: Range | undefined;
      if (query && messageIds.size) {
        for (const message of root.querySelectorAll<HTMLElement>("[data-testid=message][data-message-id]")) {
          const id = message.dataset.messageId!;
          if (!messageIds.has(id)) continue;
          const ranges = messageMatchRanges(message, query);
          all.push(...ranges);
          if (target && id === target.messageId && ranges.length)
            current = ranges[Math.min(target.index, ranges.length - 1)];
        }
      }
      registry.set(FIND_MATCH_HIGHLIGHT, new Highlight(...all));
      const mark = new Highlight(...(current ? [current] : []));
      mark.priority = 1; // drawn over the other matches
      registry.set(FIND_CURRENT_HIGHLIGHT, mark);

      // Bring the target into view once per request, then hold it there while the rows around it are measured.
      if (current && target && scrolled.current !== target.request) {
        scrolled.current = target.request;
        hold = { until: performance.now() + SETTLE_MS, inView: 0 };
      }
      const list = scroller();
      if (hold && current && list) {
        const box = list.getBoundingClientRect();
        const top = Math.max(box.top, bar()?.getBoundingClientRect().bottom ?? box.top) + VIEW_MARGIN_PX;
        const rect = current.getBoundingClientRect();
        if (inView(rect, box, top)) {
          hold.inView++;
        } else {
          hold.inView = 0;
          // a third of the way down the visible band, where the eye looks first
          list.scrollTop += rect.top - (top + (box.bottom - VIEW_MARGIN_PX - top) / 3);
        }
        if (hold.inView >= SETTLED_FRAMES || performance.now() > hold.until) hold = null;
      }
      if (hold) frame = requestAnimationFrame(update);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    // the reader's own scrolling ends a hold at once (not a press in the bar: that is a step, which starts its own)
    const release = (e: Event) => {
      if (!(e.target instanceof Node && bar()?.contains(e.target))) hold = null;
    };
    const observer = new MutationObserver(schedule);
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    root.addEventListener("wheel", release, { passive: true });
    root.addEventListener("touchstart", release, { passive: true });
    root.addEventListener("pointerdown", release);
    schedule();
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      observer.disconnect();
      root.removeEventListener("wheel", release);
      root.removeEventListener("touchstart", release);
      root.removeEventListener("pointerdown", release);
      registry.delete(FIND_MATCH_HIGHLIGHT);
      registry.delete(FIND_CURRENT_HIGHLIGHT);
    };
  }, [container, bar, query, messageIds, target]);
}
