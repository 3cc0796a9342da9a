// The signed-in area. The guard sends visitors without a stored sign-in to /login, and validates the stored one
// with the server once at startup (a 401 there clears it and also ends at /login).
import { Outlet, createFileRoute, redirect } from "@tanstack/react-router";
import { ApiError } from "../lib/api";
import { meQuery } from "../features/auth/auth.queries";
import { getStoredUser } from "../features/auth/session";
import { AppShell } from "../features/layout/app-shell";

export const Route = createFileRoute("/_app")({
  beforeLoad: async ({ context }) => {
    if (!getStoredUser()) throw redirect({ to: "/login" });
    try {
      await context.queryClient.ensureQueryData(meQuery());
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) throw redirect({ to: "/login", search: { reason: "expired" } });
      // offline or the server hiccupped: carry on with the stored user; queries will retry
    }
  },
  component: () => (
    <AppShell>
      <Outlet />
    </AppShell>
  ),
});
