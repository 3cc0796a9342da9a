// The signed-in area. The guard shows a visitor without a stored sign-in the landing page at '/' (the address stays
// '/') and sends them to /login from any other signed-in page, remembering it (the sign-in comes back to a shared
// chat to continue); it validates the stored one with the server once at startup, without holding the first screen
// back (a 401 there clears it and ends at /login).
import { QueryClientProvider } from "@tanstack/react-query";
import { Outlet, createFileRoute, redirect } from "@tanstack/react-router";
import { queryClient } from "../lib/signed-in/query-client";
import { getStoredUser } from "../features/auth/every-page/session";
import { AppShell } from "../features/layout/app-shell";

export const Route = createFileRoute("/_app")({
  beforeLoad: ({ context, location }) => {
    if (!getStoredUser()) {
      if (location.pathname === "/") throw redirect({ to: "/welcome", mask: { to: "/" }, replace: true });
      // for the sign-in to come back to a shared chat to continue (features/auth/return-path.ts)
      try {
        sessionStorage.setItem("return_to", location.pathname);
      } catch {}
      throw redirect({ to: "/login" });
    }
    // Validated with the server once (later navigations find it cached), in the background, not before the first
    // screen: awaiting it held the chat's own requests back by a round trip. A 401 (a session ended elsewhere) takes the
    // api module to /login?reason=expired; offline or a server hiccup carries on with the stored user, and the queries
    // retry.
    void Promise.all([context.queryClient(), import("../features/auth/signed-in/auth.queries")])
      .then(([qc, { meQuery }]) => qc.ensureQueryData(meQuery()))
      .catch(() => undefined);
  },
  component: () => (
    <QueryClientProvider client={queryClient}>
      <AppShell>
        <Outlet />
      </AppShell>
    </QueryClientProvider>
  ),
});
