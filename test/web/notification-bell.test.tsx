// The header's bell against a scripted /feeds: it counts the unread items of the live tabs (not the tab under
// maintenance), refetches when it opens, and opening the panel marks the shown tab's items read (kept in
// localStorage), so the count falls; the store tab shows the maintenance placeholder. With notifications switched off
// (Settings > General) it fetches nothing, shows no count and does not refresh every 6 hours, yet the panel still loads.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Provider, createStore } from "jotai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FeedsBody } from "../../worker/protocol/feeds";
import { FEED_REFRESH_MS } from "../../web/src/features/notifications/signed-in/feeds.queries";
import { NotificationBell } from "../../web/src/features/notifications/signed-in/notification-bell";
import { notificationsEnabledAtom } from "../../web/src/features/notifications/signed-in/notifications.atoms";
import { initI18n, setLanguage } from "../../web/src/lib/i18n";

const item = (id: string) => ({
  id,
  title: `Title ${id}`,
  body: "Body",
  url: null,
  image: null,
  published_at: "2025-07-01T08:00:00.000Z",
});
const body: FeedsBody = {
  status: "success",
  data: {
    feeds: [
      { tab: "offers", status: "live", items: [item("o1"), item("o2")] },
      { tab: "store", status: "maintenance", items: [] },
      { tab: "news", status: "live", items: [item("n1")] },
    ],
  },
};

describe("NotificationBell", () => {
  let calls: string[];
  beforeEach(async () => {
    localStorage.clear();
    await initI18n();
    await setLanguage("en");
    calls = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        calls.push(url);
        return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  function renderBell(notifications: boolean) {
    const store = createStore();
    store.set(notificationsEnabledAtom, notifications);
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={qc}>
        <Provider store={store}>
          <NotificationBell />
        </Provider>
      </QueryClientProvider>,
    );
    return { store, bell: screen.getByTestId("notifications-bell") };
  }

  it("counts unread items, refetches on opening, and marks the shown tab read", async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={qc}>
        <Provider store={createStore()}>
          <NotificationBell />
        </Provider>
      </QueryClientProvider>,
    );
    const bell = screen.getByTestId("notifications-bell");
    await waitFor(() => expect(bell.textContent).toBe("Notifications3"));
    expect(calls).toEqual(["/feeds?lang=en"]);

    await act(async () => fireEvent.click(bell));
    await screen.findAllByTestId("feed-item");
    expect(calls).toHaveLength(2);
    expect(screen.getByTestId("notifications-tabpanel").getAttribute("data-tab")).toBe("offers");
    await waitFor(() => expect(bell.textContent).toBe("Notifications1"));
    expect(JSON.parse(localStorage.getItem("feeds_seen") ?? "[]")).toEqual(["o1", "o2"]);

    const tab = (name: string) => screen.getAllByTestId("notifications-tab").find((t) => t.dataset.tab === name)!;
    expect(tab("offers").getAttribute("aria-selected")).toBe("true");
    fireEvent.click(tab("store"));
    expect((await screen.findByTestId("feed-maintenance")).textContent).toContain("This feature is not available yet");
    fireEvent.click(tab("news"));
    await waitFor(() => expect(bell.textContent).toBe("Notifications"));
  });

  it("with notifications on, refreshes the feeds every 6 hours", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { bell } = renderBell(true);
    await waitFor(() => expect(bell.textContent).toBe("Notifications3"));
    expect(calls).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(FEED_REFRESH_MS));
    expect(calls).toHaveLength(2);
  });

  it("with notifications off, fetches nothing and shows no count, but the panel still loads on click", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { store, bell } = renderBell(false);
    await act(() => vi.advanceTimersByTimeAsync(FEED_REFRESH_MS + 1000));
    expect(calls).toEqual([]);
    expect(bell.textContent).toBe("Notifications");

    await act(async () => fireEvent.click(bell));
    expect(await screen.findAllByTestId("feed-item")).toHaveLength(2);
    expect(calls).toEqual(["/feeds?lang=en"]);
    expect(bell.textContent).toBe("Notifications");
    await act(async () => fireEvent.click(bell)); // closed again

    // switched back on: the count of what the panel did not show (the news item)
    act(() => store.set(notificationsEnabledAtom, true));
    await waitFor(() => expect(bell.textContent).toBe("Notifications1"));
  });
});
