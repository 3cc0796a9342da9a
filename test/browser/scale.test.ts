// Long chats in a real browser: a seeded chat of 1,000 messages opens at its end with only a window of messages in the
// DOM, fetches older pages while the reader scrolls up (keeping the view in place) and goes back down; a saved chat
// opens on a slow phone without moving anything on screen. (Long histories: scale-history.test.ts.)
import type { BrowserContext, Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { domNodes, launch, settled } from "./support/browser";
import { type ApiSession, apiAccount, seedLongChat, signInAs } from "./support/seed";

const baseURL = inject("baseURL");
const LAST = '[data-testid=message][data-message-id="seed-999"]';
const FIRST = '[data-testid=message][data-message-id="seed-0"]';

/** One seeded account and chat of 1,000 messages for both input-box variants (seeding takes seconds). */
let seeded: Promise<{ session: ApiSession; chatId: string }> | undefined;
const longChat = () =>
  (seeded ??= (async () => {
    const session = await apiAccount(baseURL);
    return { session, chatId: await seedLongChat(session, 1000) };
  })());

for (const composer of ["as it is", "taller (more controls by the input)"])
  describe(`a chat of 1,000 messages, the input box ${composer}`, () => {
    let ctx: BrowserContext;
    let page: Page;
    let chatId: string;
    beforeAll(async () => {
      const { session, chatId: id } = await longChat();
      chatId = id;
      ctx = await launch();
      page = ctx.pages()[0] ?? (await ctx.newPage());
      await signInAs(page, session);
      // A taller input box leaves a shorter list: the view must still hold still while older pages land above it.
      if (composer !== "as it is") {
        await page.addInitScript(() => {
          addEventListener("DOMContentLoaded", () => {
            const style = document.createElement("style");
            style.textContent = ".composer { min-height: 240px; }";
            document.head.append(style);
          });
        });
      }
    });
    afterAll(async () => ctx?.close());

    it("opens at the last message with only a window of messages in the DOM, its answers drawn as markdown at once", async () => {
      // Notes whether an answer was ever drawn as raw text waiting for the markdown renderer (laid out twice).
      await page.addInitScript(() => {
        new MutationObserver(() => {
          if (document.querySelector(".markdown--pending")) document.documentElement.dataset.sawRawAnswer = "yes";
        }).observe(document, { subtree: true, childList: true });
      });
      // The renderer's chunk arrives only after the messages have (as on a slow phone network): an app that drew the
      // answers before it would draw them as raw text first.
      let contentArrived!: () => void;
      const arrived = new Promise<void>((resolve) => (contentArrived = resolve));
      const onResponse = (res: Response) => {
        // (a response still open when the context closes rejects: nothing waits for it then)
        if (/\/chat-sessions\/[^/]+\/content/.test(res.url()))
          void res.finished().then(
            () => contentArrived(),
            () => undefined,
          );
      };
      page.on("response", onResponse);
      const markdownChunk = /\/assets\/streaming-markdown-[^/]+\.js$/;
      await ctx.route(markdownChunk, async (route) => {
        await arrived;
        // two frames: time for the page to take the messages in and draw what it draws without the renderer
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        await route.continue();
      });
      try {
        await page.goto(`${baseURL}/c/${chatId}`);
        await page.locator(LAST).waitFor();
      } finally {
        page.off("response", onResponse);
        await ctx.unroute(markdownChunk);
      }
      expect(await page.locator(`${LAST} .markdown h3`).count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.dataset.sawRawAnswer ?? "no")).toBe("no");
      await expect.poll(() => page.locator(LAST).isVisible()).toBe(true);
      expect(await page.locator("[data-testid=message]").count()).toBeLessThan(40);
      expect(await domNodes(page)).toBeLessThan(3000);
      expect(Number(await page.getAttribute("[data-testid=message-list]", "data-count"))).toBeLessThan(1000);
    });

    it("fetches older messages while scrolling up, keeping the view in place, up to the first", async () => {
      const list = page.locator("[data-testid=message-list]");
      // Let the page settle first: notices above the input and texts that load on demand change the list's height once,
      // which is not what this test measures (the view holding still while older pages land).
      await page.waitForLoadState("networkidle");
      await page.evaluate(() =>
        document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))),
      );
      let pagesArrived = 0;
      for (let step = 0; step < 200 && !(await page.locator(FIRST).count()); step++) {
        // scroll up, let the list draw the new position, then note the message at the top of the view and where it is
        const anchor = await list.evaluate(async (el) => {
          const count = () => Number((el as HTMLElement).dataset.count);
          const before = count();
          // a reader's scroll comes with its input event (wheel, touch, keys), then the box scrolls
          el.dispatchEvent(new WheelEvent("wheel", { deltaY: -2500, bubbles: true }));
          el.scrollBy(0, -2500);
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
          const top = el.getBoundingClientRect().top;
          const shown = [...el.querySelectorAll<HTMLElement>("[data-testid=message]")].find(
            (m) => m.getBoundingClientRect().bottom > top + 10,
          );
          // a page that landed meanwhile cannot be checked against this anchor
          return {
            count: count(),
            id: count() === before ? (shown?.dataset.messageId ?? "") : "",
            y: shown?.getBoundingClientRect().top ?? 0,
          };
        });
        // only while an older page is on its way: wait for it to land
        const loadingOlder = (await page.locator("[data-testid=loading-older]").count()) > 0;
        const arrived =
          loadingOlder &&
          (await page
            .waitForFunction(
              (c) => Number(document.querySelector<HTMLElement>("[data-testid=message-list]")?.dataset.count) > c,
              anchor.count,
              { timeout: 5000 },
            )
            .then(
              () => true,
              () => false,
            ));
        if (arrived && anchor.id) {
          // where the anchor rests once the list has measured what landed above it: the same two frames in a row
          const y = await page.evaluate(async (id) => {
            const top = () => document.querySelector(`[data-message-id="${id}"]`)?.getBoundingClientRect().top ?? null;
            const frame = () => new Promise((r) => requestAnimationFrame(r));
            let last = top();
            for (let frames = 0; frames < 120; frames++) {
              await frame();
              const now = top();
              if (now === last) return now;
              last = now;
            }
            return last;
          }, anchor.id);
          // the older page landed above: what the reader looked at did not move
          expect(y).not.toBeNull();
          expect(Math.abs((y ?? 0) - anchor.y)).toBeLessThan(2);
          pagesArrived++;
        }
        expect(await page.locator("[data-testid=message]").count()).toBeLessThan(40);
      }
      expect(pagesArrived).toBeGreaterThan(3);
      await page.locator(FIRST).waitFor();
      expect(Number(await list.getAttribute("data-count"))).toBe(1000);
      expect(await domNodes(page)).toBeLessThan(3000);
    }, 180_000);

    it("goes back to the last message with scroll-to-bottom", async () => {
      await page.click("[data-testid=scroll-to-bottom]");
      await expect.poll(() => page.locator(LAST).isVisible(), { timeout: 10_000 }).toBe(true);
      await expect.poll(() => page.locator("[data-testid=scroll-to-bottom]").count()).toBe(0);
    });
  });

