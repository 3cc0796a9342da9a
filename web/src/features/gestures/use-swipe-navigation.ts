// Listens for touch swipes over the signed-in layout and applies the rule of swipe.ts: open or close the drawer on
// phones, move to the previous or next chat of the history. One passive listener pair on the document (scrolling is
// never delayed); a touch with more than one finger, or one that starts where swipes are excluded, is ignored.
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useStore } from "jotai";
import { useEffect, useRef } from "react";
import { chatListQuery } from "../chat/chat.queries";
import { groupHistory } from "../history/group-by-date";
import { drawerOpenAtom } from "../layout/layout.atoms";
import { useIsMobile } from "../layout/use-media-query";
import { type TouchPoint, adjacentChat, detectSwipe, isSwipeExcluded, swipeAction } from "./swipe";

const CHAT_PATH = /^\/c\/([^/]+)\/?$/;

export function useSwipeNavigation() {
  const isMobile = useIsMobile();
  const store = useStore();
  const router = useRouter();
  const queryClient = useQueryClient();
  const mobileRef = useRef(isMobile);
  mobileRef.current = isMobile;

  useEffect(() => {
    let start: TouchPoint | null = null;

    const onStart = (e: TouchEvent) => {
      const touch = e.touches[0];
      start = e.touches.length === 1 && touch && !isSwipeExcluded(e.target) ? { x: touch.clientX, y: touch.clientY, t: e.timeStamp } : null;
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
      const path = router.state.location.pathname;
      const chatMatch = CHAT_PATH.exec(path);
      const action = swipeAction(swipe, {
        isMobile: mobileRef.current,
        drawerOpen: store.get(drawerOpenAtom),
        startX: from.x,
        onChatScreen: path === "/" || chatMatch !== null,
      });
      if (!action) return;
      if (action.kind === "open-drawer") store.set(drawerOpenAtom, true);
      else if (action.kind === "close-drawer") store.set(drawerOpenAtom, false);
      else {
        // the order the sidebar shows (starred first, then by date), from what is loaded of the history
        const pages = queryClient.getQueryData(chatListQuery().queryKey)?.pages ?? [];
        const order = groupHistory(pages.flatMap((p) => p.chats)).flatMap((g) => g.chats.map((c) => c.id));
        const current = chatMatch ? decodeURIComponent(chatMatch[1]!) : null;
        const next = adjacentChat(order, current, action.step);
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
  }, [store, router, queryClient]);
}
