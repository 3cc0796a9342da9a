// Languages, theme and the phone layout in a real browser; a screenshot of the chat screen per language is saved
// under test-output/screenshots for review.
import { readFileSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createAccount, launch, SHOTS_DIR, signIn } from "./support/browser";

const baseURL = inject("baseURL");

describe("languages and theme", () => {
  let ctx: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ctx = await launch({ locale: "en-US" });
    page = ctx.pages()[0] ?? (await ctx.newPage());
    await signIn(page, baseURL, await createAccount(baseURL));
  });
  afterAll(async () => ctx?.close());

  // The greeting as each locale file writes it, for this user's name.
  const greetings = Object.fromEntries(
    (["vi", "en", "ru", "zh"] as const).map((lng) => {
      const file = JSON.parse(readFileSync(`locales/${lng}.json`, "utf8"));
      return [lng, String(file.chat.greetingName).replace("{{name}}", "Lan Nguyen")];
    }),
  );

  for (const [lng, greeting] of Object.entries(greetings)) {
    it(`switches to ${lng} and shows translated text`, async () => {
      await page.selectOption("[data-testid=language-select]", lng);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lng);
      expect(await page.textContent("[data-testid=greeting]")).toContain(greeting);
      await page.screenshot({ path: `${SHOTS_DIR}/chat-${lng}.png` });
      await page.reload();
      await page.waitForSelector("[data-testid=greeting]");
      expect(await page.textContent("[data-testid=greeting]")).toContain(greeting);
    });
  }

  it("toggles the theme on the document and the browser theme colour", async () => {
    const read = () =>
      page.evaluate(() => [document.documentElement.dataset.theme, document.querySelector('meta[name="theme-color"]')?.getAttribute("content")]);
    const before = await read();
    await page.click("[data-testid=theme-toggle]");
    const after = await read();
    expect(after[0]).not.toBe(before[0]);
    expect(after[1]).toBe(after[0] === "dark" ? "#202124" : "#ffffff");
    await page.screenshot({ path: `${SHOTS_DIR}/chat-${after[0]}.png` });
  });
});

describe("phone layout", () => {
  it("uses a drawer sidebar at 375 px", async () => {
    const ctx = await launch({ viewport: { width: 375, height: 812 }, locale: "en-US" });
    try {
      const page = ctx.pages()[0] ?? (await ctx.newPage());
      await signIn(page, baseURL, await createAccount(baseURL));
      const sidebar = page.locator("[data-testid=sidebar]");
      const visible = async () => {
        const box = await sidebar.boundingBox();
        return box !== null && box.x + box.width > 10;
      };
      expect(await visible()).toBe(false);
      await page.click("[data-testid=drawer-toggle]");
      await expect.poll(visible).toBe(true);
      await page.screenshot({ path: `${SHOTS_DIR}/mobile-drawer.png` });
      await page.keyboard.press("Escape");
      await expect.poll(visible).toBe(false);
      await page.fill("[data-testid=chat-input]", "Hello from a phone");
      await page.keyboard.press("Enter");
      await page.waitForSelector('[data-testid=message][data-sender="bot"]');
      await page.waitForSelector("[data-testid=send-button]", { timeout: 30_000 });
      await page.screenshot({ path: `${SHOTS_DIR}/mobile-chat.png` });
    } finally {
      await ctx.close();
    }
  });
});
