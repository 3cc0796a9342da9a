// Shared links in a real browser: a signed-out phone (375 px, JavaScript off) reads a shared chat, the worker's HTML
// fitting the screen with its code and tables scrolling inside themselves; the owner shares from the chat's menu and
// revokes from Settings (the page is a 404 at once); a signed-out visitor signs in from the page and continues the
// chat as a copy of their own.
import type { BrowserContext } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { launch, SHOTS_DIR } from "./support/browser";
import { apiAccount, call, savedChat, signInAs } from "./support/seed";

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

  it("is shared from the chat's menu, opens on a signed-out phone, and is gone once revoked in Settings", async () => {
    const owner = await apiAccount(baseURL);
    const chatId = await savedChat(owner, "Shared from the menu", ["The answer worth sharing"]);
    const ctx = await launch();
    contexts.push(ctx);
    const page = await ctx.newPage();
    await signInAs(page, owner, `/c/${chatId}`);
    // the app's own list: the page's pre-rendered copy of the last messages stays until the list shows
    await page.getByTestId("message-list").getByText("The answer worth sharing").waitFor();
    await page.getByTestId("export-chat").click();
    await page.getByTestId("share-chat").click();
    await page.getByTestId("share-dialog").waitFor();
    await page.getByTestId("share-create").click();
    const url = await page.getByTestId("share-url").inputValue();
    expect(url).toMatch(new RegExp(`^${baseURL}/s/[A-Za-z0-9_-]{22}$`));

    const phone = await launch({ viewport: PHONE, phone: true });
    contexts.push(phone);
    const reader = await phone.newPage();
    expect((await reader.goto(url))?.status()).toBe(200);
    await reader.getByText("The answer worth sharing").waitFor();

    await page.goto(`${baseURL}/settings?tab=security`);
    const id = url.split("/").at(-1) ?? "";
    await page.getByTestId(`share-revoke-${id}`).click();
    await page.getByTestId("confirm-ok").click();
    await page.getByTestId("shared-links-empty").waitFor();
    expect((await reader.reload())?.status()).toBe(404);
    await reader.getByTestId("share-missing").waitFor();
  });

  it("is continued by a signed-out visitor after signing in, as a chat of their own", async () => {
    const owner = await apiAccount(baseURL);
    const chatId = await savedChat(owner, "Worth continuing", ["An answer to carry on from"]);
    const link = await call<{ data: { path: string } }>(owner, "POST", "/shares", { chat_id: chatId });
    const visitor = await apiAccount(baseURL, "Visitor");
    const ctx = await launch();
    contexts.push(ctx);
    const page = await ctx.newPage();
    await page.goto(`${baseURL}${link.data.path}`);
    await page.getByTestId("share-continue").click();
    // not signed in: the sign-in form, and back to the chat to continue after it
    await page.waitForURL(/\/login$/);
    await page.fill("[data-testid=field-email]", visitor.email);
    await page.fill("[data-testid=field-password]", visitor.password);
    await page.click("[data-testid=login-submit]");
    await page.getByTestId("continue-page").waitFor();
    await page.getByTestId("continue-share").click();
    await page.waitForURL(/\/c\/[\w-]+$/);
    await page.getByTestId("message-list").getByText("An answer to carry on from").waitFor();
    const copyId = page.url().split("/").at(-1);
    expect(copyId).not.toBe(chatId);
    const mine = await call<{ data: { id: string; title: string }[] }>(visitor, "GET", "/chat-sessions");
    expect(mine.data.map((c) => [c.id, c.title])).toContainEqual([copyId, "Worth continuing"]);
  });
});
