// The plan cards in jsdom, on the upgrade page and the landing page, with GET /payments/packages answered from the
// worker's own price list: a card priced in another currency than VND (English and Chinese in US$, Russian in ₽) says
// what the bank transfer will be in VND, for the billing period shown; a Vietnamese card, already in VND, does not
// repeat it.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from "@tanstack/react-router";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { packagesResponse } from "../../worker/plans/packages";
import { LandingPage } from "../../web/src/features/landing/landing-page";
import { loadLandingTexts } from "../../web/src/features/landing/landing-i18n";
import { loadPlansTexts } from "../../web/src/features/plans/plans-texts";
import { formatMoney } from "../../web/src/features/plans/prices/pricing";
import { UpgradePage } from "../../web/src/features/plans/upgrade-page";
import { initI18n, setLanguage, type Language } from "../../web/src/lib/i18n";

const packages = packagesResponse();

function json(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
}

beforeAll(async () => {
  await initI18n();
});
beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      if (url === "/payments/packages") return json({ status: "success", data: packages });
      if (url === "/auth/premium-info")
        return json({
          status: "success",
          data: { is_premium: 0, premium_start: null, premium_end: null, plan: "free", active: false, days_left: 0 },
        });
      if (url === "/auth/subscription-history") return json({ status: "success", data: { subscriptions: [] } });
      return new Response(JSON.stringify({ status: "error", code: "not_found", message: url }), { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function inLanguage(lang: Language) {
  await setLanguage(lang);
  await Promise.all([loadPlansTexts(), loadLandingTexts()]);
}

function renderRouted(node: React.ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const root = createRootRoute({ component: () => <QueryClientProvider client={qc}>{node}</QueryClientProvider> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ["/"] }) });
  return render(<RouterProvider router={router} />);
}

/** The transfer in VND of a plan and period, as the language writes VND. */
const vnd = (type: "BS_1T" | "BS_1Y" | "AD_1T" | "AD_1Y", lang: Language) =>
  formatMoney(packages.packages.find((p) => p.type === type)!.amount, "VND", lang);

describe("upgrade page plan cards", () => {
  it.each(["en", "zh", "ru"] as const)(
    "say the VND transfer on every paid card in %s, monthly and yearly",
    async (lang) => {
      await inLanguage(lang);
      renderRouted(<UpgradePage />);
      const basic = await screen.findByTestId("plan-amount-basic");
      expect(basic.dataset.currency).not.toBe("VND");
      for (const [plan, monthly, yearly] of [
        ["basic", "BS_1T", "BS_1Y"],
        ["advanced", "AD_1T", "AD_1Y"],
      ] as const) {
        const card = screen.getByTestId(`plan-card-${plan}`);
        expect(card.textContent).toContain(vnd(monthly, lang));
        fireEvent.click(screen.getByTestId("billing-yearly"));
        await waitFor(() => expect(card.textContent).toContain(vnd(yearly, lang)));
        fireEvent.click(screen.getByTestId("billing-monthly"));
        await waitFor(() => expect(card.textContent).toContain(vnd(monthly, lang)));
      }
    },
  );

  it("does not repeat the amount on Vietnamese cards, already in VND", async () => {
    await inLanguage("vi");
    renderRouted(<UpgradePage />);
    expect((await screen.findByTestId("plan-amount-basic")).dataset.currency).toBe("VND");
    // the price itself is the transfer: the amount appears once
    const card = screen.getByTestId("plan-card-basic");
    expect(card.textContent?.split(vnd("BS_1T", "vi")).length).toBe(2);
  });
});

describe("landing page plan cards", () => {
  it.each(["en", "zh", "ru"] as const)(
    "say the VND transfer on every paid card in %s, for each billing period",
    async (lang) => {
      await inLanguage(lang);
      renderRouted(<LandingPage packages={packages} />);
      for (const [plan, monthly, yearly] of [
        ["basic", "BS_1T", "BS_1Y"],
        ["advanced", "AD_1T", "AD_1Y"],
      ] as const) {
        const card = await screen.findByTestId(`landing-plan-${plan}`);
        // both periods are in the page; the checked radio shows one of them (CSS)
        const transfer = within(card).getByTestId(`landing-transfer-${plan}`);
        expect(transfer.querySelector(".landing__when-monthly")?.textContent).toContain(vnd(monthly, lang));
        expect(transfer.querySelector(".landing__when-yearly")?.textContent).toContain(vnd(yearly, lang));
      }
    },
  );

  it("does not repeat the amount on Vietnamese cards, already in VND", async () => {
    await inLanguage("vi");
    renderRouted(<LandingPage packages={packages} />);
    await screen.findByTestId("landing-plan-basic");
    expect(screen.queryByTestId("landing-transfer-basic")).toBeNull();
  });
});
