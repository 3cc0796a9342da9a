// Signed-out account flows in a real browser: the Facebook button on a server without its app id says so and loads
// no provider script (the test server has a Google client: social-sign-in.test.ts); the forgotten password goes
// email → mailed code → new password → sign in; /link-account without a pending link sends the visitor back to sign in.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createAccount, launch, settled, signInThroughForm } from "./support/browser";
import { mailedCode } from "./support/mailbox";

const baseURL = inject("baseURL");
let ctx: BrowserContext;
let page: Page;

beforeAll(async () => {
  ctx = await launch({ locale: "en-US" });
  page = ctx.pages()[0] ?? (await ctx.newPage());
});
afterAll(async () => ctx?.close());

describe("social sign-in with a provider the server has not set up", () => {
  it("says sign-in with Facebook is not set up, and never loads its script", async () => {
    const providerRequests: string[] = [];
    page.on("request", (r) => {
      if (/connect\.facebook\.net/.test(r.url())) providerRequests.push(r.url());
    });
    await page.goto(`${baseURL}/login`);
    await page.locator("[data-testid=social-facebook-unavailable]").waitFor();
    expect(await page.textContent("[data-testid=social-facebook-unavailable]")).toBe(
      "Sign-in with Facebook is not set up on this server.",
    );
    expect(await page.getAttribute("[data-testid=social-facebook]", "aria-disabled")).toBe("true");
    // Google is set up on the test server: its button is live and says nothing of the kind
    expect(await page.getAttribute("[data-testid=social-google]", "aria-disabled")).toBe("false");
    expect(await page.locator("[data-testid=social-google-unavailable]").count()).toBe(0);
    // aria-disabled buttons stay focusable and clickable (playwright would wait for them to be enabled)
    await page.click("[data-testid=social-facebook]", { force: true });
    await settled(page);
    expect(providerRequests).toEqual([]);
    expect(await page.locator("script[src*='facebook']").count()).toBe(0);
    expect(page.url()).toContain("/login");
  });

  it("shows the same on the sign-up page", async () => {
    await page.goto(`${baseURL}/register`);
    await page.locator("[data-testid=social-facebook-unavailable]").waitFor();
  });
});

describe("forgotten password", () => {
  it("resets the password with the mailed code and signs in with the new one", async () => {
    const account = await createAccount(baseURL);
    await page.goto(`${baseURL}/login`);
    await page.click("[data-testid=forgot-password]");
    await page.waitForURL("**/reset-password");

    await page.fill("[data-testid=field-reset-email]", "not-an-email");
    await page.click("[data-testid=reset-send]");
    expect(await page.textContent("[data-testid=reset-error]")).toMatch(/email/i);
    await page.fill("[data-testid=field-reset-email]", account.email);
    await page.click("[data-testid=reset-send]");
    await page.locator("[data-testid=reset-form]").waitFor();

    const code = await mailedCode(baseURL, account.email);
    await page.fill("[data-testid=field-reset-code]", code);
    await page.fill("[data-testid=field-reset-new]", "short");
    await page.fill("[data-testid=field-reset-confirm]", "short");
    await page.click("[data-testid=reset-submit]");
    expect(await page.textContent("[data-testid=reset-error]")).toBe("The password must be at least 8 characters");

    await page.fill("[data-testid=field-reset-new]", "a-new-password");
    await page.fill("[data-testid=field-reset-confirm]", "a-new-password");
    await page.click("[data-testid=reset-submit]");
    await page.locator("[data-testid=reset-done]").waitFor();

    await page.click("[data-testid=reset-to-login]");
    await page.waitForURL("**/login");
    await signInThroughForm(page, baseURL, { email: account.email, password: "a-new-password" });
  });

  it("opens straight at the new password from the mailed link", async () => {
    const account = await createAccount(baseURL);
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${baseURL}/reset-password`);
    await page.fill("[data-testid=field-reset-email]", account.email);
    await page.click("[data-testid=reset-send]");
    await page.locator("[data-testid=reset-form]").waitFor();
    const { text } = await (await import("./support/mailbox")).latestMail(baseURL, account.email);
    const link = /https?:\/\/\S+\/reset-password\?token=[0-9a-f]{64}/.exec(text)?.[0];
    expect(link).toBeTruthy();
    await page.goto(link!);
    await page.locator("[data-testid=reset-form]").waitFor();
    expect(await page.locator("[data-testid=field-reset-code]").count()).toBe(0);
    await page.fill("[data-testid=field-reset-new]", "link-password-1");
    await page.fill("[data-testid=field-reset-confirm]", "link-password-1");
    await page.click("[data-testid=reset-submit]");
    await page.locator("[data-testid=reset-done]").waitFor();
    await signInThroughForm(page, baseURL, { email: account.email, password: "link-password-1" });
  });
});

describe("/link-account", () => {
  it("without a pending social sign-in, says there is nothing to link", async () => {
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${baseURL}/link-account`);
    await page.locator("[data-testid=link-missing]").waitFor();
  });
});
