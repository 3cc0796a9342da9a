// The signed-in layout: sidebar + header + the routed chat screen. It also owns what lives as long as the session:
// the socket, the daily reset of model warnings, touch swipes, and closing the drawer when the layout changes.
import { useQuery } from "@tanstack/react-query";
import { useAtomValue, useSetAtom } from "jotai";
import { type ReactNode, useEffect } from "react";
import { meQuery } from "../auth/auth.queries";
import { useDailyReset } from "../models/use-daily-reset";
import { useUserSocket } from "../socket/use-user-socket";
import { Header } from "./header";
import { drawerOpenAtom, sidebarCollapsedAtom } from "./layout.atoms";
import { Sidebar } from "./sidebar";
import { useSwipeNavigation } from "./use-swipe-navigation";
import { useIsMobile } from "./use-media-query";
import { useDeferredFirst } from "./use-deferred-mount";
import "./layout.css";

/** Longest wait for the first screen's transition before it is built outright, in ms (see useDeferredFirst). */
const SCREEN_MAX_WAIT_MS = 1_000;

export function AppShell({ children }: { children: ReactNode }) {
  const me = useQuery(meQuery());
  const isMobile = useIsMobile();
  const setDrawerOpen = useSetAtom(drawerOpenAtom);
  const collapsed = useAtomValue(sidebarCollapsedAtom);
  useUserSocket(me.data?.id);
  useDailyReset();
  useSwipeNavigation();

  // The first screen is built as a transition, which React can pause: the app opens with the header and drawer in one
  // short task and the screen in small slices after it, not all in one long task (a phone's first seconds).
  const screen = useDeferredFirst(children, null, SCREEN_MAX_WAIT_MS);

  useEffect(() => {
    if (!isMobile) setDrawerOpen(false);
  }, [isMobile, setDrawerOpen]);

  return (
    <div className={`shell${collapsed && !isMobile ? " shell--collapsed" : ""}${isMobile ? " shell--mobile" : ""}`}>
      <Sidebar />
      <div className="shell__main">
        <Header />
        <main className="shell__content">{screen}</main>
      </div>
    </div>
  );
}
