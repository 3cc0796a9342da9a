// The root of every screen: the routed page plus what is global to the app (toasts, the confirmation dialog, the
// forced-logout popup, the theme).
import type { LoadQueryClient } from "../lib/signed-in/query-client";
import { Outlet, createRootRouteWithContext } from "@tanstack/react-router";
import { NotFound, RouteError } from "../features/layout/every-page/route-fallbacks";
import { ThemeSync } from "../features/theme/theme-sync";
// The global hosts load on first use (on-demand-hosts.tsx): no page pays for a dialog nobody opened.
import { ConfirmHostOnDemand, ForcedLogoutOnDemand, ToasterOnDemand } from "../features/ui/on-demand-hosts";

export interface RouterContext {
  /** The React Query client, loaded on first use (the sign-in page never needs it). */
  queryClient: LoadQueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: NotFound,
  errorComponent: RouteError,
});

function Root() {
  return (
    <>
      <ThemeSync />
      <Outlet />
      <ToasterOnDemand />
      <ConfirmHostOnDemand />
      <ForcedLogoutOnDemand />
    </>
  );
}
