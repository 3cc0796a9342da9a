// The model switcher's list in jsdom: every model's description is in the user's language, an external model's
// (the user's own API key) included, which the worker's catalogue only has in English.
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from "@tanstack/react-router";
import { cleanup, render, screen, within } from "@testing-library/react";
import i18next from "i18next";
import { createRef } from "react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ModelMenu } from "../../web/src/features/models/on-demand/model-menu";
import type { ModelsResponse } from "../../web/src/features/models/models.schemas";
import { initI18n } from "../../web/src/lib/i18n";

beforeAll(async () => {
  await initI18n();
});
afterEach(cleanup);

type Entry = ModelsResponse["models"][number];

const entry = (patch: Partial<Entry> & Pick<Entry, "id" | "endpoint" | "name">): Entry => ({
  descriptions: {
    free: "Fast and capable for everyday questions",
    premium: "Fast everyday model with a high daily limit",
  },
  premiumRequired: false,
  fileSupport: true,
  supportedFileTypes: [],
  allowed: true,
  remaining: 50,
  total: 50,
  offline: true,
  external: false,
  ...patch,
});

const catalogue = {
  models: [
    entry({ id: "gpt4-mini", endpoint: "gpt-4.1-mini", name: "GPT 4.1-mini" }),
    entry({
      id: "ext-xai",
      endpoint: "ext-xai",
      name: "Grok",
      descriptions: { free: "Connect your own API key (premium)", premium: "Answers with your own API key" },
      premiumRequired: true,
      fileSupport: false,
      remaining: 0,
      total: 0,
      external: true,
    }),
  ],
} as unknown as ModelsResponse;

function renderMenu(premium: boolean) {
  const menu = createRef<HTMLDivElement>();
  const trigger = createRef<HTMLButtonElement>();
  const node = (
    <ModelMenu
      menuRef={menu}
      triggerRef={trigger}
      data={catalogue}
      model={catalogue.models[0]!}
      disabled={[]}
      premium={premium}
      close={() => {}}
    />
  );
  const root = createRootRoute({ component: () => node });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ["/"] }) });
  return render(<RouterProvider router={router} />);
}

const descriptions = async () => {
  const menu = await screen.findByTestId("model-menu");
  return [...menu.querySelectorAll(".model-option__desc")].map((el) => el.textContent);
};

describe("ModelMenu", () => {
  it.each([
    ["vi", "Nhanh và giỏi cho các câu hỏi hằng ngày", "Kết nối khóa API của riêng bạn (gói trả phí)"],
    ["ru", null, "Подключите свой ключ API (платный тариф)"],
    ["zh", null, "连接你自己的 API 密钥（付费套餐）"],
  ])("describes an external model in %s, not in the catalogue's English", async (lng, builtIn, external) => {
    await i18next.changeLanguage(lng);
    renderMenu(false);
    const [first, second] = await descriptions();
    if (builtIn) expect(first).toBe(builtIn);
    expect(second).toBe(external);
    expect(second).not.toMatch(/API key/);
  });

  it("says a premium user's external model answers with their own key, in Vietnamese", async () => {
    await i18next.changeLanguage("vi");
    renderMenu(true);
    const menu = await screen.findByTestId("model-menu");
    expect(within(menu).getByText("Trả lời bằng khóa API của riêng bạn")).toBeTruthy();
  });
});
