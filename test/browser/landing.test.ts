// The guest's way in and the installable app, in Chromium against the built product: a guest at '/' sees the landing
// page (the address stays '/', prices from the server), other signed-in pages still send guests to /login; the web
// manifest and its icons; the service worker precaches the shell, opens the app offline and never caches an API
// answer; the landing page's sign-up leads into the chat; the help page and the blog. axe finds no serious or
// critical violation on the landing, sign-in, new chat, open chat, settings, upgrade and help screens.
// One browser for the whole file, no fixed sleeps.
import type { BrowserContext, Page } from "playwright-core";
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

  it("shows a guest the landing page at '/': public beta, low-cost AI, the models and the plans' prices", async () => {
    await page.goto(`${baseURL}/`);
    await page.locator("[data-testid=landing-page]").waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    expect(await page.textContent("[data-testid=landing-beta]")).toMatch(/public beta.*low-cost AI/i);
    const models = await page.textContent("[data-testid=landing-models]");
    for (const name of ["GPT 4.1-mini", "DeepSeek", "Gemini 2.5 Pro", "Claude 4 pro"]) expect(models).toContain(name);
    // prices as GET /payments/packages gives them for English (USD), monthly then yearly
    const basic = page.locator("[data-testid=landing-price-basic]");
    await expect.poll(() => basic.textContent()).toMatch(/\$6\b/);
    expect(await page.textContent("[data-testid=landing-price-advanced]")).toMatch(/\$16\b/);
    expect(await page.textContent("[data-testid=landing-price-free]")).toMatch(/\$0\b/);
    await page.click("[data-testid=landing-billing-yearly]");
    expect(await basic.textContent()).toMatch(/\$4\.50/);
    expect(await page.textContent("[data-testid=landing-price-advanced]")).toMatch(/\$12\.50/);
    expect(await page.textContent("[data-testid=landing-billing-yearly]")).toContain("20%");
    await expectAccessible(page, "landing page");
    await page.screenshot({ path: join(SHOTS_DIR, "landing-desktop.png"), fullPage: true });
    // a phone: one column, nothing wider than the screen
    await page.setViewportSize({ width: 375, height: 740 });
    try {
      await page.screenshot({ path: join(SHOTS_DIR, "landing-phone.png"), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectAccessible(page, "landing page on a phone");
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it("follows the chosen language on the landing page", async () => {
    await page.selectOption("[data-testid=language-select]", "vi");
    await expect.poll(() => page.textContent("[data-testid=landing-beta]")).toBe("Bản beta công khai · AI chi phí thấp");
    // yearly billing is still chosen: Basic's per-month price billed yearly, in VND
    await expect.poll(() => page.textContent("[data-testid=landing-price-basic]")).toMatch(/119\.000\s*₫/);
    await page.selectOption("[data-testid=language-select]", "en");
    await expect.poll(() => page.textContent("[data-testid=landing-beta]")).toMatch(/public beta/i);
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

  it("installs a service worker that precaches the shell, opens offline and never caches API answers", async () => {
    await page.goto(`${baseURL}/`);
    await page.locator("[data-testid=landing-page]").waitFor();
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${baseURL}/`);
    // the worker takes the open page over once active (clients.claim)
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // the page's API calls (the packages list, a failed session check) happened; none of them is in the cache
    await page.evaluate(() => fetch("/api/health").then((r) => r.text()));
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const key of await caches.keys()) for (const req of await (await caches.open(key)).keys()) urls.push(new URL(req.url).pathname);
      return urls;
    });
    expect(cached).toContain("/");
    expect(cached.some((p) => /^\/assets\/index-[\w-]+\.js$/.test(p))).toBe(true);
    expect(cached.some((p) => /^\/assets\/welcome-[\w-]+\.js$/.test(p))).toBe(true);
    const notStatic = cached.filter((p) => p !== "/" && !p.startsWith("/assets/") && !p.startsWith("/icons/") && !/^\/[\w-]+\.(js|svg|webmanifest)$/.test(p));
    expect(notStatic).toEqual([]);
    expect(cached.filter((p) => /^\/(api|auth|payments|chat-sessions|media-api|user-sessions|ws)\b/.test(p))).toEqual([]);

    // offline, the app still opens from the cache (the prices cannot load and say so)
    await ctx.setOffline(true);
    try {
      await page.reload();
      await page.locator("[data-testid=landing-page]").waitFor();
      await page.getByText(/prices could not be loaded/i).waitFor();
    } finally {
      await ctx.setOffline(false);
    }
  });

  it("takes a guest from the landing page's sign-up into the chat; every signed-in screen passes axe", async () => {
    await page.goto(`${baseURL}/`);
    await page.click("[data-testid=landing-sign-up]");
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
      const chat = (await (await fetch("/chat-sessions", { method: "POST", headers: json, body: JSON.stringify({ title: "Hello" }) })).json()) as { data: { id: string } };
      const now = Date.now();
      const messages = [
        { message_id: "q1", sender: "user", message: "Say hello", created_at: now - 60_000 },
        { message_id: "a1", sender: "bot", model: "gpt-4.1-mini", message: "**Hello!** How can I help?\n\n- one\n- two", created_at: now },
      ];
      const saved = await fetch("/media-api/api/chat/save", { method: "POST", headers: json, body: JSON.stringify({ chat_id: chat.data.id, messages }) });
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
    expect(await page.locator("[data-testid=blog-post]").count()).toBe(9);
  });
});
