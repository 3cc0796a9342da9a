// The main flow in a real browser: sign up, stream an answer, stop one, reload and find the chat under Today,
// star and delete it.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createAccount, launch, PASSWORD, SHOTS_DIR, settled, signIn, uniqueEmail } from "./support/browser";

const baseURL = inject("baseURL");
let ctx: BrowserContext;
let page: Page;
const consoleErrors: string[] = [];

beforeAll(async () => {
  ctx = await launch({ locale: "en-US" });
  page = ctx.pages()[0] ?? (await ctx.newPage());
  page.on("console", (m) => {
    if (m.type() === "error") consoleErrors.push(m.text());
  });
  page.on("pageerror", (e) => consoleErrors.push(e.message));
});
afterAll(async () => ctx?.close());

/** Where the message list's view is: its scroll offset, and how far its end is below the view, in pixels. */
const listView = () =>
  page
    .locator("[data-testid=message-list]")
    .evaluate((el) => ({ top: el.scrollTop, gap: el.scrollHeight - el.scrollTop - el.clientHeight }));

/** Asks `question` and returns once its answer streams, with the pointer over the list (where the wheel scrolls). */
async function askAndHover(question: string) {
  await page.fill("[data-testid=chat-input]", question);
  await page.keyboard.press("Enter");
  await page.waitForSelector("[data-testid=stop-button]");
  await page.locator("[data-testid=message-list]").hover();
}

