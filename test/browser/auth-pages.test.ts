// The pre-rendered sign-in, sign-up and password-reset pages in Chromium against the built product: a fresh browser's
// page load of /login, /register or /reset-password gets the page as HTML (four copies, the one in the browser's
// language shown by the boot script) with one small script and no chunk of the SPA before the form shows; the form's
// rule errors and the server's refusals read as the spec's texts; a good sign-in or sign-up lands in the chat, whose
// files the service worker cached meanwhile; the reset goes through the dev mailbox's code; each language's heading is
// right before any script runs; a signed-in visitor, and a guest the SPA itself sends to /login, keep the SPA.
// (The SPA's own forms: auth.test.ts, accounts.test.ts, social-sign-in.test.ts, which now start on these pages too.)
import { readFileSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectAccessible } from "./support/axe";
import { PASSWORD, createAccount, launch, uniqueEmail } from "./support/browser";
import { mailedCode } from "./support/mailbox";

const baseURL = inject("baseURL");
let ctx: BrowserContext;
let page: Page;

/** A new visitor: no cookies, storage, cache or service worker. */
async function fresh(locale = "en-US"): Promise<Page> {
  await ctx?.close();
  ctx = await launch({ locale });
  page = ctx.pages()[0] ?? (await ctx.newPage());
  return page;
}

beforeAll(async () => {
  await fresh();
});
afterAll(async () => ctx?.close());

/**
 * Opens `path` and waits for `ready` to show; returns the scripts of the built app (/assets/*.js) requested until it
 * showed, and the page's HTML as the server sent it.
 */
async function openPage(path: string, ready: string): Promise<{ scripts: string[]; html: string }> {
  const scripts: string[] = [];
  const onRequest = (r: import("playwright-core").Request) => {
    const p = new URL(r.url()).pathname;
    if (p.startsWith("/assets/") && p.endsWith(".js")) scripts.push(p);
  };
  page.on("request", onRequest);
  const res = await page.goto(`${baseURL}${path}`, { waitUntil: "commit" });
  // the copy on screen (the page holds one per language until its script has set the others aside)
  await page.locator(`${ready} >> visible=true`).waitFor();
  page.off("request", onRequest);
  // then the page's script has started: one copy left, its buttons enabled
  await expect.poll(() => page.locator(".guest-copy").count()).toBe(1);
  return { scripts, html: (await res?.text()) ?? "" };
}

/** The pre-rendered page: its copies as served, and only this script of the build before its form showed. */
function expectPrerendered({ scripts, html }: { scripts: string[]; html: string }, name: string) {
  expect(html).toContain(`class="guest-copy" lang="en" data-page="${name}"`);
  expect(html.match(/class="guest-copy"/g)).toHaveLength(4);
  expect(scripts.filter((s) => !/^\/assets\/guest-page-[\w-]+\.js$/.test(s))).toEqual([]);
}

const text = (selector: string) => page.locator(selector).textContent();

