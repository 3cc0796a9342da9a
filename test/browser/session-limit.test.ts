// Live forced logout: the free plan allows 2 devices; a third login ends the oldest, whose open page shows the
// forced-logout popup at once and, after it, keeps only theme and language in storage.
import { afterAll, describe, expect, inject, it } from "vitest";
import { createAccount, launch, signInThroughForm } from "./support/browser";

const baseURL = inject("baseURL");
const contexts: Awaited<ReturnType<typeof launch>>[] = [];
afterAll(async () => Promise.all(contexts.map((c) => c.close())));

describe("session limit", () => {
  it("shows the forced-logout popup on the first device when the same account logs in past the limit", async () => {
    const account = await createAccount(baseURL);
    const first = await launch({ locale: "en-US" });
    contexts.push(first);
    const page = first.pages()[0] ?? (await first.newPage());
    await signInThroughForm(page, baseURL, account);
    await page.evaluate(() => localStorage.setItem("theme", "dark"));

    // a second browser logs in twice more: sessions 2 and 3 of the same account
    const second = await launch({ locale: "en-US" });
    contexts.push(second);
    const other = second.pages()[0] ?? (await second.newPage());
    await signInThroughForm(other, baseURL, account);
    expect(await page.locator("[data-testid=forced-logout-dialog]").isVisible()).toBe(false);
    const res = await fetch(`${baseURL}/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(account),
    });
    expect(res.status).toBe(200);

    const dialog = page.locator("[data-testid=forced-logout-dialog]");
    await dialog.waitFor({ timeout: 10_000 });
    expect(await page.getAttribute("[data-testid=forced-logout-message]", "data-reason")).toBe("replaced");
    expect(await page.textContent("[data-testid=forced-logout-message]")).toMatch(/another device/i);
    await page.click("[data-testid=forced-logout-ok]");
    // back at '/' (where a forced logout sends the user), which a guest sees as the landing page
    await page.locator("[data-testid=landing-page]").filter({ visible: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    const keys = await page.evaluate(() => Object.keys(localStorage).sort());
    expect(keys.every((k) => ["theme", "theme_follow_system", "language"].includes(k))).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
    // the second browser is still signed in
    await other.reload();
    await other.waitForSelector("[data-testid=greeting]");
  });
});
