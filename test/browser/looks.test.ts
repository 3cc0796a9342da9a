// Languages, theme and the layout in a real browser, measured: on a 375 px phone the header shows the model's name,
// one notice at a time sits above the input and toasts stay clear of the header; at 1280 × 800 the history gets the
// sidebar's height and a pressed button's tooltip goes away. Screenshots are saved under test-output/screenshots.
import { readFileSync } from "node:fs";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectAccessible } from "./support/axe";
import { createAccount, holdRequests, launch, SHOTS_DIR, signIn } from "./support/browser";
import { type ApiSession, apiAccount, seedHistory, seedLongChat, signInAs } from "./support/seed";

// the product whose offline model ends an answer in about a second (./support/server.ts): these tests wait for answers
// to end, never act while one is being written
const baseURL = inject("fastBaseURL");

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
      await expect.poll(() => page.textContent("[data-testid=greeting]")).toContain(greeting);
      await page.screenshot({ path: `${SHOTS_DIR}/chat-${lng}.png` });
      await page.reload();
      // after a reload the greeting shows before the user is loaded (without the name), then with it
      await expect.poll(() => page.textContent("[data-testid=greeting]")).toContain(greeting);
    });
  }

  it("toggles the theme on the document and the browser theme colour", async () => {
    const read = () =>
      page.evaluate(() => [
        document.documentElement.dataset.theme,
        document.querySelector('meta[name="theme-color"]')?.getAttribute("content"),
      ]);
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

const LANGUAGES = ["vi", "en", "ru", "zh"] as const;
const LOCALES = Object.fromEntries(
  LANGUAGES.map((lng) => [lng, JSON.parse(readFileSync(`locales/${lng}.json`, "utf8"))]),
);

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
/** The box lies wholly on a screen of that size. */
const onScreen = (b: Box, size: { width: number; height: number }) =>
  b.x >= 0 && b.y >= 0 && b.x + b.width <= size.width && b.y + b.height <= size.height;

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`${locator} is not on screen`);
  return b;
}

/** Today's quota day as the app stores its warnings (Asia/Ho_Chi_Minh, UTC+7). */
const quotaDay = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);

/** The page in `lng`, the stored choice the app starts with, at `path`, once the model switcher knows the model. */
async function openIn(page: Page, lng: string, path: string) {
  await page.evaluate((l) => localStorage.setItem("language", l), lng);
  await page.goto(`${baseURL}${path}`);
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lng);
  await page.locator("[data-testid=model-switcher] .badge").waitFor();
}

/** A toast on screen once its entrance animation has ended (it slides in from 10 px higher). */
async function settledToast(page: Page): Promise<Locator> {
  const toast = page.locator("[data-testid=toast]");
  await toast.waitFor();
  await toast.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  return toast;
}

