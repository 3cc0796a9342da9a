// The business loop in the real product: a free user follows a usage warning's "Upgrade now" to /upgrade, picks
// Basic yearly, sees the VietQR dialog with the right amount and memo, the bank's signed webhook arrives (sent by
// scripts/pay-test.mjs, as a developer would), and the dialog turns paid → success and closes; the plan is Basic
// everywhere without a reload (the page's badge, unlocked premium models) and the subscription history lists it.
// Then the affiliate dashboard: join, the referral link; and the FAQ: search, a question, its related questions.
import { spawnSync } from "node:child_process";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createAccount, launch, SHOTS_DIR, signIn } from "./support/browser";

const baseURL = inject("baseURL");

describe("upgrade by bank transfer", () => {
  let ctx: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ctx = await launch({ locale: "en-US" });
    page = ctx.pages()[0] ?? (await ctx.newPage());
    await signIn(page, baseURL, await createAccount(baseURL));
  });
  afterAll(async () => ctx?.close());

  it("opens /upgrade from a locked premium model", async () => {
    await page.click("[data-testid=model-switcher]");
    await page.click('[data-testid=model-option][data-endpoint="gpt-4.1"][data-locked="true"]');
    await page.waitForURL("**/upgrade");
    await page.locator('[data-testid=current-plan][data-plan="free"]').waitFor();
    await page.goBack();
    await page.waitForSelector("[data-testid=greeting]");
  });

  it("opens /upgrade from a usage warning's upgrade action", async () => {
    // o4-mini allows a free user 10 uses a day: after the 5th, 5 are left and the "warning" level shows
    await page.click("[data-testid=model-switcher]");
    await page.click('[data-testid=model-option][data-endpoint="o4-mini"]');
    await expect.poll(() => page.getAttribute("[data-testid=model-switcher]", "data-model")).toBe("o4-mini");
    for (let i = 1; i <= 5; i++) {
      await page.fill("[data-testid=chat-input]", `Question number ${i}`);
      await page.keyboard.press("Enter");
      await page.waitForSelector("[data-testid=stop-button]");
      await page.click("[data-testid=stop-button]");
      await page.waitForSelector("[data-testid=send-button]");
    }
    const action = page.locator("[data-testid=usage-warning] [data-testid=usage-warning-action]");
    await action.waitFor();
    expect(await action.textContent()).toMatch(/upgrade now/i);
    await action.click();
    await page.waitForURL("**/upgrade");
  });

  it("shows the three plans with monthly and yearly prices, free marked as current", async () => {
    await page.locator("[data-testid=plan-card-basic]").waitFor();
    expect(await page.getAttribute("[data-testid=plan-card-free]", "data-current")).toBe("true");
    expect(await page.getAttribute("[data-testid=plan-amount-basic]", "data-amount")).toBe("6");
    expect(await page.getAttribute("[data-testid=plan-amount-advanced]", "data-amount")).toBe("16");
    await page.click("[data-testid=billing-yearly]");
    await expect.poll(() => page.getAttribute("[data-testid=plan-amount-basic]", "data-amount")).toBe("4.5");
    expect(await page.getAttribute("[data-testid=plan-amount-advanced]", "data-amount")).toBe("12.5");
    expect(await page.getAttribute("[data-testid=billing-yearly]", "aria-checked")).toBe("true");
    expect(await page.getAttribute("[data-testid=subscription-history]", "data-count")).toBe("0");
  });

  it("pays Basic yearly by QR transfer: verifying, paid, success, then the plan is Basic everywhere", async () => {
    await page.click("[data-testid=buy-basic]");
    const state = page.locator("[data-testid=payment-state]");
    await page.locator('[data-testid=payment-qr][data-ready="true"] img').waitFor();
    expect(await state.getAttribute("data-phase")).toBe("verifying");
    expect(await page.textContent("[data-testid=payment-amount]")).toContain("1,428,000");
    const memo = (await page.textContent("[data-testid=payment-memo]"))?.trim() ?? "";
    expect(memo).toMatch(/^MAY[0-9A-Z]{8}$/);
    const payload = (await page.getAttribute("[data-testid=payment-qr]", "data-payload")) ?? "";
    expect(payload).toContain("1428000"); // EMVCo tag 54, the amount
    expect(payload).toContain(memo);
    await expect.poll(() => page.textContent("[data-testid=payment-timer]")).toMatch(/\d\d:\d\d/);
    await page.screenshot({ path: `${SHOTS_DIR}/payment-qr.png` });

    // the bank: scripts/pay-test.mjs signs the webhook with the server's PAYMENT_WEBHOOK_SECRET from .dev.vars
    const paid = spawnSync("node", ["scripts/pay-test.mjs", memo, "1428000"], {
      env: { ...process.env, BASE_URL: baseURL },
      encoding: "utf8",
    });
    expect(paid.status, paid.stderr + paid.stdout).toBe(0);

    await page.locator('[data-testid=payment-state][data-phase="paid"]').waitFor({ timeout: 10_000 });
    await page.locator('[data-testid=payment-state][data-phase="success"]').waitFor({ timeout: 5_000 });
    expect(await page.textContent("[data-testid=payment-countdown]")).toMatch(/\d/);
    await page.screenshot({ path: `${SHOTS_DIR}/payment-success.png` });
    // the success screen closes by itself
    await page.locator("[data-testid=payment-dialog]").waitFor({ state: "detached", timeout: 10_000 });

    await page.locator('[data-testid=current-plan][data-plan="basic"]').waitFor();
    expect(await page.getAttribute("[data-testid=plan-card-basic]", "data-current")).toBe("true");
    await page.locator("[data-testid=premium-until]").waitFor();
    const row = page.locator("[data-testid=subscription-row]");
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getAttribute("data-plan")).toBe("BS_1Y");
    expect(await row.getAttribute("data-status")).toBe("active");
    expect(await row.textContent()).toContain("1,428,000");
    // premium models are unlocked without a reload
    await page.click("[data-testid=model-switcher]");
    await page.locator('[data-testid=model-option][data-endpoint="gpt-4.1"][data-locked="false"]').waitFor();
    await page.keyboard.press("Escape");
  });
});

