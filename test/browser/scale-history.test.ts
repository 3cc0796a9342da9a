// A long history in a real browser: a seeded history of 2,000 chats keeps about 60 rows in the sidebar while pages
// arrive as it scrolls, and the starred section stays first. (A file of its own beside scale.test.ts: seeding 2,000
// chats takes seconds, and two browser files run side by side.)
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { domNodes, launch } from "./support/browser";
import { type ApiSession, apiAccount, seedHistory, signInAs } from "./support/seed";

const baseURL = inject("baseURL");

describe("a history of 2,000 chats", () => {
  let ctx: BrowserContext;
  let page: Page;
  let session: ApiSession;
  beforeAll(async () => {
    session = await apiAccount(baseURL);
    await seedHistory(session, 2000, 3);
    ctx = await launch();
    page = ctx.pages()[0] ?? (await ctx.newPage());
    await signInAs(page, session);
  });
  afterAll(async () => ctx?.close());

  it("keeps about 60 rows in the sidebar while scrolling to the oldest chat, fetching pages on the way", async () => {
    const pages: string[] = [];
    page.on("request", (req) => {
      if (/\/chat-sessions\?/.test(req.url())) pages.push(req.url());
    });
    const history = page.locator("[data-testid=history]");
    await history.waitFor();
    let maxRows = 0;
    for (let step = 0; step < 400; step++) {
      const rows = await page.locator("[data-testid=history-item]").count();
      maxRows = Math.max(maxRows, rows);
      if (
        (await history.getAttribute("data-count")) === "2000" &&
        (await page.getByText("History chat 1", { exact: true }).count())
      )
        break;
      const count = await history.getAttribute("data-count");
      const atEnd = await page.locator("[data-testid=sidebar-scroll]").evaluate(async (el) => {
        el.scrollBy(0, 1500);
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        return el.scrollTop + el.clientHeight >= el.scrollHeight - 2;
      });
      // at the end of what has loaded: the next page arrives (or every chat is there)
      if (atEnd)
        await page.waitForFunction(
          (before) => {
            const now = document.querySelector("[data-testid=history]")?.getAttribute("data-count");
            return now !== before || now === "2000";
          },
          count,
          { timeout: 15_000 },
        );
    }
    expect(await history.getAttribute("data-count")).toBe("2000");
    await page.getByText("History chat 1", { exact: true }).waitFor();
    expect(maxRows).toBeLessThanOrEqual(80);
    expect(pages.length).toBeGreaterThanOrEqual(19);
    expect(await domNodes(page)).toBeLessThan(3000);
  });

  it("keeps the starred section first and the date groups below it", async () => {
    await page.locator("[data-testid=sidebar-scroll]").evaluate((el) => el.scrollTo(0, 0));
    const headings = page.locator("[data-testid=history-group]");
    await expect.poll(() => headings.first().getAttribute("data-group")).toBe("starred");
    expect(await page.locator('[data-testid=history-item][data-group="starred"]').count()).toBe(3);
    expect(await headings.nth(1).getAttribute("data-group")).toBe("today");
  });
});
