// Touch swipes on a 375 px phone with real touch events (CDP Input.dispatchTouchEvent): a swipe right from the left
// edge opens the drawer (and the browser does not take it for Back) and a swipe left closes it; swipes on the chat move
// down and up the history; a swipe that starts inside a code block does nothing. The same page checks the fullscreen
// toggle (in the drawer on a phone) and that the offline-model notice is one line. Kept short (one browser, one
// sign-in, no fixed sleeps): the CI suite is near its limit.
import type { CDPSession, Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { join } from "node:path";
import { SHOTS_DIR, launch, settled } from "./support/browser";
import { apiAccount, signInAs } from "./support/seed";

const baseURL = inject("baseURL");
let context: Awaited<ReturnType<typeof launch>> | undefined;
afterAll(async () => context?.close());

const ANSWER = [
  "Here is the loop:",
  "",
  "```ts",
  "for (const item of items) console.log(item.name, item.value);",
  "```",
  "",
  "That prints each item.",
].join("\n");

/** Three chats, each a question and an answer with a code block, saved through the media API. */
async function seedChats(s: Awaited<ReturnType<typeof apiAccount>>): Promise<void> {
  const headers = {
    Authorization: `Bearer ${s.token}`,
    "X-Session-Token": s.sessionToken,
    "Content-Type": "application/json",
  };
  for (let i = 1; i <= 3; i++) {
    const res = await fetch(`${baseURL}/chat-sessions`, {
      method: "POST",
      headers,
      body: JSON.stringify({ title: `Swipe chat ${i}` }),
    });
    const id = ((await res.json()) as { data: { id: string } }).data.id;
    const messages = [
      { message_id: `q${i}`, sender: "user", message: `Question ${i}: how do I loop?`, created_at: Date.now() - 2000 },
      { message_id: `a${i}`, sender: "bot", message: ANSWER, model: "gpt-4.1-mini", created_at: Date.now() - 1000 },
    ];
    const saved = await fetch(`${baseURL}/media-api/api/chat/save`, {
      method: "POST",
      headers,
      body: JSON.stringify({ chat_id: id, messages }),
    });
    expect(saved.status).toBe(200);
  }
}

/** One finger from (x1, y1) to (x2, y2) in a few moves, as fast as CDP delivers them (well under 500 ms). */
async function swipe(cdp: CDPSession, from: { x: number; y: number }, to: { x: number; y: number }) {
  const point = (x: number, y: number) => [{ x, y, id: 1, radiusX: 2, radiusY: 2, force: 1 }];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: point(from.x, from.y) });
  for (const f of [0.25, 0.5, 0.75, 1]) {
    await cdp.send("Input.dispatchTouchEvent", {
      type: "touchMove",
      touchPoints: point(from.x + (to.x - from.x) * f, from.y + (to.y - from.y) * f),
    });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

/** Two animation frames: whatever a touchend handler started has reached the URL and the DOM by then. */
const settle = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
const drawerOpen = (page: Page) => page.getAttribute("[data-testid=drawer-toggle]", "aria-expanded");
const chatPath = (id: string) => `${new URL(baseURL).origin}/c/${id}`;

describe("touch gestures at 375 px", () => {
  it("opens and closes the drawer, moves between chats, and leaves code blocks alone", async () => {
    const account = await apiAccount(baseURL);
    await seedChats(account);
    context = await launch({ viewport: { width: 375, height: 740 } });
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 1 });
    await signInAs(page, account);
    await page.waitForSelector("[data-testid=greeting]");

    // the offline-model notice is a single short line on a phone, its details one tap away
    const notice = page.locator("[data-testid=offline-notice]");
    expect((await notice.boundingBox())!.height).toBeLessThan(40);
    expect(await page.isVisible("[data-testid=offline-notice-details]")).toBe(false);
    await page.click("[data-testid=offline-notice-more]");
    expect(await page.isVisible("[data-testid=offline-notice-details]")).toBe(true);

    // a swipe right from the left edge opens the drawer, and only that: the browser does not take it for Back (the
    // page the app was opened from, here a blank one, stays behind); a swipe left closes it
    expect(await drawerOpen(page)).toBe("false");
    const home = page.url();
    await swipe(cdp, { x: 6, y: 420 }, { x: 220, y: 428 });
    await expect.poll(() => drawerOpen(page)).toBe("true");
    await settled(page);
    expect(page.url()).toBe(home);
    await page.waitForSelector("[data-testid=history-item]");
    const order = await page.$$eval("[data-testid=history-item]", (items) =>
      items.map((el) => el.getAttribute("data-chat-id")!),
    );
    expect(order).toHaveLength(3);

    // on a phone the fullscreen toggle is in the drawer (the header keeps its room): it enters and leaves fullscreen
    expect(await page.locator("header [data-testid=fullscreen-toggle]").count()).toBe(0);
    const toggle = page.locator("#sidebar [data-testid=fullscreen-toggle]");
    await toggle.click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
    // the button follows the fullscreenchange event, which can land a frame after the element changes
    await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("true");
    expect(await toggle.getAttribute("aria-label")).toBe("Exit full screen");
    await page.screenshot({ path: join(SHOTS_DIR, "gestures-375-drawer-fullscreen.png") });
    await toggle.click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
    await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("false");

    await swipe(cdp, { x: 260, y: 420 }, { x: 40, y: 425 });
    await expect.poll(() => drawerOpen(page)).toBe("false");

    // on the chat, a swipe left goes down the history: the new chat screen → the first chat → the second
    await swipe(cdp, { x: 300, y: 300 }, { x: 120, y: 305 });
    await page.waitForURL(chatPath(order[0]!));
    await page.waitForSelector("[data-testid=message] .md-code pre");
    await swipe(cdp, { x: 300, y: 150 }, { x: 120, y: 152 });
    await page.waitForURL(chatPath(order[1]!));
    const code = await page.waitForSelector("[data-testid=message] .md-code pre");

    // a swipe that starts inside the code block scrolls the code, never the chat
    const box = (await code.boundingBox())!;
    const y = box.y + box.height / 2;
    await swipe(cdp, { x: box.x + box.width - 12, y }, { x: box.x + box.width - 212, y: y + 4 });
    await settle(page);
    expect(page.url()).toBe(chatPath(order[1]!));
    expect(await drawerOpen(page)).toBe("false");
    // while the same swipe right outside it goes back up one chat (had the code swipe moved on, this would not)
    const question = (await page.locator("[data-testid=message-text]").first().boundingBox())!;
    await swipe(
      cdp,
      { x: 120, y: question.y + question.height / 2 },
      { x: 330, y: question.y + question.height / 2 + 4 },
    );
    await page.waitForURL(chatPath(order[0]!));

    // the phone's header fits its buttons without scrolling sideways
    expect(await page.$eval("header.header", (h) => h.scrollWidth <= h.clientWidth)).toBe(true);
  });
});
