// The usage banner: a warning shows its quota's own sentence and the plan's line (or the model switched to); the action
// opens /upgrade for free and Basic users, and the prompt guide (a real guide, in the user's language) for Advanced+
// users, who have no bigger plan.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from "@tanstack/react-router";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Provider, createStore } from "jotai";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { UsageBanner } from "../../web/src/features/models/model-notices";
import { quotaDay } from "../../worker/protocol/rules";
import { type UsageWarningState, usageWarningAtom } from "../../web/src/features/models/models.atoms";
import { modelKeys } from "../../web/src/features/models/models.queries";
import type { Plan } from "../../web/src/features/auth/every-page/auth.schemas";
import { initI18n, setLanguage } from "../../web/src/lib/i18n";

function mount(plan: Plan, kind?: "search" | "image", warning: Partial<UsageWarningState> = {}) {
  const store = createStore();
  store.set(usageWarningAtom, {
    level: "critical",
    remaining: 2,
    model: "GPT 4.1-mini",
    day: quotaDay(),
    ...(kind ? { kind } : {}),
    ...warning,
  });
  const qc = new QueryClient();
  qc.setQueryData(modelKeys.all, { models: [], default: "gpt-4.1-mini", plan });
  const root = createRootRoute();
  const home = createRoute({ getParentRoute: () => root, path: "/", component: UsageBanner });
  const upgrade = createRoute({ getParentRoute: () => root, path: "/upgrade", component: () => <p>plans</p> });
  const prompts = createRoute({ getParentRoute: () => root, path: "/prompts", component: () => <p>library</p> });
  const router = createRouter({
    routeTree: root.addChildren([home, upgrade, prompts]),
    history: createMemoryHistory({ initialEntries: ["/"] }),
  });
  render(
    <Provider store={store}>
      <QueryClientProvider client={qc}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Provider>,
  );
  return router;
}

beforeEach(async () => {
  await initI18n();
  await setLanguage("en");
});
afterEach(cleanup);

describe("UsageBanner", () => {
  it("shows a search warning with the free plan's line, and its action opens the plans page", async () => {
    const router = mount("free", "search");
    // the search texts arrive with their namespace (locales/quota), a moment after the banner
    const hint = await screen.findByTestId("usage-warning-hint");
    expect(hint.textContent).toBe("Upgrade to get many more web searches every day.");
    expect(screen.getByTestId("usage-warning").textContent).toContain("Only 2 web searches left today.");
    fireEvent.click(screen.getByTestId("usage-warning-action"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/upgrade"));
  });

  it("opens the prompt guide for Advanced+ users", async () => {
    const router = mount("advanced", "search");
    const action = await screen.findByTestId("usage-warning-action");
    expect(action.textContent).toBe("Prompt guide");
    expect((await screen.findByTestId("usage-warning-hint")).textContent).toMatch(/^Tip: turn web search on only/);
    fireEvent.click(action);
    const guide = await screen.findByTestId("prompt-guide");
    expect(guide.textContent).toContain("Say what you want");
    expect(screen.getAllByTestId("prompt-guide-tip")).toHaveLength(5);
    expect(router.state.location.pathname).toBe("/");
    fireEvent.click(screen.getByTestId("prompt-guide-close"));
    await waitFor(() => expect(screen.queryByTestId("prompt-guide")).toBeNull());
  });

  it("leads from the prompt guide to the prompt library", async () => {
    const router = mount("advanced");
    fireEvent.click(await screen.findByTestId("usage-warning-action"));
    fireEvent.click(await screen.findByTestId("prompt-guide-library"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/prompts"));
  });

  it("shows a model warning with the Basic plan's line", async () => {
    mount("basic");
    expect((await screen.findByTestId("usage-warning-message")).textContent).toBe(
      "Only 2 uses of GPT 4.1-mini left today.",
    );
    expect(screen.getByTestId("usage-warning-hint").textContent).toBe("Advanced+ gives you more uses every day.");
  });

  it("says in Vietnamese that a model ran out and names the model now answering", async () => {
    await setLanguage("vi");
    mount("free", undefined, {
      level: "zero_remaining",
      remaining: 0,
      model: "GPT 4.1-mini",
      switchedTo: "GPT o4-mini",
    });
    const banner = await screen.findByTestId("usage-warning");
    expect(banner.getAttribute("role")).toBe("alert");
    expect(screen.getByTestId("usage-warning-message").textContent).toBe("GPT 4.1-mini đã hết lượt dùng hôm nay.");
    expect(screen.getByTestId("usage-warning-hint").textContent).toBe(
      "Đã chuyển sang GPT o4-mini để bạn hỏi tiếp. Nâng cấp để có thêm lượt dùng mỗi ngày.",
    );
  });

  it("counts image generations in their own words, not as a model's uses", async () => {
    await setLanguage("vi");
    mount("free", "image");
    expect((await screen.findByTestId("usage-warning-message")).textContent).toBe("Chỉ còn 2 lượt tạo ảnh hôm nay.");
  });
});
