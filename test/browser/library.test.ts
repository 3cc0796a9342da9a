// The prompt library and the notification panel in a real browser, end to end on one page: sign up, open the library
// from the sidebar, search it, use a prompt (a new chat's input holds its text; its use is counted), use one with
// {{blanks}} through its form, save one's own prompt with a blank and use it, open the bell
// (offers by default, the store's maintenance placeholder), switch to news, and open /news in a new window.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { join } from "node:path";
import { launch, PASSWORD, SHOTS_DIR, uniqueEmail } from "./support/browser";

const baseURL = inject("baseURL");
let ctx: BrowserContext;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  ctx = await launch({ locale: "en-US" });
  page = ctx.pages()[0] ?? (await ctx.newPage());
  page.on("pageerror", (e) => pageErrors.push(e.message));
});
afterAll(async () => {
  await ctx?.close();
});

describe("prompt library and notifications", () => {
  it("signs up and finds the library in the sidebar", async () => {
    await page.goto(`${baseURL}/register`);
    await page.fill("[data-testid=field-name]", "Lan Nguyen");
    await page.fill("[data-testid=field-email]", uniqueEmail());
    await page.fill("[data-testid=field-password]", PASSWORD);
    await page.fill("[data-testid=field-confirm]", PASSWORD);
    await page.click("[data-testid=register-submit]");
    await page.waitForSelector("[data-testid=greeting]");
    await page.click("[data-testid=open-prompts]");
    await page.waitForURL("**/prompts");
    await page.locator("[data-testid=prompts-popular] [data-testid=prompt-card]").first().waitFor();
    expect(await page.textContent("h1")).toBe("Prompt library");
    expect(await page.locator("[data-testid=prompts-others] [data-testid=prompt-card]").count()).toBeGreaterThan(5);
    // /prompts is also the API's path: a page load of it is still the library screen.
    await page.reload();
    await page.locator("[data-testid=prompts-popular] [data-testid=prompt-card]").first().waitFor();
    await page.screenshot({ path: join(SHOTS_DIR, "library-prompts.png") });
    // The screen scrolls to its last prompts.
    await page.locator("[data-testid=prompts-others] [data-testid=prompt-card]").last().scrollIntoViewIfNeeded();
    expect(await page.locator("[data-testid=prompts-page]").evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  });

  it("searches, opens a prompt and uses it: a new chat's input holds the prompt's text", async () => {
    await page.fill("[data-testid=prompts-search]", "sql query");
    const results = page.locator("[data-testid=prompts-results] [data-testid=prompt-card]");
    await expect
      .poll(() => results.evaluateAll((cards) => cards.map((c) => c.getAttribute("data-id"))))
      .toEqual(["sql-query"]);
    await results.first().click();
    const dialog = page.locator("[data-testid=prompt-dialog]");
    await dialog.locator("[data-testid=prompt-text]").waitFor();
    const text = (await dialog.locator("[data-testid=prompt-text]").textContent()) ?? "";
    expect(text).toContain("Write an SQL query");
    await page.screenshot({ path: join(SHOTS_DIR, "library-prompt-dialog.png") });
    const counted = page.waitForResponse((r) => r.url().endsWith("/prompts/sql-query/use") && r.status() === 200);
    await dialog.locator("[data-testid=prompt-use]").click();
    await page.waitForSelector("[data-testid=greeting]");
    expect(new URL(page.url()).pathname).toBe("/");
    await expect.poll(() => page.inputValue("[data-testid=chat-input]")).toBe(text);
    expect(await (await counted).json()).toMatchObject({
      status: "success",
      data: { id: "sql-query", uses: expect.any(Number) },
    });
  });

  it("asks for a prompt's blanks before filling the input, and saves and uses a prompt of one's own", async () => {
    const blanks = page.locator("[data-testid=blanks-dialog]");
    const names = () =>
      blanks.locator("[data-testid=blank-input]").evaluateAll((els) => els.map((e) => e.dataset.name));
    await page.click("[data-testid=open-prompts]");
    await page.fill("[data-testid=prompts-search]", "email minute");
    await page.locator("[data-testid=prompts-results] [data-testid=prompt-card][data-id=quick-email]").click();
    await page.locator("[data-testid=prompt-dialog] [data-testid=prompt-use]").click();
    await expect.poll(names).toEqual(["recipient", "topic", "key message"]);
    // the first field has the focus (waited for: typed before it moves, the space would press a button); a field left
    // empty stays a blank in the input
    await expect
      .poll(() =>
        blanks
          .locator("[data-testid=blank-input]")
          .first()
          .evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    await page.keyboard.type("Ms. Lan");
    await blanks.locator("[data-testid=blank-input][data-name=topic]").fill("the team lunch");
    expect(await blanks.locator("[data-testid=blanks-preview]").textContent()).toContain(
      "to Ms. Lan about the team lunch",
    );
    await page.screenshot({ path: join(SHOTS_DIR, "library-blanks.png") });
    await blanks.locator("[data-testid=blanks-submit]").click();
    await page.waitForSelector("[data-testid=greeting]");
    await expect
      .poll(() => page.inputValue("[data-testid=chat-input]"))
      .toBe(
        "Write a short, friendly email to Ms. Lan about the team lunch. Main point: {{key message}}. End with a clear next step.",
      );

    await page.click("[data-testid=open-prompts]");
    await page.click("[data-testid=prompts-tab][data-tab=mine]");
    await page.locator("[data-testid=my-prompts-empty]").waitFor();
    await page.click("[data-testid=my-prompt-new]");
    const form = page.locator("[data-testid=my-prompt-form]");
    await form.locator("[data-testid=my-prompt-title]").fill("Weekend trip");
    await form
      .locator("[data-testid=my-prompt-text]")
      .fill("Plan two days in {{city}} for {{ people }} people, {{city}} food included.");
    await expect.poll(() => form.locator("[data-testid=my-prompt-blanks]").textContent()).toBe("Blanks: city, people");
    await form.locator("[data-testid=my-prompt-save]").click();
    const card = page.locator("[data-testid=my-prompt]");
    await expect.poll(() => card.locator(".prompt-card__title").allTextContents()).toEqual(["Weekend trip"]);
    await page.screenshot({ path: join(SHOTS_DIR, "library-my-prompts.png") });
    await card.locator("[data-testid=my-prompt-use]").click();
    await expect.poll(names).toEqual(["city", "people"]);
    await blanks.locator("[data-testid=blank-input][data-name=city]").fill("Hà Nội");
    await blanks.locator("[data-testid=blank-input][data-name=people]").fill("3");
    await blanks.locator("[data-testid=blank-input][data-name=people]").press("Enter");
    await page.waitForSelector("[data-testid=greeting]");
    await expect
      .poll(() => page.inputValue("[data-testid=chat-input]"))
      .toBe("Plan two days in Hà Nội for 3 people, Hà Nội food included.");
  });

  it("shows the unread count on the bell and the offers, store and news tabs in its panel", async () => {
    const bell = page.locator("[data-testid=notifications-bell]");
    // Two offers and three news items are unread; the store is under maintenance.
    await expect.poll(() => bell.locator(".bell__count").textContent()).toBe("5");
    const refetched = page.waitForResponse((r) => new URL(r.url()).pathname === "/feeds");
    await bell.click();
    await refetched;
    const panel = page.locator("[data-testid=notifications-panel]");
    const tabpanel = panel.locator("[data-testid=notifications-tabpanel]");
    await panel.locator("[data-testid=feed-item]").first().waitFor();
    expect(await tabpanel.getAttribute("data-tab")).toBe("offers");
    expect(await panel.locator("[data-testid=feed-item] h3").first().textContent()).toContain(
      "20% off with yearly billing",
    );
    await page.screenshot({ path: join(SHOTS_DIR, "library-notifications.png") });
    await panel.locator("[data-testid=notifications-tab][data-tab=store]").click();
    expect(await panel.locator("[data-testid=feed-maintenance]").textContent()).toContain(
      "This feature is not available yet",
    );
    await panel.locator("[data-testid=notifications-tab][data-tab=news]").click();
    await expect.poll(() => tabpanel.getAttribute("data-tab")).toBe("news");
    expect(await panel.locator("[data-testid=feed-item]").count()).toBe(3);
    expect(await panel.locator("[data-testid=feed-item] h3").first().textContent()).toContain(
      "The prompt library is here",
    );
    // Both live tabs have been shown: nothing is unread any more.
    await expect.poll(() => bell.locator(".bell__count").count()).toBe(0);
  });

  it("opens the news page in a new window", async () => {
    const [popup] = await Promise.all([ctx.waitForEvent("page"), page.click("[data-testid=notifications-open-page]")]);
    await popup.waitForSelector("[data-testid=feed-page][data-tab=news] [data-testid=feed-item]");
    expect(new URL(popup.url()).pathname).toBe("/news");
    expect(await popup.textContent("h1")).toBe("News");
    expect(await popup.locator("[data-testid=feed-item]").count()).toBe(3);
    await popup.screenshot({ path: join(SHOTS_DIR, "library-news-page.png") });
    await popup.close();
    // Escape closes the panel and gives focus back to the bell.
    await page.keyboard.press("Escape");
    await page.locator("[data-testid=notifications-panel]").waitFor({ state: "detached" });
    expect(pageErrors).toEqual([]);
  });
});
