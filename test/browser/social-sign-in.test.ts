// Google sign-in in a real browser against the real product, whose Google client trusts the fake identity server's
// keys (test/browser/support/server.ts). Google Identity Services itself is played by a small script served for
// https://accounts.google.com/gsi/client (Playwright routing; the app's CSP still applies): its prompt hands the app an
// ID token the test had the fake server sign. Proven here: a refused token shows 'Google sign-in failed'; a Google
// email that has a password account goes to /link-account, where only the right password links it and signs in;
// Settings > Security lists Google and unlinks it (the password still signs in); a new email signs straight in.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { PASSWORD, createAccount, holdRequests, launch, uniqueEmail } from "./support/browser";

const baseURL = inject("baseURL");
const identityURL = inject("identityURL");
const clientId = inject("googleClientId");
let ctx: BrowserContext;
let page: Page;
/** The ID token the fake Google prompt hands out on the next load of its script. */
let credential = "";

/** A Google ID token for this email, signed by the fake server (key "rogue": a key not in Google's JWKS). */
async function googleToken(email: string, opts: { name?: string; key?: "rogue" } = {}): Promise<string> {
  const claims = {
    iss: "https://accounts.google.com",
    aud: clientId,
    sub: `g-${crypto.randomUUID()}`,
    email,
    email_verified: true,
    name: opts.name ?? "Google User",
  };
  const res = await fetch(`${identityURL}/google/__sign${opts.key ? `?key=${opts.key}` : ""}`, {
    method: "POST",
    body: JSON.stringify(claims),
  });
  return ((await res.json()) as { token: string }).token;
}

/** The stand-in for Google Identity Services: initialize keeps the callback (for this server's client id only), prompt answers it. */
function fakeGis(token: string): string {
  return `(() => {
  let answer = null;
  window.google = { accounts: { id: {
    initialize(o) { answer = o.client_id === ${JSON.stringify(clientId)} ? () => o.callback({ credential: ${JSON.stringify(token)}, select_by: "user" }) : () => o.callback({}); },
    prompt(listener) {
      setTimeout(() => {
        answer();
        listener && listener({ isNotDisplayed: () => false, isSkippedMoment: () => false, isDismissedMoment: () => true, getDismissedReason: () => "credential_returned" });
      }, 50);
    },
  } } };
})();`;
}

/** A guest on /login clicks "Continue with Google" (the fake prompt answers with `token`). */
async function continueWithGoogle(token: string) {
  credential = token;
  await ctx.clearCookies();
  await page.goto(`${baseURL}/login`);
  await page.evaluate(() => localStorage.clear());
  const button = page.locator("[data-testid=social-google]");
  await expect.poll(() => button.getAttribute("aria-disabled")).toBe("false");
  await button.click();
}

beforeAll(async () => {
  ctx = await launch({ locale: "en-US" });
  await ctx.route("https://accounts.google.com/gsi/client", (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/javascript",
      headers: { "Cache-Control": "no-store" },
      body: fakeGis(credential),
    }),
  );
  page = ctx.pages()[0] ?? (await ctx.newPage());
});
afterAll(async () => ctx?.close());

describe("Google sign-in", () => {
  it("shows 'Google sign-in failed' when the server refuses the token", async () => {
    await continueWithGoogle(await googleToken(uniqueEmail(), { key: "rogue" }));
    await page.locator("[data-testid=social-error]").waitFor();
    expect(await page.textContent("[data-testid=social-error]")).toBe("Google sign-in failed");
    expect(new URL(page.url()).pathname).toBe("/login");
  });

  it("links a Google identity to the password account with its email, only with that account's password", async () => {
    const account = await createAccount(baseURL, "Lan Nguyen");
    await continueWithGoogle(await googleToken(account.email));
    await page.waitForURL("**/link-account");
    expect(await page.textContent("[data-testid=link-account]")).toContain(account.email);
    expect(await page.inputValue("[data-testid=field-link-email]")).toBe(account.email);

    await page.fill("[data-testid=field-link-password]", "not-the-password");
    await page.click("[data-testid=link-submit]");
    await page.locator("[data-testid=link-error]").waitFor();
    expect(await page.textContent("[data-testid=link-error]")).toBe("Incorrect email or password.");

    await page.fill("[data-testid=field-link-password]", account.password);
    await page.click("[data-testid=link-submit]");
    await page.locator("[data-testid=greeting]").waitFor();
    expect(await page.textContent("[data-testid=greeting]")).toContain("Lan");

    await page.goto(`${baseURL}/settings?tab=security`);
    const google = page.locator("[data-testid=linked-google]");
    await expect
      .poll(() => google.locator("[data-testid=linked-status]").textContent())
      .toBe(`Linked as ${account.email}`);
    await google.locator("[data-testid=linked-unlink]").click();
    await expect.poll(() => google.locator("[data-testid=linked-status]").textContent()).toBe("Not linked");
    // the password is still a way in
    const login = await fetch(`${baseURL}/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: account.email, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
  });

  it("signs a new email straight in, greeting the user by name before the account has answered", async () => {
    // the account's call is held: the greeting must not say "Hello!" first (the name the sign-in answered with)
    const me = await holdRequests(ctx, "**/auth/me");
    try {
      await continueWithGoogle(await googleToken(uniqueEmail(), { name: "Minh Pham" }));
      await me.asked;
      await page.locator("[data-testid=greeting]").waitFor();
      expect(await page.textContent("[data-testid=greeting]")).toContain("Minh");
    } finally {
      me.release();
      await ctx.unroute("**/auth/me");
    }
    expect(new URL(page.url()).pathname).toBe("/");
  });
});
