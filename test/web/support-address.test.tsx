// The support address of the FAQ's contact links is the operator's configuration (SUPPORT_EMAIL, answered by
// GET /api/config), not a constant: the help page and the affiliate FAQ's "Contact support" write to it, and show no
// link at all while none is set up.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import i18next from "i18next";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AppConfigBody } from "../../worker/protocol/app-config";
import { SupportLink } from "../../web/src/features/affiliate/support-link";
import { HELP_NS } from "../../web/src/features/help/help-i18n";
import { SupportContact } from "../../web/src/features/help/help-page";
import { appConfigQuery } from "../../web/src/features/help/support-address";
import { PLANS_NS } from "../../web/src/features/plans/plans-texts";
import { initI18n, setLanguage } from "../../web/src/lib/i18n";

function answerConfig(supportEmail: string | null) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      calls.push(url);
      const body: AppConfigBody = { status: "success", data: { support_email: supportEmail } };
      return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
    }),
  );
  return calls;
}

function withQueries(ui: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={qc}>{ui}</QueryClientProvider>);
  return qc;
}

describe("the support address", () => {
  beforeEach(async () => {
    await initI18n();
    await setLanguage("en");
    await i18next.loadNamespaces([HELP_NS, PLANS_NS]);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("is the configured one under the help page's questions", async () => {
    const calls = answerConfig("hotro@may.vn");
    withQueries(<SupportContact />);
    const link = await screen.findByTestId("help-contact-link");
    expect(link.getAttribute("href")).toBe("mailto:hotro@may.vn");
    expect(link.textContent).toBe("hotro@may.vn");
    expect(screen.getByTestId("help-contact").textContent).toBe(
      "Still have a question? Write to our support team: hotro@may.vn",
    );
    expect(calls).toEqual(["/api/config"]);
  });

  it("is the configured one in the affiliate FAQ's Contact support, with the subject filled in", async () => {
    answerConfig("hotro@may.vn");
    withQueries(<SupportLink />);
    const link = await screen.findByTestId("faq-contact");
    expect(link.getAttribute("href")).toBe(
      `mailto:hotro@may.vn?subject=${encodeURIComponent(i18next.t("faq.supportSubject", { ns: PLANS_NS }))}`,
    );
  });

  it("shows no contact link anywhere while none is set up", async () => {
    const calls = answerConfig(null);
    const qc = withQueries(
      <>
        <SupportContact />
        <SupportLink />
      </>,
    );
    await vi.waitFor(() =>
      expect(qc.getQueryData(appConfigQuery().queryKey)).toEqual({ support_email: null, turnstile_site_key: null }),
    );
    await act(async () => {}); // the answer is rendered
    expect(calls).toEqual(["/api/config"]);
    expect(screen.queryByTestId("help-contact")).toBeNull();
    expect(screen.queryByTestId("faq-contact")).toBeNull();
  });
});
