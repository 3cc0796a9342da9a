// The operator console in a real browser against the real product (the fast one: its offline model ends an answer in
// about a second). The product names one operator (ADMIN_EMAILS in ./support/server.ts); this file registers that
// address. The operator reads the usage charts after a couple of chats, at 1280 px and at 375 px (charts drawn,
// nothing wider than the screen), finds a user and grants a month of Basic, blocks and unblocks another, adds a prompt
// that the users' library then shows (and removes it), applies a transfer of the wrong amount
// from the review queue (sent as the bank's signed webhook, as scripts/pay-test.mjs does), and publishes a news item
// that another signed-in user then finds in the bell. A normal user and a guest opening /admin get exactly the app's
// not-found page, at that address.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { bankTransfer, sendBankWebhook } from "../../scripts/bank-transfer.mjs";
import { readDevVars } from "../../scripts/dev-vars.mjs";
import { launch, PASSWORD, SHOTS_DIR, signIn } from "./support/browser";
import { type ApiSession, apiAccount, call } from "./support/seed";
import { join } from "node:path";

const baseURL = inject("fastBaseURL");
/** The operator's address, as ./support/server.ts names it in ADMIN_EMAILS. */
const OPERATOR = { email: "operator@example.com", password: PASSWORD };

/** Registers the operator (once per product; a second run of this file finds it there). */
async function registerOperator() {
  const res = await fetch(`${baseURL}/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Operator", ...OPERATOR }),
  });
  if (res.status !== 201 && res.status !== 409) throw new Error(`register failed: ${res.status} ${await res.text()}`);
}

/** Asks the offline model a question through the chat API and reads the answer to its end (the turn is then saved). */
async function chat(s: ApiSession, question: string) {
  const created = await call<{ data: { id: string } }>(s, "POST", "/chat-sessions", { title: question });
  const res = await fetch(`${baseURL}/api/chat/gpt-4.1-mini`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${s.token}`,
      "X-Session-Token": s.sessionToken,
      "Content-Type": "application/json",
    },
    body: JSON.stringify({ question, chat_id: created.data.id }),
  });
  expect(res.status).toBe(200);
  expect(await res.text()).toContain("[DONE]");
}

/** The charts drawn whenever there is usage (failed turns have theirs only when some failed). */
const CHARTS = ["chart-turns", "chart-ttft", "chart-active"];

