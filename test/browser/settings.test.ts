// Settings in a real browser, end to end against the real product: the notifications switch hides the bell's count,
// the profile name reaches the profile menu, the custom AI instruction survives a reload, ending another device from
// Security pushes that device out live, a password change signs out after 2 s and the new password works, and the
// email changes with the code from the dev mailbox.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { SHOTS_DIR, createAccount, launch, settled, signIn, signInThroughForm, uniqueEmail } from "./support/browser";
import { mailedCode } from "./support/mailbox";

const baseURL = inject("baseURL");
const contexts: BrowserContext[] = [];
afterAll(async () => Promise.all(contexts.map((c) => c.close())));

async function browser(): Promise<Page> {
  const ctx = await launch({ locale: "en-US" });
  contexts.push(ctx);
  return ctx.pages()[0] ?? (await ctx.newPage());
}

/** Opens a tab as a user does, with a tap on it in the tab row (scrolled into view on a phone). */
async function openTab(page: Page, tab: string) {
  await page.click(`[data-testid=settings-tab-${tab}]`);
  await page.waitForURL(`**/settings?tab=${tab}`);
  await page.locator(`[data-testid=settings-panel-${tab}]`).waitFor();
}

/** Signs in (through the API) straight into a tab of the settings. */
async function signInTo(page: Page, account: { email: string; password: string }, tab: string) {
  await signIn(page, baseURL, account, `/settings?tab=${tab}`);
  await page.locator(`[data-testid=settings-panel-${tab}]`).waitFor();
}

