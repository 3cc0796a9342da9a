// The sign-in screen in a real browser: rule errors before sending, the server's refusal, credentials kept in
// HttpOnly cookies only (sign-out ends the session by cookie), the forgot-password link.
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

  let account: { email: string; password: string };

  it("says the email or password is wrong, and stays on the sign-in screen", async () => {
    account = await createAccount(baseURL);
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

  it("keeps the credentials in HttpOnly cookies only, and sign-out ends that session on the server", async () => {
    const stored = await page.evaluate(() =>
      Object.keys(localStorage)
        .map((k) => `${k}=${localStorage.getItem(k)}`)
        .join("\n"),
    );
    const cookies = await ctx.cookies(baseURL);
    const credentials = cookies.filter((c) => c.name === "jwt_token" || c.name === "session_token");
    expect(credentials.map((c) => c.name).sort()).toEqual(["jwt_token", "session_token"]);
    expect(credentials.every((c) => c.httpOnly)).toBe(true);
    for (const c of credentials) expect(stored).not.toContain(c.value);
    expect(await page.evaluate(() => document.cookie)).not.toMatch(/jwt_token|session_token/);
    const cookieHeader = credentials.map((c) => `${c.name}=${c.value}`).join("; ");
    expect((await fetch(`${baseURL}/auth/me`, { headers: { Cookie: cookieHeader } })).status).toBe(200);

    await page.click("[data-testid=profile-menu-button]");
    await page.click("[data-testid=logout-button]");
    await page.waitForURL("**/login**");
    // the old cookies no longer open anything, and the browser holds none
    expect((await fetch(`${baseURL}/auth/me`, { headers: { Cookie: cookieHeader } })).status).toBe(401);
    expect((await ctx.cookies(baseURL)).filter((c) => c.name === "jwt_token" || c.name === "session_token")).toEqual(
      [],
    );
    await page.fill("[data-testid=field-email]", account.email);
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
