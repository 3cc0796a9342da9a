// Cloudflare Turnstile on the pre-rendered sign-up page in Chromium, against the built product: with the site key on
// the page (as the worker writes it when both keys are configured, worker/http/guest-page.ts), the page loads
// Turnstile's script from challenges.cloudflare.com under the product's real Content-Security-Policy, draws the
// widget (whose challenge is a frame from there) before the button, and the sign-up carries the widget's token and
// goes through. The shared products run without Turnstile's keys (other tests sign up freely), so here the page
// served by the product gets its site key added on the way, as the worker would, and challenges.cloudflare.com is a
// fake: its api.js implements render/reset/remove and passes the visitor at once. The worker's check of the token
// is proven against a fake siteverify by the workerd tests (test/worker/routes/turnstile.test.ts).
import type { BrowserContext, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { PASSWORD, launch, uniqueEmail } from "./support/browser";

const baseURL = inject("baseURL");
const SITE_KEY = "0x4AAAAAAA-browser-test";
const TOKEN = "fake-turnstile-token";
let ctx: BrowserContext;
let page: Page;
const violations: string[] = [];

/** Turnstile's api.js as a fake: a widget whose challenge frame comes from challenges.cloudflare.com, passed at once. */
const FAKE_API = `
  window.turnstile = {
    render(el, params) {
      const frame = document.createElement("iframe");
      frame.src = "https://challenges.cloudflare.com/fake-challenge?sitekey=" + encodeURIComponent(params.sitekey)
        + "&language=" + encodeURIComponent(params.language);
      frame.title = "Turnstile";
      frame.onload = () => params.callback(${JSON.stringify(TOKEN)});
      el.append(frame);
      return "widget-1";
    },
    reset() {},
    remove() {},
  };
`;

beforeAll(async () => {
  ctx = await launch({ locale: "en-US" });
  page = ctx.pages()[0] ?? (await ctx.newPage());
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.route("https://challenges.cloudflare.com/**", (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === "/turnstile/v0/api.js")
      return route.fulfill({ contentType: "text/javascript", body: FAKE_API });
    return route.fulfill({ contentType: "text/html", body: "<!doctype html><p>Verified</p>" });
  });
  // the product's own page, with the site key as the worker adds it when Turnstile is configured
  await page.route(`${baseURL}/register`, async (route) => {
    const res = await route.fetch();
    const html = (await res.text()).replace("<html ", `<html data-turnstile-site-key="${SITE_KEY}" `);
    await route.fulfill({ response: res, body: html });
  });
});
afterAll(async () => ctx?.close());

describe("Turnstile on the pre-rendered sign-up page", () => {
  it("loads the widget under the product's CSP and signs up with its token", async () => {
    const res = await page.goto(`${baseURL}/register`);
    const csp = res?.headers()["content-security-policy"] ?? "";
    expect(/script-src[^;]*/.exec(csp)?.[0]).toContain("https://challenges.cloudflare.com");
    expect(/frame-src[^;]*/.exec(csp)?.[0]).toContain("https://challenges.cloudflare.com");

    const widget = page.locator("[data-testid=register-form] [data-testid=turnstile] iframe");
    await widget.waitFor();
    expect(await widget.getAttribute("src")).toContain(`sitekey=${SITE_KEY}&language=en`);
    // before the button, once: the page loaded Turnstile's script a single time
    expect(await page.locator("[data-testid=turnstile] + [data-testid=register-submit]").count()).toBe(1);
    expect(await page.locator('script[src^="https://challenges.cloudflare.com/"]').count()).toBe(1);
    await expect.poll(() => page.locator("[data-testid=register-submit]").isEnabled()).toBe(true);

    await page.fill("[data-testid=field-name]", "Lan Nguyen");
    await page.fill("[data-testid=field-email]", uniqueEmail());
    await page.fill("[data-testid=field-password]", PASSWORD);
    await page.fill("[data-testid=field-confirm]", PASSWORD);
    const sent = page.waitForRequest((r: Request) => r.url().endsWith("/auth/register") && r.method() === "POST");
    await page.click("[data-testid=register-submit]");
    expect((await sent).postDataJSON()).toMatchObject({ turnstile_token: TOKEN });
    await page.waitForSelector("[data-testid=greeting]");
    expect(violations).toEqual([]);
  });
});
