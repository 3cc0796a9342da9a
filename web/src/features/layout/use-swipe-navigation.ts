// Touch swipes over the signed-in layout (gestures/swipe-listeners.ts): on a device with a touch screen the listeners
// load once the shell is up; a mouse-only device never fetches them.
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useStore } from "jotai";
import { useEffect } from "react";
import { drawerOpenAtom } from "./layout.atoms";

export function useSwipeNavigation() {
  const store = useStore();
  const router = useRouter();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!(navigator.maxTouchPoints > 0)) return;
    let stop: (() => void) | undefined;
    let live = true;
    import("../gestures/swipe-listeners")
      .then((m) => {
        if (live) stop = m.listenForSwipes({ store, router, queryClient, drawerOpenAtom });
      })
      .catch(() => {}); // offline: no swipes this visit, everything else works
    return () => {
      live = false;
      stop?.();
    };
  }, [store, router, queryClient]);
}