describe("sign in on the pre-rendered page", () => {
  it("gets the page as HTML with its one script, no chunk of the SPA before the form shows", async () => {
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" && !/status of 40\d/.test(m.text())) errors.push(m.text());
    });
    const opened = await openPage("/login", "[data-testid=login-submit]");
    expectPrerendered(opened, "login");
    await page.waitForLoadState("load");
    // one copy stays in the document once its script ran: one form, focused as the SPA's is
    expect(await page.locator("[data-testid=login-form]").count()).toBe(1);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid")))
      .toBe("field-email");
    await expectAccessible(page, "pre-rendered sign-in page");
    expect(errors).toEqual([]);
  });

  it("says what is wrong with the fields, then the server's refusal, in the spec's words", async () => {
    await page.click("[data-testid=login-submit]");
    expect(await text("[data-testid=error-email]")).toBe("This field is required");
    expect(await text("[data-testid=error-password]")).toBe("This field is required");
    await page.fill("[data-testid=field-email]", "not-an-email");
    expect(await text("[data-testid=error-email]")).toBe("Invalid email address");
    const account = await createAccount(baseURL);
    await page.fill("[data-testid=field-email]", account.email);
    await page.fill("[data-testid=field-password]", "not the password");
    await page.click("[data-testid=login-submit]");
    expect(await text("[data-testid=form-error]")).toBe("Incorrect email or password.");
    expect(new URL(page.url()).pathname).toBe("/login");

    // the app's files are cached meanwhile (the service worker the page registered precached them at its install),
    // so the chat opens from the cache: every file of the app it loads was there before the form was sent
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const cached = new Set(
      await page.evaluate(async () => {
        const paths: string[] = [];
        for (const key of await caches.keys())
          for (const req of await (await caches.open(key)).keys()) paths.push(new URL(req.url).pathname);
        return paths;
      }),
    );
    const loaded: string[] = [];
    page.on("response", (r) => {
      const p = new URL(r.url()).pathname;
      if (p.startsWith("/assets/")) loaded.push(p);
    });
    await page.fill("[data-testid=field-password]", account.password);
    await page.click("[data-testid=login-submit]");
    await page.waitForSelector("[data-testid=greeting]");
    await page.locator("[data-testid=suggestion]").first().waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.filter((p) => !cached.has(p))).toEqual([]);
    // stored as the SPA stores a sign-in: the user, never a token (those are HttpOnly cookies)
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("user") ?? "null")?.email);
    expect(stored).toBe(account.email);
    const cookies = (await ctx.cookies(baseURL)).filter((c) => c.name === "jwt_token" || c.name === "session_token");
    expect(cookies.map((c) => c.httpOnly)).toEqual([true, true]);
  });

  it("gives a signed-in visitor's page load of /login the SPA, which goes on to the chat", async () => {
    await page.goto(`${baseURL}/login`);
    await page.waitForSelector("[data-testid=greeting]");
    expect(new URL(page.url()).pathname).toBe("/");
    expect(await page.locator(".guest-copy").count()).toBe(0);
  });

  it("comes back to a shared chat to continue when that is where the guest was going", async () => {
    const account = await createAccount(baseURL);
    await fresh();
    const target = `/continue/${"A".repeat(22)}`;
    await page.goto(`${baseURL}/login`);
    await page.evaluate((path) => sessionStorage.setItem("return_to", path), target);
    await page.fill("[data-testid=field-email]", account.email);
    await page.fill("[data-testid=field-password]", account.password);
    await page.click("[data-testid=login-submit]");
    await page.waitForURL(`**${target}`);
  });

  it("keeps the SPA's own sign-in form for a guest the SPA sends there", async () => {
    await fresh();
    await page.goto(`${baseURL}/settings`);
    await page.waitForURL("**/login");
    await page.locator("[data-testid=login-submit]").waitFor();
    expect(await page.locator(".guest-copy").count()).toBe(0);
    expect(await page.locator("script[type=module][src*='/assets/index-']").count()).toBe(1);
  });
});

describe("sign up on the pre-rendered page", () => {
  it("checks the fields, says a taken email under it, and a good sign-up lands in the chat", async () => {
    await fresh();
    expectPrerendered(await openPage("/register", "[data-testid=register-submit]"), "register");
    await page.fill("[data-testid=field-name]", "Lan Nguyen");
    await page.fill("[data-testid=field-email]", "lan@");
    await page.fill("[data-testid=field-password]", "1234567");
    await page.fill("[data-testid=field-confirm]", "12345678");
    await page.click("[data-testid=register-submit]");
    expect(await text("[data-testid=error-email]")).toBe("Invalid email address");
    expect(await text("[data-testid=error-password]")).toBe("Password must be at least 8 characters");
    expect(await text("[data-testid=error-confirm]")).toBe("Passwords do not match");

    const taken = await createAccount(baseURL);
    await page.fill("[data-testid=field-email]", taken.email);
    await page.fill("[data-testid=field-password]", PASSWORD);
    await page.fill("[data-testid=field-confirm]", PASSWORD);
    await page.click("[data-testid=register-submit]");
    expect(await text("[data-testid=error-email]")).toBe("An account with this email already exists.");

    await page.fill("[data-testid=field-email]", uniqueEmail());
    await page.click("[data-testid=register-submit]");
    await page.waitForSelector("[data-testid=greeting]");
    expect(await text("[data-testid=greeting]")).toContain("Lan");
  });
});

