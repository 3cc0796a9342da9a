// The scrolling list of messages, virtualized with virtua: only the messages in and near the view are in the DOM
// (their heights measured after render), so a chat of thousands of messages opens and scrolls like a short one. Older messages are
// fetched as the reader nears the top, and the view stays where it was while they arrive. It follows new text only
// while the view is at its very end; scrolling up, even a little, stops the following, and a button goes back down
// once the end is more than a few lines away. Sending a question always brings the view down.
import { Component, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type CustomContainerComponentProps, Virtualizer, type VirtualizerHandle } from "virtua";
import { IconArrowDown } from "../ui/icons";
import type { ChatMessage } from "./chat.schemas";
import { MessageItem } from "./message-item";

/**
 * The view follows new text again only when the reader brings it this close to the end, in pixels (fractions of a
 * pixel on a zoomed page). Not more: a view that snapped to the end on its own from further up would move the list
 * under the reader's pointer, between a press and its release.
 */
const END_EPSILON_PX = 2;
/** Within this many pixels of the end, the button that goes back down is not offered. */
const BOTTOM_SLACK_PX = 48;
/** Pixels rendered beyond each edge of the view, so a short scroll shows ready content. */
const BUFFER_PX = 600;
/**
 * Messages the list starts with: a chat opens with only its last few laid out (no work for the ones above), and the
 * rest join one frame later above the view, which stays where it is.
 */
const INITIAL_WINDOW = 8;
/** Older messages are fetched once the first message in view is this close to the top of the loaded ones. */
const LOAD_OLDER_WITHIN = 5;
/**
 * After older messages land above the view, the message at the top of the view is held where it was until the reader
 * scrolls, or until the list has settled: virtua measures the new rows over the next frames, and while its "shift" mode
 * lasts it keeps the END of the list still, so a row measured below the view would otherwise push the view up. Settled
 * means the anchor needed no correction for HOLD_QUIET_FRAMES frames in a row, and at least HOLD_MS (ms) have passed:
 * counted in frames, not time, so a slow phone, whose frames come late and measure late, is held as long as it needs.
 */
const HOLD_MS = 500;
const HOLD_QUIET_FRAMES = 10;
/** The longest hold, in ms, should the list never settle (content that keeps changing size above the view). */
const HOLD_MAX_MS = 5_000;

/** The first message in view and its distance from the top of the scrolling box, in pixels. */
interface Anchor {
  id: string;
  top: number;
}

function readAnchor(el: HTMLElement): Anchor | null {
  const top = el.getBoundingClientRect().top;
  for (const node of el.querySelectorAll<HTMLElement>("[data-testid=message]")) {
    const rect = node.getBoundingClientRect();
    if (rect.bottom > top + 1 && node.dataset.messageId) return { id: node.dataset.messageId, top: rect.top - top };
  }
  return null;
}

/**
 * Reads the view's anchor in the commit that puts older messages in front, just before React changes the page
 * (getSnapshotBeforeUpdate: no hook has that moment), and hands it on once the rows are written, for the hold. Read
 * any earlier (at the last scroll event or render) it could miss a move of virtua's own: virtua draws a row it has not
 * measured at an estimated offset and moves the rows after it once measured, in a render of its own and, for a row in
 * the view, without a scroll event; a page landing then was held at the place from before the move, and the view
 * jumped by the estimate's error (58 to 170 px on a loaded machine).
 */
class ShiftAnchor extends Component<{
  shift: boolean;
  read: () => Anchor | null;
  onShift: (anchor: Anchor | null) => void;
}> {
  override getSnapshotBeforeUpdate() {
    return this.props.shift ? { anchor: this.props.read() } : null;
  }
  override componentDidUpdate(_props: unknown, _state: unknown, snapshot: { anchor: Anchor | null } | null) {
    if (snapshot) this.props.onShift(snapshot.anchor);
  }
  override render() {
    return null;
  }
}