describe("settings", () => {
  it("opens from the profile menu, and a new name shows in the menu at once", async () => {
    const account = await createAccount(baseURL, "Lan Nguyen");
    const page = await browser();
    await signIn(page, baseURL, account);
    await page.click("[data-testid=profile-menu-button]");
    for (const item of ["subscriptions", "settings", "blog", "referral"])
      await page.locator(`[data-testid=menu-${item}]`).waitFor();
    // the blog is the app's own /blog page (the README: the profile menu's Blog opens /blog), so it opens offline too
    expect(await page.getAttribute("[data-testid=menu-blog]", "href")).toBe("/blog");
    await page.click("[data-testid=menu-settings]");
    await page.waitForURL("**/settings");
    await page.locator("[data-testid=settings-panel-general]").waitFor();
    // notifications off: the header's bell stops counting the seeded feeds' unread items
    const unread = page.locator("[data-testid=notifications-bell] .bell__count");
    await expect.poll(() => unread.count()).toBe(1);
    await page.click("[data-testid=notifications-switch]");
    await expect.poll(() => unread.count()).toBe(0);

    await page.click("[data-testid=settings-tab-profile]");
    await page.waitForURL("**/settings?tab=profile");
    await page.fill("[data-testid=field-profile-name]", "Mai Tran");
    await page.click("[data-testid=profile-save]");
    await expect.poll(() => page.textContent("[data-testid=profile-trigger-name]")).toBe("Mai Tran");
    await page.reload();
    await expect.poll(() => page.textContent("[data-testid=profile-trigger-name]")).toBe("Mai Tran");
    expect(await page.inputValue("[data-testid=field-profile-name]")).toBe("Mai Tran");
    await page.screenshot({ path: `${SHOTS_DIR}/settings-profile-desktop.png` });
  });

  it("saves the custom AI instruction and shows it again after a reload", async () => {
    const account = await createAccount(baseURL);
    const page = await browser();
    await signInTo(page, account, "personalization");
    const instruction = "Answer like a patient teacher and always give one example.";
    await page.fill("[data-testid=custom-instruction]", instruction);
    expect(await page.textContent("[data-testid=instruction-count]")).toContain(`${instruction.length} / 1500`);
    await page.click("[data-testid=allow-new-chats]"); // off
    await page.click("[data-testid=instruction-save]");
    await page.locator("[data-testid=toast]", { hasText: /saved/i }).waitFor();
    // free plan: the AI styles are locked with an upgrade link
    await page.locator("[data-testid=styles-locked]").waitFor();
    expect(await page.isDisabled("[data-testid=style-accurate]")).toBe(true);
    expect(await page.getAttribute("[data-testid=styles-upgrade]", "href")).toBe("/upgrade");

    await page.reload();
    await page.locator("[data-testid=custom-instruction]").waitFor();
    expect(await page.inputValue("[data-testid=custom-instruction]")).toBe(instruction);
    expect(await page.isChecked("[data-testid=allow-new-chats]")).toBe(false);
    expect(await page.isChecked("[data-testid=enable-ai-custom]")).toBe(true);
  });

  it("ends another device from Security, and that device is pushed out live", async () => {
    const account = await createAccount(baseURL);
    const mine = await browser();
    const other = await browser();
    await signIn(other, baseURL, account);
    await signInTo(mine, account, "security");
    await expect.poll(() => mine.locator("[data-testid=session-row]").count()).toBe(2);
    await mine.click("[data-testid=session-row]:not([data-current]) [data-testid=session-end]");

    await other.locator("[data-testid=forced-logout-dialog]").waitFor({ timeout: 10_000 });
    await expect.poll(() => mine.locator("[data-testid=session-row]").count()).toBe(1);
    expect(await mine.getAttribute("[data-testid=session-row]", "data-current")).not.toBeNull();
  });

  it("checks the password rules, then changes the password and signs out after 2 seconds", async () => {
    const account = await createAccount(baseURL);
    const page = await browser();
    await signInTo(page, account, "security");

    await page.click("[data-testid=password-submit]");
    expect(await page.textContent("[data-testid=password-error]")).toBe("Please fill in all fields");
    await page.fill("[data-testid=field-current-password]", account.password);
    await page.fill("[data-testid=field-new-password]", "brand-new-pass");
    await page.fill("[data-testid=field-confirm-password]", "brand-new-pasS");
    await page.click("[data-testid=password-submit]");
    expect(await page.textContent("[data-testid=password-error]")).toBe("New passwords do not match");
    await page.fill("[data-testid=field-current-password]", "wrong-password");
    await page.fill("[data-testid=field-confirm-password]", "brand-new-pass");
    await page.click("[data-testid=password-submit]");
    await expect.poll(() => page.textContent("[data-testid=password-error]")).toMatch(/current password is incorrect/i);

    await page.fill("[data-testid=field-current-password]", account.password);
    await page.click("[data-testid=password-submit]");
    await page.locator("[data-testid=password-changed]").waitFor();
    const changedAt = Date.now();
    await page.waitForURL("**/login**", { timeout: 10_000 });
    expect(Date.now() - changedAt).toBeGreaterThanOrEqual(1_500);

    await signInThroughForm(page, baseURL, { email: account.email, password: "brand-new-pass" });
  });

  it("changes the email with the 6-digit code from the dev mailbox", async () => {
    const account = await createAccount(baseURL);
    const page = await browser();
    await signInTo(page, account, "profile");
    await page.click("[data-testid=change-email]");
    const dialog = page.locator("[data-testid=change-email-dialog]");
    await dialog.waitFor();
    const newEmail = uniqueEmail();
    await page.fill("[data-testid=field-new-email]", newEmail);
    await page.click("[data-testid=email-send-code]");
    await page.locator("[data-testid=email-code-sent]").waitFor();
    expect(await page.textContent("[data-testid=email-code-sent]")).toContain(newEmail);
    // resend waits 60 s
    expect(await page.isDisabled("[data-testid=email-resend]")).toBe(true);
    expect(await page.textContent("[data-testid=email-resend]")).toMatch(/Resend in \d+ s/);

    await page.fill("[data-testid=field-email-code]", "12345");
    await page.click("[data-testid=email-verify]");
    expect(await page.textContent("[data-testid=email-error]")).toBe("Enter the full 6-digit code");

    const code = await mailedCode(baseURL, newEmail);
    const wrong = code === "000000" ? "111111" : "000000";
    await page.fill("[data-testid=field-email-code]", wrong);
    await page.click("[data-testid=email-verify]");
    await expect.poll(() => page.textContent("[data-testid=email-error]")).toMatch(/incorrect\. 4 tries left/);

    await page.fill("[data-testid=field-email-code]", code);
    await page.click("[data-testid=email-verify]");
    await page.locator("[data-testid=email-updated]").waitFor();
    await dialog.getByRole("button", { name: "OK" }).click();
    await expect.poll(() => page.textContent("[data-testid=profile-email]")).toBe(newEmail);

    // the new address signs in
    await page.click("[data-testid=profile-menu-button]");
    await page.click("[data-testid=logout-button]");
    await page.waitForURL("**/login**");
    await signInThroughForm(page, baseURL, { email: newEmail, password: account.password });
  });

  it("fits a phone: the tabs scroll in a row and the page never scrolls sideways", async () => {
    const account = await createAccount(baseURL);
    const ctx = await launch({ locale: "en-US", viewport: { width: 375, height: 740 } });
    contexts.push(ctx);
    const page = ctx.pages()[0] ?? (await ctx.newPage());
    await signInTo(page, account, "general");
    for (const tab of ["general", "profile", "security", "personalization", "subscription", "apps", "models"]) {
      if (tab !== "general") await openTab(page, tab);
      // the tab's data and the texts it loads on demand have arrived and been drawn
      await settled(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `the ${tab} tab is wider than the phone`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS_DIR}/settings-${tab}-phone.png` });
    }
    const tabs = await page.locator("[role=tablist]").boundingBox();
    expect(tabs!.height).toBeLessThan(60); // one row, not a column
  });
});
