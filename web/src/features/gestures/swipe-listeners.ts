// The document's touch listeners that turn swipes into navigation, by the rule of swipe.ts: open or close the drawer
// on phones, move to the previous or next chat of the history. Passive (scrolling is never delayed); a touch with
// more than one finger, or one that starts where swipes are excluded, is ignored. Loaded only on touch devices, by
// layout/use-swipe-navigation.ts.
import type { AnyRouter } from "@tanstack/react-router";
import { type PrimitiveAtom, getDefaultStore } from "jotai";
import { queryClient } from "../../lib/signed-in/query-client";
import { chatListQuery } from "../chat/chat.queries";
import { groupHistory } from "../history/group-by-date";
import { type TouchPoint, adjacentChat, detectSwipe, isSwipeExcluded, swipeAction } from "./swipe";

const CHAT_PATH = /^\/c\/([^/]+)\/?$/;
/** Phones, where the sidebar is a drawer: the mobile breakpoint (layout/use-media-query.ts, 768 px). */
const MOBILE_QUERY = "(max-width: 768px)";

/**
 * Starts listening; returns the function that stops. The layout hands in its router and its drawer atom (importing
 * layout.atoms from this lazily loaded module upsets the bundler's chunking).
 */
export function listenForSwipes(router: AnyRouter, drawerOpenAtom: PrimitiveAtom<boolean>): () => void {
  const store = getDefaultStore();
  let start: TouchPoint | null = null;

  const onStart = (e: TouchEvent) => {
    const touch = e.touches[0];
    start =
      e.touches.length === 1 && touch && !isSwipeExcluded(e.target)
        ? { x: touch.clientX, y: touch.clientY, t: e.timeStamp }
        : null;
  };
  const onCancel = () => {
    start = null;
  };
  const onEnd = (e: TouchEvent) => {
    const touch = e.changedTouches[0];
    const from = start;
    start = null;
    if (!from || !touch || e.touches.length > 0) return;
    const swipe = detectSwipe(from, { x: touch.clientX, y: touch.clientY, t: e.timeStamp });
    if (!swipe) return;
    const path: string = router.state.location.pathname;
    const chatMatch = CHAT_PATH.exec(path);
    const action = swipeAction(swipe, {
      isMobile: matchMedia(MOBILE_QUERY).matches,
      drawerOpen: store.get(drawerOpenAtom),
      startX: from.x,
      onChatScreen: path === "/" || chatMatch !== null,
    });
    if (!action) return;
    if (action.kind !== "chat") store.set(drawerOpenAtom, action.kind === "open-drawer");
    else {
      // the order the sidebar shows (starred first, then by date), from what is loaded of the history
      const pages = queryClient.getQueryData(chatListQuery().queryKey)?.pages ?? [];
      const order = groupHistory(pages.flatMap((p) => p.chats)).flatMap((g) => g.chats.map((c) => c.id));
      const next = adjacentChat(order, chatMatch ? decodeURIComponent(chatMatch[1]!) : null, action.step);
      if (next) void router.navigate({ to: "/c/$chatId", params: { chatId: next } });
    }
  };

  document.addEventListener("touchstart", onStart, { passive: true });
  document.addEventListener("touchend", onEnd, { passive: true });
  document.addEventListener("touchcancel", onCancel, { passive: true });
  return () => {
    document.removeEventListener("touchstart", onStart);
    document.removeEventListener("touchend", onEnd);
    document.removeEventListener("touchcancel", onCancel);
  };
}