/**
 * The virtualizer's box of rows, without the `pointer-events: none` virtua gives it while the list scrolls (until about
 * 150 ms after the last scroll event). With it, a press right after a scroll landed on nothing: a reader who scrolls
 * and at once taps a copy button, or the scroll that brings a button into view just before it is pressed.
 */
function RowsBox({ style, children, ref }: CustomContainerComponentProps) {
  return (
    <div ref={ref} style={{ ...style, pointerEvents: undefined }}>
      {children}
    </div>
  );
}

/** How far the end of the list is below the view, in pixels. */
const gapBelow = (el: HTMLElement) => el.scrollHeight - el.scrollTop - el.clientHeight;

function anchorOffset(el: HTMLElement, id: string): number | null {
  const node = el.querySelector<HTMLElement>(`[data-testid=message][data-message-id="${CSS.escape(id)}"]`);
  return node ? node.getBoundingClientRect().top - el.getBoundingClientRect().top : null;
}

export function MessageList({
  messages,
  modelNames,
  loading,
  hasOlder = false,
  loadingOlder = false,
  onLoadOlder,
  focusId,
  focusRequest,
}: {
  messages: ChatMessage[];
  /** Endpoint → display name; null while the model catalogue loads (no label yet). */
  modelNames: Record<string, string> | null;
  loading: boolean;
  hasOlder?: boolean;
  loadingOlder?: boolean;
  onLoadOlder?: () => void;
  /** A message to bring into view (loading older pages until it is there) and mark; a new request number repeats it. */
  focusId?: string;
  focusRequest?: number;
}) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const rowsRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<VirtualizerHandle>(null);
  // following: new content brings the view down (a ref: read by the rows' observer, never drawn)
  const followRef = useRef(true);
  const [showDown, setShowDown] = useState(false);
  // Where the rows start in the scrolling box (the list's top padding), for the virtualizer's offsets.
  const [startMargin, setStartMargin] = useState(0);

  const setFollow = (value: boolean) => {
    followRef.current = value;
    if (value) setShowDown(false);
  };
  // the button that goes back down: while not following, once the end is more than BOTTOM_SLACK_PX away
  const updateShowDown = (el: HTMLElement) => setShowDown(!followRef.current && gapBelow(el) > BOTTOM_SLACK_PX);

  // A hold pins the view's anchor after older messages land.
  const holdRef = useRef<{ anchor: Anchor; since: number; quiet: number; frame: number } | null>(null);
  const release = useCallback(() => {
    if (holdRef.current) cancelAnimationFrame(holdRef.current.frame);
    holdRef.current = null;
  }, []);
  const holdStep = useCallback(() => {
    const hold = holdRef.current;
    const el = scrollRef.current;
    if (!hold || !el) return;
    // the anchor may be out of the rendered range for a frame while the list re-renders: try again next frame
    const top = anchorOffset(el, hold.anchor.id);
    const delta = top === null ? 0 : top - hold.anchor.top;
    if (Math.abs(delta) >= 0.5) {
      el.scrollTop += delta;
      hold.quiet = 0;
    } else if (top !== null) {
      hold.quiet++;
    }
    const held = performance.now() - hold.since;
    if (held > HOLD_MAX_MS || (held > HOLD_MS && hold.quiet >= HOLD_QUIET_FRAMES)) return release();
    hold.frame = requestAnimationFrame(holdStep);
  }, [release]);
  useEffect(() => release, [release]);

  const scrollToEnd = (smooth = false) => {
    release();
    const el = scrollRef.current;
    if (!el) return;
    el.scrollTo({ top: el.scrollHeight, behavior: smooth ? "smooth" : "auto" });
  };

  // The chat opens at its end (one list per chat: ChatView keys it by chat) through the observer below: the reader is
  // following until they scroll, so the rows' first size sends the view down, after the browser's own layout and
  // before its paint. Nothing here reads the layout while mounting the rows: a read would force the whole list's first
  // layout into the task that mounts it (one long task on a phone).
  const hasMessages = messages.length > 0;

  // Growing content (streamed text, messages measured, images loading) is followed only while following; otherwise it
  // may take the end far enough away to offer the button. The rows' offset is read here too, where the layout is
  // already done: it moves when the loading line above them goes.
  useEffect(() => {
    const rows = rowsRef.current;
    if (!rows || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      setStartMargin(rows.offsetTop);
      if (followRef.current) scrollToEnd();
      else if (scrollRef.current) updateShowDown(scrollRef.current);
    });
    observer.observe(rows);
    return () => observer.disconnect();
  }, []);

  const [windowed, setWindowed] = useState(true);
  const data = windowed && messages.length > INITIAL_WINDOW ? messages.slice(-INITIAL_WINDOW) : messages;
  useEffect(() => {
    if (!windowed || !hasMessages) return;
    const frame = requestAnimationFrame(() => setWindowed(false));
    return () => cancelAnimationFrame(frame);
  }, [windowed, hasMessages]);

  // Older messages put in front: the virtualizer keeps the view where it was ("shift"), for this render only.
  const firstId = data[0]?.message_id;
  const previousFirst = useRef(firstId);
  const shift =
    previousFirst.current !== undefined &&
    firstId !== previousFirst.current &&
    data.some((m) => m.message_id === previousFirst.current);
  // ...and the render after it ends the shift: virtua's shift is for the render that puts rows in front (its docs);
  // left on until some later render, every change of size meanwhile is handled as rows put in front
  const [, endShift] = useState(0);
  useLayoutEffect(() => {
    previousFirst.current = firstId;
    if (shift) endShift((n) => n + 1);
  }, [firstId, shift]);
  // Older messages about to land (ShiftAnchor): the message to hold is the one at the top of the view, or the one a
  // hold already holds. None while following: the view goes to the end anyway (the chat opens following, so the
  // messages joining above its opening window read no layout).
  const readShiftAnchor = () => {
    const el = scrollRef.current;
    return !el || followRef.current ? null : (holdRef.current?.anchor ?? readAnchor(el));
  };
  // ...and once they are written in front of it, it is held.
  const holdShiftAnchor = (anchor: Anchor | null) => {
    if (!anchor) return;
    release();
    holdRef.current = { anchor, since: performance.now(), quiet: 0, frame: requestAnimationFrame(holdStep) };
  };

  // A new question from the user: go down to it.
  let lastUserId: string | undefined;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]?.sender === "user") {
      lastUserId = messages[i]?.message_id;
      break;
    }
  }
  const seenUserId = useRef(lastUserId);
  useEffect(() => {
    if (lastUserId && lastUserId !== seenUserId.current) {
      setFollow(true);
      scrollToEnd();
    }
    seenUserId.current = lastUserId;
  }, [lastUserId]);

  // Bring the requested message into view: it may be in an older page, fetched one after another until it arrives.
  const pendingFocus = useRef<string | null>(null);
  const [found, setFound] = useState<string | null>(null);
  useEffect(() => {
    pendingFocus.current = focusId ?? null;
  }, [focusId, focusRequest]);
  useEffect(() => {
    const id = pendingFocus.current;
    if (!id) return;
    const index = data.findIndex((m) => m.message_id === id);
    if (index >= 0) {
      pendingFocus.current = null;
      release();
      setFollow(false);
      listRef.current?.scrollToIndex(index, { align: "center" });
      setFound(id);
      return;
    }
    if (windowed) return; // the whole loaded list is one frame away
    if (hasOlder && !loadingOlder) onLoadOlder?.();
    else if (!hasOlder) pendingFocus.current = null; // not in this chat (any more)
  }, [data, windowed, hasOlder, loadingOlder, onLoadOlder, release, focusId, focusRequest]);

  // Near the top of what is loaded: fetch the page before it.
  const maybeLoadOlder = useCallback(() => {
    const list = listRef.current;
    if (!list || windowed || !hasOlder || loadingOlder) return;
    if (list.findItemIndex(Math.max(0, list.scrollOffset - startMargin)) < LOAD_OLDER_WITHIN) onLoadOlder?.();
  }, [windowed, hasOlder, loadingOlder, onLoadOlder, startMargin]);
  useEffect(maybeLoadOlder, [maybeLoadOlder, messages.length]);

  // Following stops only when the view moved UP away from the end: the reader scrolled (touch, keys, the scroll bar;
  // the wheel is caught earlier). A view left below the end by the list itself (rows above measured, an answer
  // growing) is not the reader's doing: the rows' observer brings it down again. It resumes only at the very end
  // (END_EPSILON_PX). A scroll event is dispatched a frame after the change, so it reads where the view is then, not
  // what moved it.
  const lastTopRef = useRef(0);
  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    const top = el.scrollTop;
    const movedUp = top < lastTopRef.current - 1;
    lastTopRef.current = top;
    if (gapBelow(el) <= END_EPSILON_PX) followRef.current = true;
    else if (movedUp) followRef.current = false;
    updateShowDown(el);
  };

  const lastIndex = data.length - 1;
  const keptMounted = lastIndex < 0 ? undefined : lastIndex === 0 ? [0] : [lastIndex - 1, lastIndex];
  return (
    <div className="message-scroll-wrap">
      <ShiftAnchor shift={shift} read={readShiftAnchor} onShift={holdShiftAnchor} />
      {loadingOlder ? (
        <div className="message-list__older" role="status" data-testid="loading-older">
          <span className="spinner spinner--sm" aria-hidden="true" />
          <span className="visually-hidden">{t("common.loading")}</span>
        </div>
      ) : null}
      <div
        ref={scrollRef}
        className="message-scroll"
        onScroll={onScroll}
        // the reader's own scrolling ends a hold at once
        onTouchStart={release}
        onKeyDown={release}
        onPointerDown={release}
        onWheel={(e) => {
          release();
          const el = scrollRef.current;
          // the reader moved up in a list that can scroll: stop following now, before the next chunk lands
          if (e.deltaY < 0 && el && el.scrollHeight > el.clientHeight + END_EPSILON_PX) followRef.current = false;
        }}
        data-testid="message-list"
        data-count={messages.length}
        role="log"
        aria-live="off"
        aria-label={t("chat.messages")}
      >
        <div className="message-list">
          {loading ? (
            <div className="message-list__loading" role="status">
              <span className="spinner" aria-hidden="true" />
              <span className="visually-hidden">{t("common.loading")}</span>
            </div>
          ) : null}
          <div ref={rowsRef} className="message-list__rows">
            <Virtualizer
              ref={listRef}
              as={RowsBox}
              scrollRef={scrollRef}
              data={data}
              shift={shift}
              startMargin={startMargin}
              bufferSize={BUFFER_PX}
              // The last message stays mounted even when scrolled away: an answer streaming into it keeps its state
              // and its measured height, so the list knows how far below the reader the end is. The message above it
              // (the question) too: when virtua moves the view for rows measured above while the view is already at
              // the end, the browser clamps the move and fires no scroll event, and virtua keeps its range from
              // before the move until the next scroll (virtua 0.54), which left the question above a long last
              // answer undrawn.
              keepMounted={keptMounted}
              onScroll={maybeLoadOlder}
            >
              {(m, index) => (
                <div
                  key={m.message_id}
                  className={`message-row${index === lastIndex ? " is-last" : ""}`}
                  data-found={m.message_id === found ? "true" : undefined}
                >
                  <MessageItem
                    message={m}
                    modelName={m.model && modelNames ? (modelNames[m.model] ?? m.model) : undefined}
                  />
                </div>
              )}
            </Virtualizer>
          </div>
        </div>
      </div>
      {showDown ? (
        <button
          type="button"
          className="scroll-bottom"
          data-testid="scroll-to-bottom"
          aria-label={t("chat.scrollToBottom")}
          onClick={() => {
            const el = scrollRef.current;
            // Smooth over a short way; far up a long chat, jump (a smooth ride would render every message on the way).
            const near = el ? gapBelow(el) < 2 * el.clientHeight : true;
            setFollow(true);
            scrollToEnd(near);
          }}
        >
          <IconArrowDown size={18} />
        </button>
      ) : null}
    </div>
  );
}