describe("chatting in the browser", () => {
  it("serves the SPA with a strict Content-Security-Policy", async () => {
    const res = await page.goto(`${baseURL}/login`);
    const csp = res?.headers()["content-security-policy"] ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    // the one inline script, the boot script that sets the stored theme before the first paint, is allowed by its
    // hash (no 'unsafe-inline'), and it ran: the last test checks no CSP violation was reported on the way
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'/);
    expect(/script-src[^;]*/.exec(csp)?.[0]).not.toContain("unsafe-inline");
    expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toMatch(/^(light|dark)$/);
  });

  it("signs up with the form, showing the validation texts first", async () => {
    // a guest at '/' sees the landing page, whose sign-up action opens the form
    await page.goto(`${baseURL}/`);
    // (the pre-rendered page holds a copy per language: the shown one's)
    await page.click("[data-testid=landing-sign-up] >> visible=true");
    await page.waitForURL("**/register");
    await page.fill("[data-testid=field-name]", "Lan Nguyen");
    await page.fill("[data-testid=field-email]", "not-an-email");
    await page.fill("[data-testid=field-password]", "short");
    await page.fill("[data-testid=field-confirm]", "other");
    await page.click("[data-testid=register-submit]");
    await expect.poll(() => page.textContent("[data-testid=error-email]")).toMatch(/email/i);
    expect(await page.textContent("[data-testid=error-password]")).toMatch(/8/);
    await page.fill("[data-testid=field-email]", uniqueEmail());
    await page.fill("[data-testid=field-password]", PASSWORD);
    await page.fill("[data-testid=field-confirm]", PASSWORD);
    await page.click("[data-testid=register-submit]");
    await page.waitForSelector("[data-testid=greeting]");
    // the suggestions' texts load with the new chat's screen, just after its greeting
    await expect.poll(() => page.locator("[data-testid=suggestion]").count()).toBe(4);
    await page.waitForSelector("[data-testid=offline-notice]");
  });

  it("ignores an empty or whitespace prompt", async () => {
    await page.fill("[data-testid=chat-input]", "   ");
    await page.keyboard.press("Enter");
    await settled(page);
    expect(await page.locator("[data-testid=message]").count()).toBe(0);
  });

  it("streams the answer as markdown while it arrives, then keeps it", async () => {
    await page.fill("[data-testid=chat-input]", "Explain how clouds form, with an example");
    await page.keyboard.press("Enter");
    const bot = page.locator('[data-testid=message][data-sender="bot"]').last();
    await bot.waitFor();
    // while streaming: the stop button shows and the text grows
    await page.waitForSelector("[data-testid=stop-button]");
    const early = (await bot.textContent())?.length ?? 0;
    await expect.poll(async () => (await bot.textContent())?.length ?? 0, { timeout: 10_000 }).toBeGreaterThan(early);
    await page.waitForSelector("[data-testid=send-button]", { timeout: 30_000 });
    await expect.poll(() => bot.getAttribute("data-streaming")).not.toBe("true");
    expect(await bot.locator("h1, h2, h3").count()).toBeGreaterThan(0);
    expect(await bot.locator("pre code").count()).toBeGreaterThan(0);
    expect(await bot.locator("table").count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS_DIR}/chat-answer.png` });
  });

  it("stops an answer and keeps the partial text marked as stopped", async () => {
    await page.fill("[data-testid=chat-input]", "Write a very long essay about the history of Vietnam");
    await page.click("[data-testid=send-button]");
    await page.waitForSelector("[data-testid=stop-button]");
    const bot = page.locator('[data-testid=message][data-sender="bot"]').last();
    await expect.poll(async () => (await bot.textContent())?.length ?? 0).toBeGreaterThan(40);
    await page.click("[data-testid=stop-button]");
    await page.waitForSelector("[data-testid=send-button]");
    await expect.poll(() => bot.getAttribute("data-stopped")).toBe("true");
    await bot.locator("[data-testid=message-stopped]").waitFor();
  });

  it("finds the chat under Today after a reload, with both answers saved", async () => {
    await page.reload();
    await page.locator('[data-testid=history-group][data-group="today"]').waitFor();
    const item = page.locator('[data-testid=history-item][data-group="today"]').first();
    expect(await item.textContent()).toContain("Explain how clouds form, with");
    await page.waitForSelector('[data-testid=message][data-sender="bot"]');
    // the list is virtualized: only the messages near the view are in the page (the first answer, with its code block
    // and table, may be above that range when the stopped answer ran long), so the loaded ones are counted by the list
    await expect.poll(() => page.locator("[data-testid=message-list]").getAttribute("data-count")).toBe("4");
    // the stopped answer is the last message, in view at the chat's end
    await expect
      .poll(() => page.locator('[data-testid=message][data-sender="bot"]').last().getAttribute("data-stopped"))
      .toBe("true");
    expect(await page.locator('[data-testid=message][data-sender="bot"][data-stopped="true"]').count()).toBe(1);
  });

  it("stops following the stream when the reader scrolls up, and offers scroll-to-bottom", async () => {
    await askAndHover("One more question: how does rain form over the sea?");
    await page.mouse.wheel(0, -600);
    await page.locator("[data-testid=scroll-to-bottom]").waitFor();
    const parked = await listView();
    await page.waitForSelector("[data-testid=send-button]", { timeout: 30_000 });
    const after = await listView();
    // the answer kept growing below, but the view stayed where the reader put it
    expect(Math.abs(after.top - parked.top)).toBeLessThan(5);
    expect(after.gap).toBeGreaterThan(parked.gap);
    await page.click("[data-testid=scroll-to-bottom]");
    await expect.poll(async () => (await listView()).gap).toBeLessThan(40);
    await expect.poll(() => page.locator("[data-testid=scroll-to-bottom]").count()).toBe(0);
  });

  it("stays where a small scroll up put the view while the answer grows, and follows again once back at the end", async () => {
    await askAndHover("And how do clouds stay up?");
    // less than the 48 px within which no button is offered: the view must not snap back to the end on its own (it
    // would move the list under the reader's pointer, between a press and its release)
    await page.mouse.wheel(0, -30);
    await expect.poll(async () => (await listView()).gap).toBeGreaterThan(10);
    const parked = await listView();
    await page.waitForSelector("[data-testid=send-button]", { timeout: 30_000 });
    const after = await listView();
    expect(Math.abs(after.top - parked.top)).toBeLessThan(5);
    // the answer grew the end away: now the way down is offered
    expect(after.gap).toBeGreaterThan(48);
    await page.locator("[data-testid=scroll-to-bottom]").waitFor();
    // the reader scrolls back to the very end: following again, no button
    await page.mouse.wheel(0, 20_000);
    await expect.poll(async () => (await listView()).gap).toBeLessThan(2);
    await expect.poll(() => page.locator("[data-testid=scroll-to-bottom]").count()).toBe(0);
  });

  it("takes a press at once after a scroll: the messages keep receiving the pointer while the list moves", async () => {
    // (virtua turns the pointer off on its rows while a list scrolls, until 150 ms after the last scroll: a tap right
    // after a scroll, or after the scroll that brings a button into view, landed on nothing)
    const hits = await page.locator("[data-testid=message-list]").evaluate(async (el) => {
      const frame = () => new Promise((r) => requestAnimationFrame(r));
      const box = el.getBoundingClientRect();
      const rows = el.querySelector(".message-list__rows > div");
      const seen: boolean[] = [];
      for (let i = 0; i < 6; i++) {
        el.scrollBy(0, i % 2 ? 40 : -40);
        await frame();
        await frame();
        seen.push(
          Boolean(rows?.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2))),
        );
      }
      return seen;
    });
    expect(hits).toEqual([true, true, true, true, true, true]);
  });

  it("reads a finished answer's stream to its end: its request finishes, none is failed or canceled", async () => {
    const cdp = await ctx.newCDPSession(page);
    await cdp.send("Network.enable");
    const asked: string[] = [];
    const outcome = new Map<string, string>();
    cdp.on("Network.requestWillBeSent", (e) => {
      if (e.request.method === "POST" && new URL(e.request.url).pathname.startsWith("/api/chat/"))
        asked.push(e.requestId);
    });
    cdp.on("Network.loadingFinished", (e) => outcome.set(e.requestId, "finished"));
    cdp.on("Network.loadingFailed", (e) =>
      outcome.set(e.requestId, `failed: ${e.errorText}${e.canceled ? " (canceled)" : ""}`),
    );
    const failed: string[] = [];
    const onFailed = (req: import("playwright-core").Request) =>
      failed.push(`${req.method()} ${req.url()} ${req.failure()?.errorText}`);
    page.on("requestfailed", onFailed);
    try {
      await page.fill("[data-testid=chat-input]", "What is a cumulus cloud?");
      await page.keyboard.press("Enter");
      const bot = page.locator('[data-testid=message][data-sender="bot"]').last();
      await expect.poll(() => bot.getAttribute("data-streaming"), { timeout: 15_000 }).toBe("true");
      await expect.poll(() => bot.getAttribute("data-streaming"), { timeout: 30_000 }).toBe("false");
      await expect.poll(() => asked.length).toBe(1);
      await expect.poll(() => outcome.get(asked[0]!), { timeout: 15_000 }).toBeDefined();
      expect(outcome.get(asked[0]!)).toBe("finished");
      expect(failed).toEqual([]);
    } finally {
      page.off("requestfailed", onFailed);
      await cdp.detach();
    }
  });

  it("stars the chat, then deletes it after confirming", async () => {
    const item = page.locator("[data-testid=history-item]").first();
    await item.hover();
    await item.locator("[data-testid=history-star]").click();
    await expect
      .poll(() => page.locator("[data-testid=history-item]").first().getAttribute("data-starred"))
      .toBe("true");
    const starred = page.locator("[data-testid=history-item]").first();
    await starred.hover();
    await starred.locator("[data-testid=history-delete]").click();
    await page.waitForSelector("[data-testid=confirm-dialog]");
    await page.click("[data-testid=confirm-ok]");
    await expect.poll(() => page.locator("[data-testid=history-item]").count()).toBe(0);
    await page.reload();
    await page.waitForSelector("[data-testid=greeting]");
    expect(await page.locator("[data-testid=history-item]").count()).toBe(0);
  });

  it("starts an expert chat from the sidebar: the chip shows who answers and the chat keeps its persona", async () => {
    // the experts are folded under their heading, so that the history gets the sidebar's height
    await page.click("[data-testid=experts-toggle]");
    await page.click("[data-testid=expert-english-professor]");
    await expect.poll(() => page.textContent("[data-testid=expert-chip]")).toContain("English professor");
    await page.fill("[data-testid=chat-input]", "Is this sentence correct: I has a cat?");
    await page.keyboard.press("Enter");
    // the send button also shows while the turn is being set up, so the saved chat is polled for, not assumed
    const newest = () =>
      page.evaluate(async () => (await (await fetch("/chat-sessions", { credentials: "same-origin" })).json()).data[0]);
    await expect
      .poll(newest, { timeout: 30_000 })
      .toMatchObject({ title: expect.stringContaining("Is this sentence correct"), persona: "english-professor" });
    await page.waitForSelector("[data-testid=send-button]", { timeout: 30_000 });
    await page.click("[data-testid=new-chat]");
    await page.waitForSelector("[data-testid=greeting]");
    expect(await page.locator("[data-testid=expert-chip]").count()).toBe(0);
  });

  it("starts an expert chat with a picture too: asked in image mode on the expert's new-chat page, the chat keeps its persona", async () => {
    await page.click("[data-testid=expert-market-analyst]");
    await expect.poll(() => page.textContent("[data-testid=expert-chip]")).toContain("Market analyst");
    await page.click("[data-testid=header-create-image]");
    await page.waitForSelector("[data-testid=image-mode-chip]");
    await page.fill("[data-testid=chat-input]", "A chart of rice prices this year");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/c\//);
    const chatId = new URL(page.url()).pathname.split("/").at(-1);
    await page.waitForSelector("[data-testid=message][data-sender=bot] img[alt='Generated image']", {
      timeout: 30_000,
    });
    const chat = await page.evaluate(
      async (id) => (await (await fetch(`/chat-sessions/${id}`, { credentials: "same-origin" })).json()).data,
      chatId,
    );
    expect(chat).toMatchObject({
      id: chatId,
      title: expect.stringContaining("A chart of rice prices"),
      persona: "market-analyst",
    });
    // the persona is used once: the next new chat is a plain one
    await page.click("[data-testid=new-chat]");
    await page.waitForSelector("[data-testid=greeting]");
    expect(await page.locator("[data-testid=expert-chip]").count()).toBe(0);
  });

  it("ran the whole flow without a script error or a CSP violation", () => {
    expect(consoleErrors.filter((e) => /Content Security Policy|Uncaught/i.test(e))).toEqual([]);
  });
});

describe("an answer that begins before the markdown renderer has loaded", () => {
  let slow: BrowserContext;
  afterAll(async () => slow?.close());

  it("stays on screen when it ends, with the question above it, while the renderer still loads", async () => {
    slow = await launch({ locale: "en-US" });
    const tab = slow.pages()[0] ?? (await slow.newPage());
    const account = await createAccount(baseURL);
    // the renderer's chunk is held back until the answer has ended (a slow phone network)
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const renderer = /\/assets\/streaming-markdown-[^/]+\.js$/;
    await slow.route(renderer, async (route) => {
      await released;
      await route.continue();
    });
    await signIn(tab, baseURL, account);
    await tab.fill("[data-testid=chat-input]", "Explain how clouds form");
    await tab.keyboard.press("Enter");
    await tab.waitForSelector("[data-testid=stop-button]");
    await tab.waitForSelector("[data-testid=send-button]", { timeout: 30_000 });
    // the chat is not emptied to wait for the renderer: both messages stay, the answer as its text for now (the list
    // is virtualized, and the long answer can push the question out of the DOM: it is there when scrolled to)
    await settled(tab, { ignore: (r) => renderer.test(r.url()) });
    expect(await tab.getAttribute("[data-testid=message-list]", "data-count")).toBe("2");
    expect(await tab.locator('[data-testid=message][data-sender="bot"]').count()).toBe(1);
    await tab.locator("[data-testid=message-list]").evaluate((el) => el.scrollTo(0, 0));
    await tab.locator('[data-testid=message][data-sender="user"]').waitFor();
    expect(await tab.locator('[data-testid=message][data-sender="user"]').count()).toBe(1);
    release();
    await tab.locator('[data-testid=message][data-sender="bot"] .markdown:not(.markdown--pending)').waitFor();
  });
});