describe("affiliate programme", () => {
  let ctx: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ctx = await launch({ locale: "en-US" });
    page = ctx.pages()[0] ?? (await ctx.newPage());
    await signIn(page, baseURL, await createAccount(baseURL));
  });
  afterAll(async () => ctx?.close());

  it("joins and shows the referral link and the counts", async () => {
    await page.goto(`${baseURL}/affiliate`);
    await page.click("[data-testid=affiliate-join]");
    const link = page.locator("[data-testid=referral-link]");
    await link.waitFor();
    const code = (await page.textContent("[data-testid=affiliate-code]"))?.trim() ?? "";
    expect(code.length).toBeGreaterThan(3);
    expect(await link.textContent()).toContain(`/affiliate/r/${code}`);
    expect(await page.textContent("[data-testid=stat-clicks]")).toBe("0");
    // a visitor opens the link: the click counts
    await fetch(`${baseURL}/affiliate/r/${code}`, { redirect: "manual" });
    await page.reload();
    await expect.poll(() => page.textContent("[data-testid=stat-clicks]"), { timeout: 10_000 }).toBe("1");
    await page.screenshot({ path: `${SHOTS_DIR}/affiliate-dashboard.png` });
  });

  it("walks the FAQ: search, sort, grid, a question with related ones, back to the dashboard", async () => {
    await page.click("[data-testid=affiliate-faq-link]");
    await page.waitForURL("**/affiliate#faq");
    const items = page.locator("[data-testid=faq-item]");
    await items.first().waitFor();
    const all = await items.count();
    expect(all).toBeGreaterThan(3);
    await page.fill("[data-testid=faq-search]", "commission");
    await expect.poll(() => items.count()).toBeLessThan(all);
    expect(await items.count()).toBeGreaterThan(0);
    await page.selectOption("[data-testid=faq-sort]", "alphabetical");
    await expect
      .poll(async () => {
        const titles = await items.locator(".faq-item__q").allTextContents();
        return titles.join("|") === [...titles].sort((a, b) => a.localeCompare(b, "en")).join("|");
      })
      .toBe(true);
    const titles = await items.locator(".faq-item__q").allTextContents();
    expect([...titles].sort((a, b) => a.localeCompare(b, "en"))).toEqual(titles);
    await page.click("[data-testid=faq-view-grid]");
    await page.locator('[data-testid=faq-items][data-view="grid"]').waitFor();
    await page.fill("[data-testid=faq-search]", "");
    await expect.poll(() => items.count()).toBe(all);
    await items.first().locator("a").click();
    await page.locator("[data-testid=faq-answer]").waitFor();
    await page.locator("[data-testid=faq-related]").first().waitFor();
    const related = await page.locator("[data-testid=faq-related] a").first().textContent();
    await page.locator("[data-testid=faq-related] a").first().click();
    await expect.poll(() => page.textContent("[data-testid=faq-question]")).toBe(related);
    expect(await page.getAttribute("[data-testid=faq-contact]", "href")).toMatch(/^mailto:/);
    expect(page.url()).toContain("#faq/");
    await page.goBack();
    await page.locator("[data-testid=faq-question]").waitFor();
    await page.click("[data-testid=faq-back]");
    await page.locator("[data-testid=referral-link]").waitFor();
    expect(new URL(page.url()).pathname).toBe("/affiliate");
  });
});
