// Premium in time on the client: the socket's plan_changed refetches what depends on the plan (the user, the models,
// premium info and history), and premium_expiration warns with the days left and an action that opens /upgrade.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from "@tanstack/react-router";
import { act, cleanup, render, waitFor } from "@testing-library/react";
import { getDefaultStore } from "jotai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ServerMessage } from "../../worker/protocol/socket";
import { useUserSocket } from "../../web/src/features/socket/use-user-socket";
import { toastsAtom } from "../../web/src/features/toast/toast.atoms";
import { initI18n, setLanguage } from "../../web/src/lib/i18n";

let push: ((message: ServerMessage) => void) | null = null;
vi.mock("../../web/src/features/socket/socket-client", () => ({
  createSocketClient: (options: { onMessage: (message: ServerMessage) => void }) => {
    push = options.onMessage;
    return { send: () => {}, close: () => {} };
  },
}));

function Shell() {
  useUserSocket("u1");
  return <p>chat</p>;
}

describe("useUserSocket and the plan", () => {
  let qc: QueryClient;
  let router: ReturnType<typeof createRouter>;

  beforeEach(async () => {
    await initI18n();
    await setLanguage("en");
    getDefaultStore().set(toastsAtom, []);
    qc = new QueryClient();
    const root = createRootRoute();
    const home = createRoute({ getParentRoute: () => root, path: "/", component: Shell });
    const upgrade = createRoute({ getParentRoute: () => root, path: "/upgrade", component: () => <p>plans</p> });
    router = createRouter({ routeTree: root.addChildren([home, upgrade]), history: createMemoryHistory({ initialEntries: ["/"] }) });
    render(
      <QueryClientProvider client={qc}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(push).not.toBeNull());
  });
  afterEach(() => {
    cleanup();
    push = null;
  });

  it("refetches the user, the models and the plans queries when the plan changes", () => {
    const invalidate = vi.spyOn(qc, "invalidateQueries");
    act(() => push?.({ type: "plan_changed", plan: "basic", is_premium: 1, premium_end: "2027-11-23T00:00:00.000Z" }));
    expect(invalidate.mock.calls.map(([f]) => JSON.stringify(f?.queryKey))).toEqual(['["auth","me"]', '["models"]', '["plans"]']);
  });

  it("warns with the days left before premium ends, and its action opens /upgrade", async () => {
    act(() => push?.({ type: "premium_expiration", premium_end: "2026-11-26T00:00:00.000Z", expired: false, days_left: 3 }));
    const [toast] = getDefaultStore().get(toastsAtom);
    expect(toast?.message).toBe("Your Premium plan expires in 3 days.");
    expect(toast?.action?.label).toBe("Upgrade now");
    act(() => toast?.action?.onClick());
    await waitFor(() => expect(router.state.location.pathname).toBe("/upgrade"));
  });

  it("says when premium has ended", () => {
    act(() => push?.({ type: "premium_expiration", premium_end: "2026-11-20T00:00:00.000Z", expired: true, days_left: 0 }));
    expect(getDefaultStore().get(toastsAtom)[0]?.message).toBe("Your Premium plan has expired.");
  });
});
