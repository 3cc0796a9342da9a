// The sidebar's history changes in Chromium against the built product: rename through the dialog, a change the worker
// refuses rolled back with a toast, a chat downloaded from the header's export menu or opened as a printable page, and
// "clear conversations"
// emptying the history and leaving the open chat. Each
// change shows at once (optimistic) and holds after a reload. One browser for the whole file, no fixed sleeps.
import { readFileSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launch } from "./support/browser";
import { type ApiSession, apiAccount, call, savedChat, signInAs } from "./support/seed";

const baseURL = inject("baseURL");

const titles = (page: Page) => page.locator("[data-testid=history-item]").allTextContents();
const item = (page: Page, title: string) => page.locator("[data-testid=history-item]", { hasText: title });

describe("history changes in the sidebar", () => {
  let ctx: BrowserContext;
  let page: Page;
  let session: ApiSession;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    session = await apiAccount(baseURL);
    for (const title of ["Trip to Hue", "Pho recipe", "Tax questions"]) {
      ids[title] = (await call<{ data: { id: string } }>(session, "POST", "/chat-sessions", { title })).data.id;
    }
    ctx = await launch({ locale: "en-US" });
    page = ctx.pages()[0] ?? (await ctx.newPage());
    await signInAs(page, session);
    await page.locator("[data-testid=history-item]").first().waitFor();
  });
  afterAll(async () => ctx?.close());

  it("renames a chat through the dialog, and the name holds after a reload", async () => {
    const pho = item(page, "Pho recipe");
    await pho.hover();
    await pho.locator("[data-testid=history-rename]").click();
    await page.fill("[data-testid=rename-input]", "Bun cha recipe");
    await page.click("[data-testid=rename-save]");
    await expect.poll(() => titles(page)).toContain("Bun cha recipe");
    await page.locator("[data-testid=toast]", { hasText: /renamed/i }).waitFor();
    await page.reload();
    await item(page, "Bun cha recipe").waitFor();
    expect(await titles(page)).not.toContain("Pho recipe");
  });

  it("puts a star back and says why when the worker refuses it (the chat was deleted on another device)", async () => {
    await call(session, "PATCH", `/chat-sessions/${ids["Tax questions"]}`, { status: "deleted" });
    const tax = item(page, "Tax questions");
    await tax.hover();
    await tax.locator("[data-testid=history-star]").click();
    await page.locator("[data-testid=toast]", { hasText: "It could not be found." }).waitFor();
    // the refused star is undone, and the list is refreshed from the worker (the deleted chat goes)
    await expect.poll(() => titles(page)).not.toContain("Tax questions");
    expect(await page.locator("[data-testid=history-item][data-starred=true]").count()).toBe(0);
  });

  it("downloads the open chat as Markdown and as JSON from the header's export menu", async () => {
    const id = await savedChat(session, "Export me", ["Phở needs **8 hours** of broth."]);
    await page.goto(`${baseURL}/c/${id}`);
    await page.locator("[data-testid=message][data-sender=bot] .markdown:not(.markdown--pending)").waitFor();
    const download = async (format: "markdown" | "json") => {
      await page.click("[data-testid=export-chat]");
      const [file] = await Promise.all([page.waitForEvent("download"), page.click(`[data-testid=export-${format}]`)]);
      const path = await file.path();
      return { name: file.suggestedFilename(), text: readFileSync(path, "utf8") };
    };
    const md = await download("markdown");
    expect(md.name).toBe("Export me.md");
    expect(md.text).toMatch(/^# Export me\n/);
    expect(md.text).toContain("Phở needs **8 hours** of broth.");
    // the menu closed with the first download
    expect(await page.locator("[data-testid=export-json]").count()).toBe(0);
    const json = await download("json");
    expect(json.name).toBe("Export me.json");
    expect(JSON.parse(json.text).messages.map((m: { message: string }) => m.message)).toEqual([
      "Question 0",
      "Phở needs **8 hours** of broth.",
    ]);
  });

  it("offers the same downloads on a phone, in the drawer's More", async () => {
    const id = await savedChat(session, "On the phone", ["Bún chả, from the phone."]);
    const phone = await ctx.newPage();
    try {
      await phone.setViewportSize({ width: 375, height: 800 });
      await phone.goto(`${baseURL}/c/${id}`);
      await phone.locator("[data-testid=message][data-sender=bot] .markdown:not(.markdown--pending)").waitFor();
      expect(await phone.locator("[data-testid=export-chat]").count()).toBe(0);
      await phone.click("[data-testid=drawer-toggle]");
      await phone.click("[data-testid=sidebar-more]");
      expect(await phone.locator("[data-testid=sidebar-export-print]").getAttribute("href")).toBe(`/print/${id}`);
      const [file] = await Promise.all([
        phone.waitForEvent("download"),
        phone.click("[data-testid=sidebar-export-markdown]"),
      ]);
      expect(file.suggestedFilename()).toBe("On the phone.md");
      expect(readFileSync(await file.path(), "utf8")).toContain("Bún chả, from the phone.");
    } finally {
      await phone.close();
    }
  });

  it("opens a printable page beside the chat: every message, code coloured, formulas typeset, no buttons on paper", async () => {
    const answer =
      "Here:\n\n```python\ndef area(r):\n    return 3.14 * r * r  # " +
      "a very long comment ".repeat(12) +
      "\n```\n\nand $$\\int_0^1 x^2\\,dx = \\tfrac13$$";
    const id = await savedChat(session, "Print me", [answer, "Second answer, **bold**."]);
    await page.goto(`${baseURL}/c/${id}`);
    await page.locator("[data-testid=message][data-sender=bot] .markdown:not(.markdown--pending)").first().waitFor();
    await page.click("[data-testid=export-chat]");
    const [printed] = await Promise.all([ctx.waitForEvent("page"), page.click("[data-testid=export-print]")]);
    try {
      await printed.waitForURL(`**/print/${id}`);
      await printed.locator("[data-testid=print-page][data-state=ready]").waitFor();
      expect(await printed.locator("h1").textContent()).toBe("Print me");
      expect(await printed.locator("[data-testid=print-message]").count()).toBe(4);
      expect(await printed.locator("[data-testid=print-message]").nth(2).textContent()).toContain("Question 1");
      await printed.locator(".md-code .hljs-keyword").first().waitFor();
      await printed.locator(".katex").first().waitFor();
      expect(await printed.title()).toBe("Print me · Mây");
      // on paper: the buttons go, and a long line of code wraps inside the page instead of running off it
      await printed.emulateMedia({ media: "print" });
      expect(await printed.locator("[data-testid=print-button]").isVisible()).toBe(false);
      const overflow = await printed.locator(".md-code pre").evaluate((pre) => pre.scrollWidth - pre.clientWidth);
      expect(overflow).toBeLessThanOrEqual(1);
      await printed.emulateMedia({ media: "screen" });
      expect(await printed.locator("[data-testid=print-button]").isVisible()).toBe(true);
    } finally {
      await printed.close();
    }
  });

  it("says a chat that is not the reader's was not found on the printable page", async () => {
    const stranger = await apiAccount(baseURL, "Someone Else");
    const theirs = await savedChat(stranger, "Not yours", ["Private."]);
    const other = await ctx.newPage();
    try {
      await other.goto(`${baseURL}/print/${theirs}`);
      await other.locator("[data-testid=print-page][data-state=error]").waitFor();
      expect(await other.locator("[role=alert]").textContent()).toBe("This chat was not found.");
      expect(await other.content()).not.toContain("Private.");
    } finally {
      await other.close();
    }
  });

  it("clears every conversation after confirming, leaving the open chat for a new one", async () => {
    await item(page, "Trip to Hue").click();
    await page.waitForURL(`**/c/${ids["Trip to Hue"]}`);
    // with the affiliate and help links, under the sidebar's folded "More"
    await page.click("[data-testid=sidebar-more]");
    await page.click("[data-testid=clear-conversations]");
    await page.waitForSelector("[data-testid=confirm-dialog]");
    await page.click("[data-testid=confirm-ok]");
    await expect.poll(() => page.locator("[data-testid=history-item]").count()).toBe(0);
    await page.waitForURL((url) => url.pathname === "/");
    await page.waitForSelector("[data-testid=greeting]");
    await page.reload();
    await page.waitForSelector("[data-testid=greeting]");
    expect(await page.locator("[data-testid=history-item]").count()).toBe(0);
  });
});