describe("a saved chat opened on a slow phone", () => {
  let ctx: BrowserContext;
  let page: Page;
  let chatId: string;
  beforeAll(async () => {
    const session = await apiAccount(baseURL);
    chatId = await seedLongChat(session, 6, "Phone chat");
    ctx = await launch({ phone: true });
    page = ctx.pages()[0] ?? (await ctx.newPage());
    await signInAs(page, session);
    // Every layout shift of the page, as Lighthouse adds them up (CLS); kept across reloads in the page's own storage.
    await page.addInitScript(() => {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput)
            sessionStorage.setItem("shift", String(Number(sessionStorage.getItem("shift") ?? 0) + entry.value));
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    // Lighthouse's phone: four times slower than this machine, which changes what lands between two paints.
    const cdp = await ctx.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  });
  afterAll(async () => ctx?.close());

  it("opens at its last answer without moving anything on screen (layout shift under 0.1)", async () => {
    for (let run = 0; run < 5; run++) {
      await page.evaluate(() => sessionStorage.removeItem("shift"));
      await page.goto(`${baseURL}/c/${chatId}`);
      await page.locator('[data-testid=message][data-message-id="seed-5"]').waitFor();
      // everything the page loads and draws after its first paint: every request done, the fonts, two more frames
      await settled(page);
      await page.evaluate(() => document.fonts.ready);
      await settled(page);
      const shift = await page.evaluate(() => Number(sessionStorage.getItem("shift") ?? 0));
      expect(shift, `layout shift of opening ${run + 1}`).toBeLessThan(0.1);
    }
  });
});

describe("a chat opened by its address in a fresh browser", () => {
  let session: ApiSession;
  let chatId: string;
  beforeAll(async () => {
    session = await apiAccount(baseURL);
    chatId = await seedLongChat(session, 12, "Opened by link");
  });

  it("shows its last messages from the page itself, drawn with the app's styles, before any script runs", async () => {
    const ctx = await launch({ phone: true });
    try {
      const page = ctx.pages()[0] ?? (await ctx.newPage());
      await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      await signInAs(page, session, `/c/${chatId}`);
      const last = page.locator('#chat-preview [data-message-id="seed-11"]');
      await expect.poll(() => last.isVisible()).toBe(true);
      const box = await last.boundingBox();
      const view = page.viewportSize();
      expect(box && view && box.y + box.height).toBeLessThanOrEqual(view?.height ?? 0);
      // the question's bubble has the app's background, the answer its markdown
      const bubble = page.locator('#chat-preview [data-message-id="seed-10"] .msg__bubble');
      expect(await bubble.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe("rgba(0, 0, 0, 0)");
      expect(await last.locator(".markdown p").count()).toBeGreaterThan(0);
    } finally {
      await ctx.close();
    }
  });

  it("hands over to the app's own list: one copy of each message, in the same place", async () => {
    const ctx = await launch();
    try {
      const page = ctx.pages()[0] ?? (await ctx.newPage());
      // where the page's own copy of the last answer ends, in its first frame on screen
      await page.addInitScript(() => {
        const look = () => {
          const el = document.querySelector('#chat-preview [data-message-id="seed-11"]');
          if (el) (window as unknown as { previewBottom: number }).previewBottom = el.getBoundingClientRect().bottom;
          else requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      });
      await signInAs(page, session, `/c/${chatId}`);
      const appLast = page.locator('#root [data-testid=message][data-message-id="seed-11"]');
      await appLast.waitFor();
      await expect.poll(() => page.locator("#chat-preview").count()).toBe(0);
      await expect.poll(() => page.locator('[data-message-id="seed-11"]').count()).toBe(1);
      expect(await page.getByText("Question 10:", { exact: false }).count()).toBe(1);
      // The same place, give or take the offline model's notice above the input (44 px), which the page cannot know.
      const previewBottom = await page.evaluate(() => (window as unknown as { previewBottom?: number }).previewBottom);
      const appBox = await appLast.boundingBox();
      expect(previewBottom).toBeGreaterThan(0);
      expect(Math.abs((appBox?.y ?? 0) + (appBox?.height ?? 0) - (previewBottom ?? 0))).toBeLessThanOrEqual(48);
    } finally {
      await ctx.close();
    }
  });
});
