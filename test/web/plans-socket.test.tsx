// Premium in time on the client: the socket's plan_changed refetches what depends on the plan (the user, the models,
// premium info and history, also in Settings > Subscription), and premium_expiration warns with the days left and an
// action that opens /upgrade. The history shows each paid period as active, scheduled or expired.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from "@tanstack/react-router";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { getDefaultStore } from "jotai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PremiumInfoBody, SubscriptionHistoryBody } from "../../worker/protocol/payments";
import type { ServerMessage } from "../../worker/protocol/socket";
import { loadPlansTexts } from "../../web/src/features/plans/plans-texts";
import { loadAccountsTexts } from "../../web/src/features/settings/accounts-texts";
import { SubscriptionTab } from "../../web/src/features/settings/subscription-tab";
import { UpgradePage } from "../../web/src/features/plans/upgrade-page";
import { packagesResponse } from "../../worker/plans/packages";
import { useUserSocket } from "../../web/src/features/socket/signed-in/use-user-socket";
import { toastsAtom } from "../../web/src/features/toast/toast.atoms";
import { initI18n, setLanguage } from "../../web/src/lib/i18n";

let push: ((message: ServerMessage) => void) | null = null;
vi.mock("../../web/src/features/socket/signed-in/socket-client", () => ({
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
    router = createRouter({
      routeTree: root.addChildren([home, upgrade]),
      history: createMemoryHistory({ initialEntries: ["/"] }),
    });
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
    expect(invalidate.mock.calls.map(([f]) => JSON.stringify(f?.queryKey))).toEqual([
      '["auth","me"]',
      '["models"]',
      '["plans"]',
    ]);
  });

  it("warns with the days left before premium ends, and its action opens /upgrade", async () => {
    act(() =>
      push?.({ type: "premium_expiration", premium_end: "2026-11-26T00:00:00.000Z", expired: false, days_left: 3 }),
    );
    const [toast] = getDefaultStore().get(toastsAtom);
    expect(toast?.message).toBe("Your Premium plan expires in 3 days.");
    expect(toast?.action?.label).toBe("Upgrade now");
    act(() => toast?.action?.onClick());
    await waitFor(() => expect(router.state.location.pathname).toBe("/upgrade"));
  });

  it("says when premium has ended", () => {
    act(() =>
      push?.({ type: "premium_expiration", premium_end: "2026-11-20T00:00:00.000Z", expired: true, days_left: 0 }),
    );
    expect(getDefaultStore().get(toastsAtom)[0]?.message).toBe("Your Premium plan has expired.");
  });
});

