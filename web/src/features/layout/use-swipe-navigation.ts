// Touch swipes over the signed-in layout (gestures/swipe-listeners.ts): on a device with a touch screen the listeners
// load once the shell is up; a mouse-only device never fetches them.
import { useRouter } from "@tanstack/react-router";
import { useEffect } from "react";
import { drawerOpenAtom } from "./layout.atoms";

export function useSwipeNavigation() {
  const router = useRouter();
  useEffect(() => {
    if (!(navigator.maxTouchPoints > 0)) return;
    let stop: (() => void) | undefined;
    let live = true;
    import("../gestures/swipe-listeners")
      .then((m) => {
        if (live) stop = m.listenForSwipes(router, drawerOpenAtom);
      })
      .catch(() => {}); // offline: no swipes this visit, everything else works
    return () => {
      live = false;
      stop?.();
    };
  }, [router]);
}
