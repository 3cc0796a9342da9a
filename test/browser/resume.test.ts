// Answers survive a reload: a page reloaded while its answer streams shows the question and the text so far at once,
// follows the answer live to its end with a working stop button, and keeps the offline model's badge afterwards.
// These tests run their own product whose offline model streams at a slower pace (OFFLINE_MODEL_DELAY_MS, its own
// setting): the reload has to land while the answer still runs, and at the shared server's 25 ms a chunk the whole
// answer (about 140 chunks, 3.5 s) could end during a reload on a loaded machine, failing the test with no fault.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, launch, signIn } from "./support/browser";
import { type RunningProduct, startProduct } from "./support/product";

/** The offline model's pause before each chunk here, in milliseconds: an answer takes about 14 s. */
const SLOW_CHUNK_MS = 100;

let product: RunningProduct;
let ctx: BrowserContext;
let page: Page;

beforeAll(async () => {
  product = await startProduct({ vars: { OFFLINE_MODEL_DELAY_MS: String(SLOW_CHUNK_MS) } });
  ctx = await launch({ locale: "en-US" });
  page = ctx.pages()[0] ?? (await ctx.newPage());
  await signIn(page, product.baseURL, await createAccount(product.baseURL));
});
afterAll(async () => {
  await ctx?.close();
  product?.stop();
});

describe("reloading mid-answer", () => {
  it("shows the answer so far at once and follows it to the end, with the Offline badge kept", async () => {
    await page.fill("[data-testid=chat-input]", "Write a very long essay about the history of Vietnam, with many details");
    await page.keyboard.press("Enter");
    const bot = () => page.locator('[data-testid=message][data-sender="bot"]').last();
    await expect.poll(async () => (await bot().textContent())?.length ?? 0, { timeout: 10_000 }).toBeGreaterThan(60);
    await page.waitForURL(/\/c\//);
    await page.reload();
    // the question and the partial answer are there at once, and the answer keeps growing
    await page.locator('[data-testid=message][data-sender="user"]').first().waitFor();
    await page.waitForSelector("[data-testid=stop-button]");
    const early = (await bot().textContent())?.length ?? 0;
    expect(early).toBeGreaterThan(0);
    await expect.poll(async () => (await bot().textContent())?.length ?? 0, { timeout: 10_000 }).toBeGreaterThan(early);
    await page.waitForSelector("[data-testid=send-button]", { timeout: 60_000 });
    await expect.poll(() => bot().getAttribute("data-streaming")).not.toBe("true");
    await page.reload();
    await bot().waitFor();
    expect(await bot().textContent()).toContain("Offline");
  });

  it("stops a followed answer from the reloaded page", async () => {
    await page.fill("[data-testid=chat-input]", "Another very long essay about rice farming in the Mekong delta, please");
    await page.keyboard.press("Enter");
    const bot = () => page.locator('[data-testid=message][data-sender="bot"]').last();
    await expect.poll(async () => (await bot().textContent())?.length ?? 0, { timeout: 10_000 }).toBeGreaterThan(60);
    await page.reload();
    await page.waitForSelector("[data-testid=stop-button]");
    await page.click("[data-testid=stop-button]");
    await page.waitForSelector("[data-testid=send-button]", { timeout: 15_000 });
    await expect.poll(() => bot().getAttribute("data-stopped"), { timeout: 15_000 }).toBe("true");
  });
});
