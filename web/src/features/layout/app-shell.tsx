// The signed-in layout: sidebar + header + the routed chat screen. It also owns what lives as long as the session:
// the socket, the daily reset of model warnings, touch swipes, the keyboard shortcuts and dropped files, and closing the
// drawer when the layout changes.
import { useQuery } from "@tanstack/react-query";
import { useAtomValue, useSetAtom } from "jotai";
import { type ReactNode, useEffect } from "react";
import { meQuery } from "../auth/signed-in/auth.queries";
import { useDailyReset } from "../models/use-daily-reset";
import { useUserSocket } from "../socket/signed-in/use-user-socket";
import { usePowerKeys } from "../power-keys/signed-in/power-keys";
import type { Clicked } from "../ui/tooltips";
import { Header } from "./header";
import { drawerOpenAtom, sidebarCollapsedAtom } from "./layout.atoms";
import { Sidebar } from "./sidebar";
import { useSwipeNavigation } from "./use-swipe-navigation";
import { useIsMobile } from "./use-media-query";
import { useBuiltAfterFirst } from "./use-deferred-mount";
import "./layout.css";

// A click hides the tooltips until the pointer moves off (ui/tooltips.ts), loaded with the first move of a pointer:
// only a mouse shows tooltips, and the first screen does not wait for it. Until that code arrives (a slow network),
// clicks are measured here and the last one handed to it, so a button clicked at once still hides its tooltip.
// A click from the keyboard (detail 0) hides nothing: its tooltip is the focused element's.
const clickedPlace = (e: MouseEvent): Clicked =>
  e.detail ? (e.target as Element).closest?.("[data-tooltip]")?.getBoundingClientRect() : undefined;
let clicked: Clicked;
let onClick = (e: MouseEvent) => {
  clicked = clickedPlace(e);
};
addEventListener("click", (e) => onClick(e), true);
addEventListener(
  "pointermove",
  () =>
    void import("../ui/tooltips").then(
      (m) => {
        onClick = m.hideTooltipsOnClick(clicked, clickedPlace);
      },
      () => {},
    ),
  { once: true },
);

/** Longest wait for the first build's transition before it is done outright, in ms (see useBuiltAfterFirst). */
const FIRST_BUILD_MAX_WAIT_MS = 1_000;

export function AppShell({ children }: { children: ReactNode }) {
  const me = useQuery(meQuery());
  const isMobile = useIsMobile();
  const setDrawerOpen = useSetAtom(drawerOpenAtom);
  const collapsed = useAtomValue(sidebarCollapsedAtom);
  useUserSocket(me.data?.id);
  useDailyReset();
  useSwipeNavigation();
  usePowerKeys();

  // The header, the drawer and the first screen are built as a transition, which React can pause: the app opens with
  // the bare frame in one short task and the rest in small slices after it, not in one long task (a phone's first
  // seconds). The router renders this layout as a blocking update (its store is an external one), so the frame is all
  // that update builds.
  const built = useBuiltAfterFirst(FIRST_BUILD_MAX_WAIT_MS);

  useEffect(() => {
    if (!isMobile) setDrawerOpen(false);
  }, [isMobile, setDrawerOpen]);

  return (
    <div className={`shell${collapsed && !isMobile ? " shell--collapsed" : ""}${isMobile ? " shell--mobile" : ""}`}>
      {built ? <Sidebar /> : <div className={`sidebar${isMobile ? " sidebar--drawer is-hidden" : ""}`} />}
      <div className="shell__main">
        {built ? <Header /> : <div className="header" />}
        <main className="shell__content">{built ? children : null}</main>
      </div>
    </div>
  );
}
