// The signed-in area. The guard shows a visitor without a stored sign-in the landing page at '/' (the address stays
// '/') and sends them to /login from any other signed-in page; it validates the stored one
// with the server once at startup (a 401 there clears it and also ends at /login).
import { QueryClientProvider } from "@tanstack/react-query";
import { Outlet, createFileRoute, redirect } from "@tanstack/react-router";
import { ApiError } from "../lib/api";
import { queryClient } from "../lib/query-client";
import { getStoredUser } from "../features/auth/session";
import { AppShell } from "../features/layout/app-shell";

export const Route = createFileRoute("/_app")({
  beforeLoad: async ({ context, location }) => {
    if (!getStoredUser()) {
      if (location.pathname === "/") throw redirect({ to: "/welcome", mask: { to: "/" }, replace: true });
      throw redirect({ to: "/login" });
    }
    try {
      const [qc, { meQuery }] = await Promise.all([context.queryClient(), import("../features/auth/auth.queries")]);
      await qc.ensureQueryData(meQuery());
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) throw redirect({ to: "/login", search: { reason: "expired" } });
      // offline or the server hiccupped: carry on with the stored user; queries will retry
    }
  },
  component: () => (
    <QueryClientProvider client={queryClient}>
      <AppShell>
        <Outlet />
      </AppShell>
    </QueryClientProvider>
  ),
});
