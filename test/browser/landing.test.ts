// The guest's way in and the installable app, in Chromium against the built product: a guest's first visit to '/' gets
// the pre-rendered landing page (no framework script, the prices in the HTML, the language chosen before the first
// paint, the billing, language and theme switches working with its one small script), and the SPA's own landing page
// (the service worker's cached shell) passes the same checks; other signed-in pages still send guests to /login; the
// web manifest and its icons; the service worker precaches the SPA's shell (never the static page), opens the app
// offline and never caches an API answer; the landing page's sign-up leads into the chat; the help page and the blog.
// axe finds no serious or critical violation on the landing, sign-in, new chat, open chat, settings, upgrade and help
// screens. One browser for most of the file, no fixed sleeps.
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { join } from "node:path";
import { PASSWORD, SHOTS_DIR, launch, uniqueEmail } from "./support/browser";
import { expectAccessible } from "./support/axe";

const baseURL = inject("baseURL");

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The landing page on screen: the static page holds a copy per language, the one shown is the only visible one. */
const shown = (page: Page): Locator => page.locator("[data-testid=landing-page]").filter({ visible: true });

/** A price as it reads on screen (the other billing period's price is in the page, hidden). */
const priceText = (page: Page, plan: string) => shown(page).locator(`[data-testid=landing-price-${plan}]`).innerText();

/** axe once the colours' transitions (a theme switch) have finished, so it reads the contrast as it ends. */
async function accessible(page: Page, screen: string) {
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition)));
  await expectAccessible(page, screen);
}

/** What a guest does on the landing page, the same on the static page and in the SPA: read it, switch the billing,
 * the language and the theme, with axe and a phone's width. Leaves English, monthly billing and the light theme. */