describe("a phone at 375 px, in Vietnamese", () => {
  const screen = { width: 375, height: 812 };
  let ctx: BrowserContext;
  let page: Page;
  let chatId = "";
  beforeAll(async () => {
    ctx = await launch({ viewport: screen, locale: "vi-VN" });
    page = ctx.pages()[0] ?? (await ctx.newPage());
    const session = await apiAccount(baseURL);
    chatId = await seedLongChat(session, 2, "Mây trên điện thoại");
    await signInAs(page, session);
  });
  afterAll(async () => ctx?.close());

  it("shows which model answers in the header, its whole name beside a compact offline badge, in a new chat and in a chat, in every language", async () => {
    for (const lng of LANGUAGES) {
      for (const path of ["/", `/c/${chatId}`]) {
        await openIn(page, lng, path);
        const where = `${lng} ${path}`;
        const name = await page
          .locator(".model-switcher__name")
          .evaluate((el) => ({ text: el.textContent, shown: el.clientWidth, full: el.scrollWidth }));
        expect(name.text, where).toBe("GPT 4.1-mini");
        expect(name.shown, `${where}: the name's width`).toBeGreaterThan(0);
        expect(name.full, `${where}: the name is cut to ${name.shown} of its ${name.full} px`).toBeLessThanOrEqual(
          name.shown,
        );
        // the badge still says the offline model answers: on screen, and in the switcher's accessible name
        const badge = await box(page.locator("[data-testid=model-switcher] .badge"));
        expect(badge.width, where).toBeGreaterThan(0);
        expect(onScreen(badge, screen), where).toBe(true);
        expect(await page.textContent("[data-testid=model-switcher]"), where).toContain(
          LOCALES[lng].models.offlineBadge,
        );
        for (const button of await page.locator("header button").all())
          expect(onScreen(await box(button), screen), where).toBe(true);
      }
      await page.screenshot({
        path: `${SHOTS_DIR}/phone-header-${lng}.png`,
        clip: { x: 0, y: 0, width: screen.width, height: 120 },
      });
    }
    await expectAccessible(page, "a chat on a phone");
  });

  it("shows one notice above the input at a time, the most severe first, closable on screen, never over a third of the free height", async () => {
    // searches used up, a critical quota warning and the offline model, all at once
    await page.evaluate((day) => {
      localStorage.setItem("search_exhausted", day);
      localStorage.setItem(
        "usage_warning",
        JSON.stringify({ level: "critical", remaining: 1, model: "GPT 4.1-mini", day }),
      );
    }, quotaDay());
    await openIn(page, "vi", `/c/${chatId}`);
    await page.locator("[data-testid=message][data-sender=bot]").waitFor();
    /** The notices on screen, their box's height, and the height between the header and the input box that they share with the messages. */
    const notices = () =>
      page.evaluate(() => {
        const shown = [...document.querySelectorAll(".chat__notices > *")]
          .filter((el) => el.checkVisibility())
          .map((el) => el.getAttribute("data-testid"));
        const height = document.querySelector(".chat__notices")?.getBoundingClientRect().height ?? 0;
        const free =
          document.querySelector(".composer")!.getBoundingClientRect().top -
          document.querySelector("header")!.getBoundingClientRect().bottom;
        return { shown, height, free };
      });
    // the most severe first: the send was cancelled (searches used up), then the quota, then how the product is set up
    for (const id of ["search-exhausted", "usage-warning", "offline-notice"]) {
      const notice = page.locator(`[data-testid=${id}]`);
      await notice.waitFor();
      const now = await notices();
      expect(now.shown).toEqual([id]);
      expect(now.height, `${id}: ${now.height} px of ${now.free}`).toBeLessThanOrEqual(now.free / 3);
      expect(onScreen(await box(notice), screen), id).toBe(true);
      const close = notice.locator("button").last();
      expect(onScreen(await box(close), screen), `${id}: its ×`).toBe(true);
      if (id === "search-exhausted") {
        await page.screenshot({ path: `${SHOTS_DIR}/phone-notice.png` });
        // a shorter screen (a small phone, the keyboard open): the notice still takes a third at most, scrolling inside
        await page.setViewportSize({ width: screen.width, height: 480 });
        try {
          await expect.poll(async () => (await notices()).free).toBeLessThan(400);
          const short = await notices();
          expect(short.height, `${short.height} px of ${short.free}`).toBeLessThanOrEqual(short.free / 3);
        } finally {
          await page.setViewportSize(screen);
        }
      }
      await close.click();
    }
    await expect.poll(async () => (await notices()).shown).toEqual([]);
  });

  it("shows a toast below the header, clear of the bell and the new-chat button", async () => {
    // a chat that cannot be opened: the app goes back to a new chat and says so in a toast
    await page.goto(`${baseURL}/c/no-such-chat`);
    const toast = await box(await settledToast(page));
    expect(onScreen(toast, screen)).toBe(true);
    expect(toast.y).toBeGreaterThanOrEqual((await box(page.locator("header"))).height);
    for (const id of ["notifications-bell", "header-new-chat", "drawer-toggle"]) {
      expect(overlap(toast, await box(page.locator(`[data-testid=${id}]`))), id).toBe(false);
    }
  });
});