/** Whether anything on the page is wider than the screen (a horizontal scroll bar). */
const overflows = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe("the operator console", () => {
  let ctx: BrowserContext;
  let page: Page;
  let user: ApiSession;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    await registerOperator();
    user = await apiAccount(baseURL, "Minh Tran");
    await chat(user, "What is a cloud?");
    await chat(user, "And a rainbow?");
    ctx = await launch({ locale: "en-US" });
    page = ctx.pages()[0] ?? (await ctx.newPage());
    page.on("pageerror", (e) => pageErrors.push(e.message));
    await signIn(page, baseURL, OPERATOR, "/admin");
  });
  afterAll(async () => ctx?.close());

  it("shows usage as charts at 1280 px and at 375 px, nothing wider than the screen", async () => {
    await page.locator("[data-testid=admin-usage]").waitFor();
    // the two chats are counted once their turns are saved: the page reads the figures again until they show
    await expect
      .poll(
        async () => {
          const total = await page
            .locator("[data-testid=chart-turns] [data-testid=chart-column]")
            .evaluateAll((cols) => cols.reduce((s, c) => s + Number(c.getAttribute("data-total")), 0));
          if (total < 2) await page.reload();
          return total;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBeGreaterThanOrEqual(2);
    for (const chart of CHARTS) expect(await page.locator(`[data-testid=${chart}] svg`).isVisible(), chart).toBe(true);
    // the offline model fails no turn: the errors chart says so
    expect(await page.locator("[data-testid=chart-errors]").textContent()).toContain("No failed turns");
    expect(await page.locator("[data-testid=usage-model-row][data-model='gpt-4.1-mini']").count()).toBeGreaterThan(0);
    expect(await overflows(page)).toBe(false);
    await page.screenshot({ path: join(SHOTS_DIR, "admin-usage-1280.png"), fullPage: true });

    await page.setViewportSize({ width: 375, height: 800 });
    // each chart draws again at its new width once its resize observer has run: a loaded machine runs it late
    for (const chart of CHARTS) {
      const rightEdge = async () => {
        const box = await page.locator(`[data-testid=${chart}] svg`).boundingBox();
        return box ? box.x + box.width : Number.POSITIVE_INFINITY;
      };
      await expect.poll(rightEdge, { message: chart }).toBeLessThanOrEqual(375);
    }
    // the nav folds into a menu
    expect(await page.locator("[data-testid=admin-nav]").isVisible()).toBe(false);
    expect(await overflows(page)).toBe(false);
    await page.screenshot({ path: join(SHOTS_DIR, "admin-usage-375.png"), fullPage: true });
    await page.click("[data-testid=admin-menu]");
    await page.click("[data-testid=admin-nav-users]");
    await page.locator("[data-testid=admin-users]").waitFor();
    expect(await page.locator("[data-testid=admin-nav]").isVisible()).toBe(false);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it("finds a user and grants a month of Basic", async () => {
    await page.fill("[data-testid=admin-user-search]", user.email.slice(0, 12));
    await page.click(`[data-testid=admin-user-row][data-email="${user.email}"] a`);
    await page.locator("[data-testid=admin-user-plan][data-plan=free]").waitFor();
    await page.selectOption("[data-testid=admin-grant-package]", "BS_1T");
    await page.click("[data-testid=admin-grant]");
    expect(await page.textContent("[data-testid=confirm-dialog]")).toContain(user.email);
    await page.click("[data-testid=confirm-ok]");
    await page.locator("[data-testid=admin-user-plan][data-plan=basic]").waitFor();
    expect(await page.textContent("[data-testid=admin-user-plan]")).toBe("Basic");
    expect(await page.locator("[data-testid=admin-user-period]").count()).toBe(1);
  });

  it("blocks a user's sign-in with a reason, then unblocks it", async () => {
    const troll = await apiAccount(baseURL, "Throwaway");
    const login = () =>
      fetch(`${baseURL}/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: troll.email, password: troll.password }),
      });
    await page.click("[data-testid=admin-nav-users]");
    await page.fill("[data-testid=admin-user-search]", troll.email);
    await page.click(`[data-testid=admin-user-row][data-email="${troll.email}"] a`);
    await page.locator("[data-testid=admin-user-blocked][data-blocked=false]").waitFor();
    await page.fill("[data-testid=admin-block-reason]", "free-quota farming");
    await page.click("[data-testid=admin-block]");
    await page.click("[data-testid=confirm-ok]");
    await page.locator("[data-testid=admin-user-blocked][data-blocked=true]").waitFor();
    expect(await page.textContent("[data-testid=admin-user-blocked]")).toContain("free-quota farming");
    expect((await login()).status).toBe(403);

    await page.click("[data-testid=admin-unblock]");
    await page.locator("[data-testid=admin-user-blocked][data-blocked=false]").waitFor();
    expect((await login()).status).toBe(200);
  });

  it("adds a prompt in four languages, previewed in each, that the users' library then shows; then removes it", async () => {
    const id = `console-${Date.now()}`;
    await page.click("[data-testid=admin-nav-prompts]");
    await page.click("[data-testid=admin-prompt-new]");
    await page.fill("[data-testid=admin-prompt-id]", id);
    for (const lng of ["vi", "en", "ru", "zh"]) {
      await page.fill(`[data-testid=admin-prompt-${lng}-title]`, `Console prompt ${lng}`);
      await page.fill(`[data-testid=admin-prompt-${lng}-description]`, `Made in the console (${lng})`);
      await page.fill(`[data-testid=admin-prompt-${lng}-body]`, `Say hello in ${lng}`);
    }
    await expect
      .poll(() => page.textContent("[data-testid=admin-prompt-preview] [data-lang=ru] h3"))
      .toBe("Console prompt ru");
    await page.click("[data-testid=admin-prompt-save]");
    await page.locator(`[data-testid=admin-prompt-item][data-id="${id}"][data-source=added]`).waitFor();
    const shown = await call<{ data: { prompt: { title: string } } }>(user, "GET", `/prompts/${id}?lang=en`);
    expect(shown.data.prompt.title).toBe("Console prompt en");

    await page.click("[data-testid=admin-prompt-revert]");
    await page.click("[data-testid=confirm-ok]");
    await page.locator(`[data-testid=admin-prompt-item][data-id="${id}"]`).waitFor({ state: "detached" });
  });

  it("applies a transfer of the wrong amount from the review queue, its difference shown first", async () => {
    const payer = await apiAccount(baseURL, "Hoa Le");
    const created = await call<{ data: { order: { code: string; amount: number } } }>(
      payer,
      "POST",
      "/payments/create",
      {
        packageType: "BS_1T",
      },
    );
    const { code, amount } = created.data.order;
    const secret = readDevVars(process.cwd()).PAYMENT_WEBHOOK_SECRET!;
    const res = await sendBankWebhook(
      baseURL,
      secret,
      bankTransfer({ code, amount: amount - 1000, description: `short transfer ${code}` }),
    );
    expect(((await res.json()) as { data: { outcome: string } }).data.outcome).toBe("review");

    await page.click("[data-testid=admin-nav-payments]");
    const item = page.locator("[data-testid=admin-review-item]", { hasText: code });
    await item.waitFor();
    expect(await item.locator("[data-testid=admin-review-diff]").getAttribute("data-diff")).toBe("-1000");
    expect(await item.locator("[data-testid=admin-review-code]").inputValue()).toBe(code);
    await item.locator("[data-testid=admin-review-apply]").click();
    expect(await page.textContent("[data-testid=confirm-dialog]")).toMatch(/Difference: −.*1[.,]?000/);
    await page.click("[data-testid=confirm-ok]");
    await item.waitFor({ state: "detached" });
    const me = await call<{ data: { plan?: string; isPremium?: number; is_premium?: number } }>(
      payer,
      "GET",
      "/auth/me",
    );
    expect(JSON.stringify(me.data)).toMatch(/"(is_premium|isPremium)":1/);
  });

  it("publishes a news item that another signed-in user finds in the bell", async () => {
    const title = `Console news ${Date.now()}`;
    await page.click("[data-testid=admin-nav-feeds]");
    await page.click("[data-testid=admin-feed-tab-news]");
    await page.click("[data-testid=admin-feed-lang-en]");
    await page.fill("[data-testid=admin-feed-title]", title);
    await page.fill("[data-testid=admin-feed-body]", "Written in the operator console.");
    // the preview follows the form as it is typed
    await expect.poll(() => page.textContent("[data-testid=admin-feed-preview-title]")).toBe(title);
    await page.click("[data-testid=admin-feed-publish]");
    await page.locator("[data-testid=admin-feed-item][data-draft=false]", { hasText: title }).waitFor();

    const other = await launch({ locale: "en-US" });
    try {
      const reader = other.pages()[0] ?? (await other.newPage());
      await signIn(reader, baseURL, user);
      const refetched = reader.waitForResponse((r) => new URL(r.url()).pathname === "/feeds");
      await reader.click("[data-testid=notifications-bell]");
      await refetched;
      const panel = reader.locator("[data-testid=notifications-panel]");
      await panel.locator("[data-testid=notifications-tab][data-tab=news]").click();
      await panel.locator("[data-testid=feed-item]", { hasText: title }).waitFor();
    } finally {
      await other.close();
    }
  });

  it("lists the actions in the audit log", async () => {
    await page.click("[data-testid=admin-nav-audit]");
    await page.locator("[data-testid=admin-audit-entry]").first().waitFor();
    const actions = await page
      .locator("[data-testid=admin-audit-entry]")
      .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-action")));
    expect(actions).toEqual(
      expect.arrayContaining([
        "grant_plan",
        "block_user",
        "unblock_user",
        "prompt_add",
        "prompt_remove",
        "transfer_apply",
        "feed_create",
      ]),
    );
    expect(pageErrors).toEqual([]);
  });

  it("shows a normal user and a guest exactly the app's not-found page at /admin", async () => {
    const visitor = await launch({ locale: "en-US" });
    try {
      const guest = visitor.pages()[0] ?? (await visitor.newPage());
      await guest.goto(`${baseURL}/no-such-page`);
      const notFound = await guest.locator(".fallback").innerText();
      await guest.goto(`${baseURL}/admin`);
      await guest.locator(".fallback").waitFor();
      expect(await guest.locator(".fallback").innerText()).toBe(notFound);
      expect(new URL(guest.url()).pathname).toBe("/admin");

      await signIn(guest, baseURL, user, "/admin/users");
      await guest.locator(".fallback").waitFor();
      expect(await guest.locator(".fallback").innerText()).toBe(notFound);
      expect(new URL(guest.url()).pathname).toBe("/admin/users");
      expect(await guest.locator("[data-testid=admin-console]").count()).toBe(0);
    } finally {
      await visitor.close();
    }
  });
});
