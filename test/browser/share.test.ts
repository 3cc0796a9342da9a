// Shared links in a real browser: a signed-out phone (375 px, JavaScript off) reads a shared chat, the worker's HTML
// fitting the screen with its code and tables scrolling inside themselves.
import type { BrowserContext } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { launch, SHOTS_DIR } from "./support/browser";
import { apiAccount, call, savedChat } from "./support/seed";

const baseURL = inject("baseURL");
const PHONE = { width: 375, height: 740 };

const LONG_CODE = `\`\`\`python\n${"result = some_function_with_a_long_name(argument_one, argument_two, argument_three)\n".repeat(3)}\`\`\``;
const WIDE_TABLE = `| ${Array.from({ length: 9 }, (_, i) => `column ${i}`).join(" | ")} |\n|${"---|".repeat(9)}\n| ${Array.from({ length: 9 }, (_, i) => `value ${i}`).join(" | ")} |`;

describe("a shared chat", () => {
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });

  it("reads on a signed-out 375 px phone without JavaScript, nothing wider than the screen", async () => {
    const owner = await apiAccount(baseURL);
    const chatId = await savedChat(owner, "Python on a phone", [
      `Here is the code:\n\n${LONG_CODE}\n\nAnd a table:\n\n${WIDE_TABLE}`,
      "A second answer with a link to https://example.com/a/very/long/path/that/does/not/break/anywhere/at/all/really",
    ]);
    const link = await call<{ data: { id: string; path: string } }>(owner, "POST", "/shares", { chat_id: chatId });
    const ctx = await launch({ viewport: PHONE, phone: true, javaScript: false, locale: "vi-VN" });
    contexts.push(ctx);
    const page = await ctx.newPage();
    const res = await page.goto(`${baseURL}${link.data.path}`);
    expect(res?.status()).toBe(200);
    await expect(page.title()).resolves.toBe("Python on a phone · Mây");
    expect(await page.getAttribute("html", "lang")).toBe("vi");
    await page.getByTestId("share-title").waitFor();
    expect(await page.locator("article[data-sender=user]").count()).toBe(2);
    expect(await page.locator("article[data-sender=bot]").count()).toBe(2);
    expect(await page.getByTestId("share-continue").textContent()).toBe("Tiếp tục cuộc trò chuyện này");
    // the page never scrolls sideways; the code block and the table do, inside themselves (words kept whole)
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      view: document.documentElement.clientWidth,
      pre: [...document.querySelectorAll("pre")].map((p) => ({ scroll: p.scrollWidth, box: p.clientWidth })),
      table: [...document.querySelectorAll("table")].map((t) => ({ scroll: t.scrollWidth, box: t.clientWidth })),
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.view);
    expect(widths.view).toBe(PHONE.width);
    expect(widths.pre[0]?.scroll).toBeGreaterThan(widths.pre[0]?.box ?? 0);
    expect(widths.table[0]?.scroll).toBeGreaterThan(widths.table[0]?.box ?? 0);
    // readable type on a phone
    const fontSize = await page
      .locator(".body p")
      .first()
      .evaluate((el) => getComputedStyle(el).fontSize);
    expect(Number.parseFloat(fontSize)).toBeGreaterThanOrEqual(16);
    await page.screenshot({ path: `${SHOTS_DIR}/shared-chat-375.png`, fullPage: true });
  });
});
