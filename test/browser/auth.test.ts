// The sign-in screen in a real browser: rule errors before sending, the server's refusal, the forgot-password link.
// (The whole forgotten-password flow is in accounts.test.ts.)
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createAccount, launch } from "./support/browser";

const baseURL = inject("baseURL");
let ctx: BrowserContext;
let page: Page;

beforeAll(async () => {
  ctx = await launch({ locale: "en-US" });
  page = ctx.pages()[0] ?? (await ctx.newPage());
});
afterAll(async () => ctx?.close());

describe("sign in", () => {
  it("shows the required-field errors without calling the server", async () => {
    let calls = 0;
    page.on("request", (r) => {
      if (r.url().endsWith("/auth/login")) calls++;
    });
    await page.goto(`${baseURL}/login`);
    await page.click("[data-testid=login-submit]");
    await page.locator("[data-testid=error-email]").waitFor();
    await page.locator("[data-testid=error-password]").waitFor();
    expect(calls).toBe(0);
  });

  it("says the email or password is wrong, and stays on the sign-in screen", async () => {
    const account = await createAccount(baseURL);
    await page.fill("[data-testid=field-email]", account.email);
    await page.fill("[data-testid=field-password]", "not the password");
    await page.click("[data-testid=login-submit]");
    await page.locator("[data-testid=form-error]").waitFor();
    expect(await page.textContent("[data-testid=form-error]")).toMatch(/password/i);
    expect(page.url()).toContain("/login");
    await page.fill("[data-testid=field-password]", account.password);
    await page.click("[data-testid=login-submit]");
    await page.waitForSelector("[data-testid=greeting]");
  });

  it("leads from 'forgot password' to the reset screen", async () => {
    await page.click("[data-testid=profile-menu-button]");
    await page.click("[data-testid=logout-button]");
    await page.waitForURL("**/login**");
    await page.click("[data-testid=forgot-password]");
    await page.waitForURL("**/reset-password");
    await page.locator("[data-testid=forgot-form]").waitFor();
  });
});