describe("Settings > Subscription across a plan boundary", () => {
  const DAY = 86_400_000;
  const t0 = Date.parse("2026-01-31T05:00:00Z");
  const iso = (ms: number) => new Date(ms).toISOString();
  // Basic bought Jan 31, Advanced+ bought Feb 10: Advanced+ to Mar 10, then Basic's 18 unused days to Mar 28
  const [basicStart, adStart, adEnd, restEnd] = [t0, t0 + 10 * DAY, t0 + 38 * DAY, t0 + 56 * DAY];
  let now: "advanced" | "basic";
  const info = (): PremiumInfoBody["data"] =>
    now === "advanced"
      ? {
          is_premium: 2,
          plan: "advanced",
          premium_start: iso(basicStart),
          premium_end: iso(restEnd),
          active: true,
          days_left: 46,
          next_plan: "basic",
          next_plan_at: iso(adEnd),
        }
      : {
          is_premium: 1,
          plan: "basic",
          premium_start: iso(basicStart),
          premium_end: iso(restEnd),
          active: true,
          days_left: 18,
          next_plan: null,
          next_plan_at: null,
        };
  const row = (id: string, plan: "BS_1T" | "AD_1T", start: number, end: number, status: string, resumed: boolean) => ({
    id,
    plan,
    start_date: iso(start),
    end_date: iso(end),
    price: plan === "BS_1T" ? 149_000 : 399_000,
    currency: "VND" as const,
    transaction_id: `tx-${id}`,
    status: status as "active",
    method: "bank_transfer",
    resumed,
  });
  const history = (): SubscriptionHistoryBody["data"] => ({
    subscriptions: [
      row("rest", "BS_1T", adEnd, restEnd, now === "advanced" ? "scheduled" : "active", true),
      row("ad", "AD_1T", adStart, adEnd, now === "advanced" ? "active" : "expired", false),
      row("used", "BS_1T", basicStart, adStart, "expired", false),
    ],
  });

  beforeEach(async () => {
    await initI18n();
    await setLanguage("en");
    await Promise.all([loadPlansTexts(), loadAccountsTexts()]);
    now = "advanced";
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        const data = url === "/auth/premium-info" ? info() : url === "/auth/subscription-history" ? history() : null;
        if (!data)
          return new Response(JSON.stringify({ status: "error", code: "not_found", message: url }), { status: 404 });
        return new Response(JSON.stringify({ status: "success", data }), {
          status: 200,
          headers: { "Content-Type": "application/json" },
        });
      }),
    );
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const root = createRootRoute();
    const settings = createRoute({
      getParentRoute: () => root,
      path: "/settings",
      component: function Settings() {
        useUserSocket("u1");
        return <SubscriptionTab />;
      },
    });
    const upgrade = createRoute({ getParentRoute: () => root, path: "/upgrade", component: () => <p>plans</p> });
    const router = createRouter({
      routeTree: root.addChildren([settings, upgrade]),
      history: createMemoryHistory({ initialEntries: ["/settings"] }),
    });
    render(
      <QueryClientProvider client={qc}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(push).not.toBeNull());
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    push = null;
  });

  const statuses = () =>
    screen.getAllByTestId("subscription-row").map((r) => [r.dataset.plan, r.dataset.status, r.dataset.resumed]);

  it("lists Advanced+ active and Basic's resumed days scheduled, then shows Basic once plan_changed arrives at the boundary", async () => {
    await waitFor(() => expect(screen.getByTestId("subscription-plan").textContent).toBe("Advanced+"));
    expect(screen.getByTestId("subscription-next").textContent).toBe("Basic from March 10, 2026");
    await waitFor(() => expect(screen.getAllByTestId("subscription-row")).toHaveLength(3));
    expect(statuses()).toEqual([
      ["BS_1T", "scheduled", "true"],
      ["AD_1T", "active", "false"],
      ["BS_1T", "expired", "false"],
    ]);
    const [rest] = screen.getAllByTestId("subscription-row");
    expect(within(rest!).getByText("Scheduled")).toBeTruthy();
    expect(within(rest!).getByText("The rest of this plan, moved after your higher plan")).toBeTruthy();

    now = "basic";
    act(() => push?.({ type: "plan_changed", plan: "basic", is_premium: 1, premium_end: iso(restEnd) }));
    await waitFor(() => expect(screen.getByTestId("subscription-plan").textContent).toBe("Basic"));
    expect(screen.queryByTestId("subscription-next")).toBeNull();
    await waitFor(() =>
      expect(statuses()).toEqual([
        ["BS_1T", "active", "true"],
        ["AD_1T", "expired", "false"],
        ["BS_1T", "expired", "false"],
      ]),
    );
  });

  it("says 'scheduled' in every language", async () => {
    await waitFor(() => expect(screen.getAllByTestId("subscription-row")).toHaveLength(3));
    const badge = () =>
      within(screen.getAllByTestId("subscription-row")[0]!).getByText(/./, { selector: ".sub-status" }).textContent;
    for (const [lng, text] of [
      ["vi", "Chờ kích hoạt"],
      ["ru", "Запланирована"],
      ["zh", "待生效"],
      ["en", "Scheduled"],
    ] as const) {
      await act(async () => {
        await setLanguage(lng);
        await loadPlansTexts();
      });
      await waitFor(() => expect(badge()).toBe(text));
    }
  });
});

describe("/upgrade with a lower plan queued after the one in force", () => {
  const DAY = 86_400_000;
  beforeEach(async () => {
    await initI18n();
    await setLanguage("en");
    await loadPlansTexts();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("says until when Advanced+ runs and that Basic follows it to the end of paid time", async () => {
    const switchAt = Date.now() + 10 * DAY - 3_600_000;
    const end = switchAt + 30 * DAY;
    const info: PremiumInfoBody["data"] = {
      is_premium: 2,
      plan: "advanced",
      premium_start: new Date(Date.now() - DAY).toISOString(),
      premium_end: new Date(end).toISOString(),
      active: true,
      days_left: 40,
      next_plan: "basic",
      next_plan_at: new Date(switchAt).toISOString(),
    };
    const replies: Record<string, unknown> = {
      "/payments/packages": packagesResponse(),
      "/auth/premium-info": info,
      "/auth/subscription-history": { subscriptions: [] },
    };
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async (url: string) =>
          new Response(JSON.stringify({ status: "success", data: replies[url] }), {
            status: 200,
            headers: { "Content-Type": "application/json" },
          }),
      ),
    );
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const root = createRootRoute({
      component: () => (
        <QueryClientProvider client={qc}>
          <UpgradePage />
        </QueryClientProvider>
      ),
    });
    render(
      <RouterProvider
        router={createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ["/upgrade"] }) })}
      />,
    );
    const day = (ms: number) => new Intl.DateTimeFormat("en-US", { dateStyle: "medium" }).format(ms);
    const until = await screen.findByTestId("premium-until");
    expect(until.textContent).toBe(`until ${day(switchAt)} (10 days left), then Basic until ${day(end)}`);
    expect(screen.getByTestId("current-plan").dataset.plan).toBe("advanced");
  });
});