async function checkLanding(page: Page, kind: "static" | "spa") {
  const landing = shown(page);
  await landing.waitFor();
  expect(await page.locator("[data-testid=landing-page]").count()).toBe(kind === "static" ? 4 : 1);
  expect(new URL(page.url()).pathname).toBe("/");
  expect(await landing.locator("[data-testid=landing-beta]").textContent()).toMatch(/public beta.*low-cost AI/i);
  const models = await landing.locator("[data-testid=landing-models]").textContent();
  for (const name of ["GPT 4.1-mini", "DeepSeek", "Gemini 2.5 Pro", "Claude 4 pro"]) expect(models).toContain(name);

  // prices as GET /payments/packages gives them for English (USD), monthly then yearly, through a labelled radio group
  await expect.poll(() => priceText(page, "basic")).toMatch(/^\$6\b/);
  expect(await priceText(page, "advanced")).toMatch(/^\$16\b/);
  expect(await priceText(page, "free")).toMatch(/^\$0\b/);
  const billing = landing.getByRole("group", { name: "Billing period" });
  const yearly = billing.getByRole("radio", { name: /yearly/i });
  expect(await billing.getByRole("radio", { name: /monthly/i }).isChecked()).toBe(true);
  expect(await landing.locator("[data-testid=landing-plan-basic]").innerText()).not.toMatch(/billed once a year/i);
  await landing.locator("[data-testid=landing-billing-yearly]").click();
  expect(await yearly.isChecked()).toBe(true);
  expect(await priceText(page, "basic")).toMatch(/^\$4\.50/);
  expect(await priceText(page, "advanced")).toMatch(/^\$12\.50/);
  expect(await landing.locator("[data-testid=landing-plan-basic]").innerText()).toMatch(/billed once a year/i);
  expect(await landing.locator("[data-testid=landing-billing-yearly]").textContent()).toContain("20%");
  // the keyboard moves the choice back (arrow keys in the radio group) and shows where the focus is
  await yearly.focus();
  await page.keyboard.press("ArrowLeft");
  expect(await billing.getByRole("radio", { name: /monthly/i }).isChecked()).toBe(true);
  expect(
    await landing.locator("[data-testid=landing-billing-monthly]").evaluate((l) => getComputedStyle(l).outlineStyle),
  ).toBe("solid");
  expect(await priceText(page, "basic")).toMatch(/^\$6\b/);
  await landing.locator("[data-testid=landing-billing-yearly]").click();
  await accessible(page, `${kind} landing page`);
  await page.screenshot({ path: join(SHOTS_DIR, `landing-${kind}-desktop.png`), fullPage: true });

  // the language: stored, <html lang> follows, the texts and the currency change; yearly billing is still chosen
  await landing.locator("[data-testid=language-select]").selectOption("vi");
  await expect
    .poll(() => shown(page).locator("[data-testid=landing-beta]").textContent())
    .toBe("Bản beta công khai · AI chi phí thấp");
  expect(await page.evaluate(() => [document.documentElement.lang, localStorage.getItem("language")])).toEqual([
    "vi",
    "vi",
  ]);
  await expect.poll(() => priceText(page, "basic")).toMatch(/119\.000\s*₫/);
  await shown(page).locator("[data-testid=language-select]").selectOption("en");
  await expect.poll(() => shown(page).locator("[data-testid=landing-beta]").textContent()).toMatch(/public beta/i);
  expect(await priceText(page, "basic")).toMatch(/^\$4\.50/);
  await shown(page).locator("[data-testid=landing-billing-monthly]").click();

  // the theme switch: stored (follow-system off), applied to the page and the browser's bar, labelled for what it does next
  const toggle = shown(page).locator("[data-testid=theme-toggle]");
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("light");
  expect(await toggle.getAttribute("aria-label")).toBe("Switch to dark theme");
  await toggle.click();
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
  expect(
    await page.evaluate(() => [
      localStorage.getItem("theme"),
      localStorage.getItem("theme_follow_system"),
      document.documentElement.style.colorScheme,
      document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')!.content,
    ]),
  ).toEqual(["dark", "false", "dark", "#202124"]);
  await expect.poll(() => toggle.getAttribute("aria-label")).toBe("Switch to light theme");
  expect(await toggle.locator("svg").filter({ visible: true }).getAttribute("class")).toContain("theme-toggle__sun");
  await accessible(page, `${kind} landing page, dark`);
  await toggle.click();
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe("light");
  expect(await toggle.getAttribute("aria-label")).toBe("Switch to dark theme");

  // a phone: one column, nothing wider than the screen
  await page.setViewportSize({ width: 375, height: 740 });
  try {
    await page.screenshot({ path: join(SHOTS_DIR, `landing-${kind}-phone.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await accessible(page, `${kind} landing page on a phone`);
    // the header is one row in every language: the brand, the language picker, the theme switch and "sign in" side by side
    for (const lng of ["vi", "ru", "zh", "en"]) {
      await shown(page).locator("[data-testid=language-select]").selectOption(lng);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lng);
      const row = await shown(page)
        .locator(".landing__nav")
        .evaluate((nav) => {
          const items = [
            nav.querySelector(".landing__brand")!,
            ...nav.querySelectorAll(".landing__nav-actions > *"),
          ].map((el) => el.getBoundingClientRect());
          return {
            lowestTop: Math.max(...items.map((r) => r.top)),
            highestBottom: Math.min(...items.map((r) => r.bottom)),
            fits: nav.scrollWidth <= nav.clientWidth,
          };
        });
      expect(row.lowestTop, `${kind} ${lng}: the header wraps`).toBeLessThan(row.highestBottom);
      expect(row.fits, `${kind} ${lng}`).toBe(true);
    }
  } finally {
    await page.setViewportSize({ width: 1280, height: 800 });
  }
}

describe("guest landing page and installable app", () => {
  let ctx: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ctx = await launch({ locale: "en-US" });
    page = ctx.pages()[0] ?? (await ctx.newPage());
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("gives a guest's first visit the pre-rendered page: no framework script, the prices in the HTML, every switch working", async () => {
    const requested: string[] = [];
    const errors: string[] = [];
    page.on("request", (r) => requested.push(new URL(r.url()).pathname));
    // a CSP refusal (of the inline boot script, of landing.js) shows as a console error
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    const res = await page.goto(`${baseURL}/`);
    expect(res!.headers().vary).toMatch(/\bCookie\b/);
    const html = await res!.text();
    // the prices (English: USD) are in the page as served, before any call for the packages
    expect(html).toContain('data-testid="landing-price-basic"');
    expect(html).toMatch(/\$6<\/span>/);
    expect(html).toContain('lang="vi"');
    expect(html).toMatch(/149\.000\s*₫/);
    expect(await page.locator("script[type=module], link[rel=modulepreload], link[rel=stylesheet]").count()).toBe(0);
    await checkLanding(page, "static");
    await page.waitForLoadState("networkidle");
    // no framework, no chunk of the SPA, no call for the packages: the page's own script and the public files only
    expect(requested.filter((p) => p.startsWith("/assets/") || p === "/payments/packages")).toEqual([]);
    expect(requested).toContain("/landing.js");
    expect(errors).toEqual([]);
  });

  it("shows a first visit in the browser's language before any script of the page runs, prices in its currency", async () => {
    const vi = await launch({ locale: "vi-VN" });
    try {
      const p = vi.pages()[0] ?? (await vi.newPage());
      // the page's own script is held back: only the boot script in <head> may have chosen the copy
      await p.route("**/landing.js", (route) => route.abort());
      await p.goto(`${baseURL}/`);
      expect(await p.evaluate(() => document.documentElement.lang)).toBe("vi");
      expect(await shown(p).locator("[data-testid=landing-beta]").textContent()).toBe(
        "Bản beta công khai · AI chi phí thấp",
      );
      expect(await priceText(p, "basic")).toMatch(/149\.000\s*₫/);
      // the billing switch needs no script either
      await shown(p).locator("[data-testid=landing-billing-yearly]").click();
      expect(await priceText(p, "basic")).toMatch(/119\.000\s*₫/);
    } finally {
      await vi.close();
    }
  });

  it("shows this year in the copyright line of a page pre-rendered in an earlier year", async () => {
    const later = await launch({ locale: "en-US" });
    try {
      const p = later.pages()[0] ?? (await later.newPage());
      const built = new Date().getFullYear();
      await p.clock.setFixedTime(new Date(`${built + 1}-01-15T12:00:00Z`));
      await p.goto(`${baseURL}/`);
      const footer = shown(p).locator(".landing__footer [data-year]");
      await expect.poll(() => footer.textContent()).toContain(String(built + 1));
      expect(await footer.textContent()).not.toContain(String(built));
    } finally {
      await later.close();
    }
  });

  it("gives a guest whose service worker serves the app's shell the SPA's own landing page, which passes the same checks", async () => {
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.goto(`${baseURL}/`);
    expect(await page.locator("script[type=module]").count()).toBe(1);
    await checkLanding(page, "spa");
  });

  it("still sends a guest from a signed-in page to /login", async () => {
    await page.goto(`${baseURL}/settings`);
    await page.waitForURL("**/login");
    await page.locator("[data-testid=login-submit]").waitFor();
    await expectAccessible(page, "sign-in page");
  });

  it("serves a web manifest with the app's name, standalone display and 192/512/maskable PNG icons", async () => {
    const link = await page.getAttribute("link[rel=manifest]", "href");
    expect(link).toBe("/manifest.webmanifest");
    const res = await page.request.get(`${baseURL}${link}`);
    expect(res.status()).toBe(200);
    const manifest = (await res.json()) as {
      name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ name: "Mây", start_url: "/", display: "standalone", theme_color: "#ffffff" });
    expect(manifest.background_color).toMatch(/^#/);
    const wanted = [
      ["192x192", "any"],
      ["512x512", "any"],
      ["512x512", "maskable"],
    ];
    for (const [sizes, purpose] of wanted) {
      const icon = manifest.icons.find((i) => i.sizes === sizes && (i.purpose ?? "any").split(" ").includes(purpose!));
      expect(icon, `${sizes} ${purpose} icon`).toBeDefined();
      const png = await page.request.get(`${baseURL}${icon!.src}`);
      expect(png.headers()["content-type"]).toBe("image/png");
      const [w, h] = sizes!.split("x").map(Number);
      expect(pngSize(await png.body())).toEqual({ width: w, height: h });
    }
  });

  it("installs a service worker that precaches the SPA's shell (never the static page), opens offline and never caches API answers", async () => {
    await page.goto(`${baseURL}/`);
    await shown(page).waitFor();
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${baseURL}/`);
    // the worker takes the open page over once active (clients.claim)
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // the page's API calls (the packages list, a failed session check) happened; none of them is in the cache
    await page.evaluate(() => fetch("/api/health").then((r) => r.text()));
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const key of await caches.keys())
        for (const req of await (await caches.open(key)).keys()) urls.push(new URL(req.url).pathname);
      return urls;
    });
    expect(cached).toContain("/");
    expect(cached.some((p) => /^\/assets\/index-[\w-]+\.js$/.test(p))).toBe(true);
    expect(cached.some((p) => /^\/assets\/welcome-[\w-]+\.js$/.test(p))).toBe(true);
    const notStatic = cached.filter(
      (p) =>
        p !== "/" &&
        !p.startsWith("/assets/") &&
        !p.startsWith("/icons/") &&
        !/^\/[\w-]+\.(js|svg|webmanifest)$/.test(p),
    );
    expect(notStatic).toEqual([]);
    expect(cached.filter((p) => /^\/(api|auth|payments|chat-sessions|media-api|user-sessions|ws)\b/.test(p))).toEqual(
      [],
    );
    // the shell cached as "/" is the SPA's index.html (its precache fetch is not a page load), never landing.html
    expect(cached.filter((p) => p.startsWith("/landing"))).toEqual([]);
    const shell = await page.evaluate(async () => (await caches.match("/"))!.text());
    expect(shell).toMatch(/<script type="module"[^>]*src="\/assets\/index-/);
    expect(shell).not.toContain("landing-copy");

    // offline, the app still opens from the cache (the prices cannot load and say so)
    await ctx.setOffline(true);
    try {
      await page.reload();
      await shown(page).waitFor();
      await page.getByText(/prices could not be loaded/i).waitFor();
    } finally {
      await ctx.setOffline(false);
    }
  });

  it("takes a guest from the static landing page's sign-up into the chat; every signed-in screen passes axe", async () => {
    // a new visitor: the first visit is the pre-rendered page
    await ctx.close();
    ctx = await launch({ locale: "en-US" });
    page = ctx.pages()[0] ?? (await ctx.newPage());
    await page.goto(`${baseURL}/`);
    expect(await page.locator("[data-testid=landing-page]").count()).toBe(4);
    await shown(page).locator("[data-testid=landing-sign-up]").click();
    await page.waitForURL("**/register");
    await page.fill("[data-testid=field-name]", "Lan Nguyen");
    await page.fill("[data-testid=field-email]", uniqueEmail());
    await page.fill("[data-testid=field-password]", PASSWORD);
    await page.fill("[data-testid=field-confirm]", PASSWORD);
    await page.click("[data-testid=register-submit]");
    await page.waitForSelector("[data-testid=greeting]");
    expect(new URL(page.url()).pathname).toBe("/");
    await expectAccessible(page, "new chat");

    // a chat with an answer, saved through the API with the page's own session (streaming one would take seconds)
    const chatId = await page.evaluate(async () => {
      const json = { "Content-Type": "application/json" };
      const chat = (await (
        await fetch("/chat-sessions", { method: "POST", headers: json, body: JSON.stringify({ title: "Hello" }) })
      ).json()) as { data: { id: string } };
      const now = Date.now();
      const messages = [
        { message_id: "q1", sender: "user", message: "Say hello", created_at: now - 60_000 },
        {
          message_id: "a1",
          sender: "bot",
          model: "gpt-4.1-mini",
          message: "**Hello!** How can I help?\n\n- one\n- two",
          created_at: now,
        },
      ];
      const saved = await fetch("/media-api/api/chat/save", {
        method: "POST",
        headers: json,
        body: JSON.stringify({ chat_id: chat.data.id, messages }),
      });
      if (!saved.ok) throw new Error(`save failed: ${saved.status}`);
      return chat.data.id;
    });
    await page.goto(`${baseURL}/c/${chatId}`);
    await page.locator("[data-testid=message][data-sender=bot] .markdown:not(.markdown--pending)").waitFor();
    await expectAccessible(page, "open chat");

    await page.goto(`${baseURL}/settings`);
    await page.locator("[data-testid=settings-page]").waitFor();
    await expectAccessible(page, "settings");

    await page.goto(`${baseURL}/upgrade`);
    await page.locator("[data-testid=upgrade-page] [data-testid=current-plan]").waitFor();
    await expectAccessible(page, "upgrade");
  });

  it("opens help and FAQ from the sidebar, with the latest 5 release notes and 'show all'; the blog from the profile menu", async () => {
    await page.goto(`${baseURL}/`);
    await page.click("[data-testid=sidebar-more]");
    await page.click("[data-testid=sidebar-help]");
    await page.waitForURL("**/help");
    await page.locator("[data-testid=help-page]").waitFor();
    expect(await page.textContent("[data-testid=beta-notice]")).toMatch(/public beta/i);
    const notes = page.locator("[data-testid=release-note]");
    expect(await notes.count()).toBe(5);
    expect(await notes.first().textContent()).toContain("2025.07.15");
    await page.click("[data-testid=changelog-show-all]");
    expect(await notes.count()).toBe(9);
    expect(await notes.last().textContent()).toContain("2025.03.18");
    await expectAccessible(page, "help");

    await page.click("[data-testid=profile-menu-button]");
    await page.click("[data-testid=menu-blog]");
    await page.waitForURL("**/blog");
    await page.locator("[data-testid=blog-post]").first().waitFor();
    expect(await page.locator("[data-testid=blog-post]").count()).toBe(9);
  });
});