describe("a laptop screen, 1280 × 800, in Vietnamese", () => {
  let ctx: BrowserContext;
  let page: Page;
  let session: ApiSession;
  beforeAll(async () => {
    ctx = await launch({ locale: "vi-VN" });
    page = ctx.pages()[0] ?? (await ctx.newPage());
    session = await apiAccount(baseURL);
    await seedHistory(session, 20, 0);
    await signInAs(page, session);
    await page.locator("[data-testid=greeting]").waitFor();
  });
  afterAll(async () => ctx?.close());

  it("gives the history the sidebar's height: at least 10 of 20 chats in view, the experts and the footer's links folded", async () => {
    await page.locator("[data-testid=history-item]").first().waitFor();
    const history = page.locator("[data-testid=sidebar-scroll]");
    const inView = () =>
      history.evaluate((list) => {
        const { top, bottom } = list.getBoundingClientRect();
        const rows = [...list.querySelectorAll("[data-testid=history-item]")].map((row) => row.getBoundingClientRect());
        return rows.filter((r) => r.height > 0 && r.top >= top - 0.5 && r.bottom <= bottom + 0.5).length;
      });
    expect(await inView()).toBeGreaterThanOrEqual(10);
    // the rest of the history scrolls
    expect(await history.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await page.screenshot({ path: `${SHOTS_DIR}/sidebar-1280x800.png` });
    // the folded groups open on a click
    await page.click("[data-testid=experts-toggle]");
    await page.locator("[data-testid=expert-market-analyst]").waitFor();
    await page.click("[data-testid=sidebar-more]");
    await page.locator("[data-testid=sidebar-affiliate]").waitFor();
    await page.locator("[data-testid=clear-conversations]").waitFor();
    await expectAccessible(page, "the sidebar with its groups open");
  });

  it("shows a toast below the header, clear of the bell and the fullscreen button", async () => {
    await page.goto(`${baseURL}/c/no-such-chat`);
    const toast = await box(await settledToast(page));
    for (const id of ["notifications-bell", "fullscreen-toggle", "header-gallery", "header-create-image"]) {
      expect(overlap(toast, await box(page.locator(`[data-testid=${id}]`))), id).toBe(false);
    }
  });

  it("hides the send button's tooltip after a click, over a notice's ×, until the pointer leaves the button", async () => {
    await page.goto(`${baseURL}/`);
    await page.locator("[data-testid=greeting]").waitFor();
    await page.locator("[data-testid=offline-notice]").waitFor();
    // the send button (the stop button while it answers, and the send button of the chat the question opens)
    const button = page.locator(".composer__actions > .composer__btn:last-child");
    const tooltip = () => button.evaluate((el) => getComputedStyle(el, "::after").content);
    await page.fill("[data-testid=chat-input]", "Mây là gì?");
    await button.hover();
    await expect.poll(tooltip).toBe(`"${LOCALES.vi.chat.send}"`);
    await button.click();
    await expect.poll(tooltip).toBe("none");
    await page.waitForURL("**/c/**");
    await page.locator("[data-testid=send-button]").waitFor({ timeout: 30_000 });
    expect(await tooltip()).toBe("none");
    // away and back: the tooltip shows again
    await page.mouse.move(640, 300);
    await button.hover();
    await expect.poll(tooltip).toBe(`"${LOCALES.vi.chat.send}"`);
  });

  it("hides it too when the button is clicked before the tooltips' code has arrived (a slow network)", async () => {
    // a browser of its own, whose first pointer move has not loaded that code yet: the code is held until the click
    const slow = await launch({ locale: "vi-VN" });
    try {
      const p = slow.pages()[0] ?? (await slow.newPage());
      const held = await holdRequests(slow, "**/assets/tooltips-*.js");
      // a user of its own: signing the shared account in here too would end the main page's session
      await signInAs(p, await apiAccount(baseURL));
      await p.locator("[data-testid=greeting]").waitFor();
      const button = p.locator(".composer__actions > .composer__btn:last-child");
      const tooltip = () => button.evaluate((el) => getComputedStyle(el, "::after").content);
      await p.fill("[data-testid=chat-input]", "Mây là gì?");
      await button.hover();
      await held.asked;
      await expect.poll(tooltip).toBe(`"${LOCALES.vi.chat.send}"`);
      await button.click();
      held.release();
      await expect.poll(tooltip).toBe("none");
      await p.waitForURL("**/c/**");
      await p.locator("[data-testid=send-button]").waitFor({ timeout: 30_000 });
      expect(await tooltip()).toBe("none");
    } finally {
      await slow.close();
    }
  });
});
