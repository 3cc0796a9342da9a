// The root of every screen: the routed page plus what is global to the app (toasts, the confirmation dialog, the
// forced-logout popup, the theme).
import type { LoadQueryClient } from "../lib/query-client";
import { Outlet, createRootRouteWithContext } from "@tanstack/react-router";
import { NotFound, RouteError } from "../features/layout/route-fallbacks";
import { ForcedLogoutDialog } from "../features/socket/forced-logout-dialog";
import { ThemeSync } from "../features/theme/theme-sync";
import { Toaster } from "../features/toast/toaster";
import { ConfirmHost } from "../features/ui/confirm-host";

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
      <Toaster />
      <ConfirmHost />
      <ForcedLogoutDialog />
    </>
  );
}