describe("the forgotten password on the pre-rendered page", () => {
  it("goes email → mailed code → new password → done, and the new password signs in", async () => {
    const account = await createAccount(baseURL);
    await fresh();
    expectPrerendered(await openPage("/reset-password", "[data-testid=reset-send]"), "reset-password");
    await page.fill("[data-testid=field-reset-email]", "not-an-email");
    await page.click("[data-testid=reset-send]");
    expect(await text("[data-testid=reset-error]")).toBe("Invalid email address");
    await page.fill("[data-testid=field-reset-email]", account.email);
    await page.click("[data-testid=reset-send]");
    await page.locator("[data-testid=reset-form]").waitFor();
    expect(await text("[data-testid=reset-sent]")).toContain(account.email);

    await page.fill("[data-testid=field-reset-code]", await mailedCode(baseURL, account.email));
    await page.fill("[data-testid=field-reset-new]", "short");
    await page.fill("[data-testid=field-reset-confirm]", "short");
    await page.click("[data-testid=reset-submit]");
    expect(await text("[data-testid=reset-error]")).toBe("The password must be at least 8 characters");
    await page.fill("[data-testid=field-reset-new]", "a-new-password");
    await page.fill("[data-testid=field-reset-confirm]", "a-new-password");
    await page.click("[data-testid=reset-submit]");
    await page.locator("[data-testid=reset-done]").waitFor();

    await fresh();
    await page.goto(`${baseURL}/login`);
    await page.fill("[data-testid=field-email]", account.email);
    await page.fill("[data-testid=field-password]", "a-new-password");
    await page.click("[data-testid=login-submit]");
    await page.waitForSelector("[data-testid=greeting]");
  });
});

describe("the pre-rendered pages in each language", () => {
  const AUTH = Object.fromEntries(
    ["vi", "en", "ru", "zh"].map((lng) => [
      lng,
      (JSON.parse(readFileSync(`locales/auth/${lng}.json`, "utf8")) as { auth: Record<string, string> }).auth,
    ]),
  );

  it.each([
    ["vi", "vi-VN"],
    ["en", "en-GB"],
    ["ru", "ru-RU"],
    ["zh", "zh-CN"],
  ])(
    "shows %s headings before any script of the page runs, and switches the language with the picker",
    async (lng, locale) => {
      await fresh(locale);
      // the page's own script held back: only the HTML and the boot script in <head> may have chosen the copy
      await page.route("**/assets/guest-page-*.js", (route) => route.abort());
      for (const [path, key] of [
        ["/login", "loginTitle"],
        ["/register", "registerTitle"],
        ["/reset-password", "forgotTitle"],
      ] as const) {
        await page.goto(`${baseURL}${path}`);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(lng);
        expect(await page.locator("h1").filter({ visible: true }).textContent()).toBe(AUTH[lng]![key]);
      }
      await page.unroute("**/assets/guest-page-*.js");
      await page.goto(`${baseURL}/register`);
      await page.fill("[data-testid=field-name]", "Minh");
      const other = lng === "en" ? "vi" : "en";
      await page.selectOption("[data-testid=language-select]", other);
      await expect.poll(() => page.locator("h1").textContent()).toBe(AUTH[other]!.registerTitle);
      expect(await page.inputValue("[data-testid=field-name]")).toBe("Minh");
      expect(await page.evaluate(() => localStorage.getItem("language"))).toBe(other);
    },
  );

  it("switches the theme and shows the password as the SPA does; the theme holds in the app after signing in", async () => {
    const account = await createAccount(baseURL);
    await fresh();
    await page.goto(`${baseURL}/login`);
    await page.fill("[data-testid=field-password]", account.password);
    await page.click("[data-testid=field-password] + .field__reveal");
    expect(await page.getAttribute("[data-testid=field-password]", "type")).toBe("text");
    expect(await page.getAttribute("[data-testid=field-password] + .field__reveal", "aria-label")).toBe(
      "Hide password",
    );
    await page.click("[data-testid=theme-toggle]");
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    expect(await page.getAttribute("[data-testid=theme-toggle]", "aria-label")).toBe("Switch to light theme");
    // axe once the colours' transitions have finished, so it reads the contrast as it ends
    await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition)));
    await expectAccessible(page, "pre-rendered sign-in page, dark");
    await page.fill("[data-testid=field-email]", account.email);
    await page.click("[data-testid=login-submit]");
    await page.waitForSelector("[data-testid=greeting]");
    expect(await page.evaluate(() => [document.documentElement.dataset.theme, localStorage.getItem("theme")])).toEqual([
      "dark",
      "dark",
    ]);
  });
});
