// Answers survive a reload: a page reloaded while its answer streams shows the question and the text so far at once,
// follows the answer live to its end with a working stop button, and keeps the offline model's badge afterwards. A
// reader that goes away mid-answer (a reload, an aborted fetch) is expected, and the worker reports nothing uncaught.
// These tests use the second product of the run, whose offline model streams at a slower pace (OFFLINE_MODEL_DELAY_MS,
// its own setting, SLOW_CHUNK_MS in ./support/server.ts): the reload has to land while the answer still runs, and at
// the shared server's 25 ms a chunk the whole answer (about 140 chunks, 3.5 s) could end during a reload on a loaded
// machine, failing the test with no fault.
import { readFileSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createAccount, launch, signIn } from "./support/browser";
import { productReady, READY_TIMEOUT_MS } from "./support/product-ready";
import { apiAccount, call } from "./support/seed";

/** The slow product: its address, and everything it printed so far (its log file, written as it prints). */
const product = {
  baseURL: inject("slowBaseURL"),
  log: () => readFileSync(inject("slowProductLog"), "utf8"),
};

let ctx: BrowserContext;
let page: Page;

beforeAll(async () => {
  await productReady(product.baseURL);
  ctx = await launch({ locale: "en-US" });
  page = ctx.pages()[0] ?? (await ctx.newPage());
  await signIn(page, product.baseURL, await createAccount(product.baseURL));
}, READY_TIMEOUT_MS);
afterAll(async () => {
  await ctx?.close();
});

describe("reloading mid-answer", () => {
  it("shows the answer so far at once and follows it to the end, with the Offline badge kept", async () => {
    await page.fill(
      "[data-testid=chat-input]",
      "Write a very long essay about the history of Vietnam, with many details",
    );
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
    // the chat already holds the first test's answer: wait for this question's own answer before reloading, or the
    // reload could land before the question was even sent
    const bots = page.locator('[data-testid=message][data-sender="bot"]');
    const before = await bots.count();
    await page.fill(
      "[data-testid=chat-input]",
      "Another very long essay about rice farming in the Mekong delta, please",
    );
    await page.keyboard.press("Enter");
    const bot = () => bots.nth(before);
    await expect.poll(async () => (await bot().textContent())?.length ?? 0, { timeout: 10_000 }).toBeGreaterThan(60);
    await page.reload();
    await page.waitForSelector("[data-testid=stop-button]");
    await page.click("[data-testid=stop-button]");
    await page.waitForSelector("[data-testid=send-button]", { timeout: 15_000 });
    await expect.poll(() => bot().getAttribute("data-stopped"), { timeout: 15_000 }).toBe("true");
  });
});

describe("a reader that goes away", () => {
  /** What the product printed after `from` characters of its log that reports an uncaught error. */
  const uncaughtAfter = (from: number) =>
    product
      .log()
      .slice(from)
      .split("\n")
      .filter((line) => /uncaught|network connection lost/i.test(line));

  /** Waits until the product has logged a request to this never-served path: everything printed before it is in. */
  async function logFlushed() {
    const path = `/api/log-mark-${crypto.randomUUID()}`;
    expect((await fetch(`${product.baseURL}${path}`)).status).toBe(404);
    await expect.poll(() => product.log().includes(path), { timeout: 10_000 }).toBe(true);
  }

  // Every disconnect used to print "Uncaught Error: Network connection lost." (the runtime's piping of the answer's
  // stream out of the user's object); no handler in the worker sees it, so the product's own log is read.
  it("leaves nothing uncaught in the worker's log when fetches are aborted mid-answer, and the answers are saved", async () => {
    const s = await apiAccount(product.baseURL);
    const from = product.log().length;
    for (const follow of [false, true]) {
      const chat = await call<{ data: { id: string } }>(s, "POST", "/chat-sessions", { title: "Aborted" });
      const controller = new AbortController();
      const headers = {
        Authorization: `Bearer ${s.token}`,
        "X-Session-Token": s.sessionToken,
        "Content-Type": "application/json",
      };
      const asked = await fetch(`${product.baseURL}/api/chat/gpt-4.1-mini`, {
        method: "POST",
        headers,
        body: JSON.stringify({ question: "Tell me a long story about the Mekong delta", chat_id: chat.data.id }),
        signal: follow ? undefined : controller.signal,
      });
      const botId = asked.headers.get("X-Message-Id")!;
      // the second time, a reader following the running answer (as after a reload) is the one that goes away
      const stream = follow
        ? await fetch(`${product.baseURL}/api/chat/stream/${botId}?offset=0`, { headers, signal: controller.signal })
        : asked;
      const reader = stream.body!.getReader();
      let received = "";
      while (!received.includes('"content"')) received += new TextDecoder().decode((await reader.read()).value);
      controller.abort();
      // let the answer run on past the disconnect, then stop it: the saved answer is the text so far, marked stopped
      const saved = async () => {
        const content = await call<{
          data: {
            chats: { messages: { sender: string; message: string; stopped?: boolean; isStreaming?: boolean }[] }[];
          };
        }>(s, "GET", `/media-api/api/chat/content/${chat.data.id}`);
        return content.data.chats[0]!.messages.find((m) => m.sender === "bot");
      };
      await expect
        .poll(async () => (await saved())?.message.length ?? 0, { timeout: 10_000 })
        .toBeGreaterThan(received.length);
      await call(s, "POST", "/api/chat/stop", { message_id: botId });
      await expect.poll(async () => (await saved())?.stopped, { timeout: 10_000 }).toBe(true);
      if (follow) await asked.body?.cancel();
    }
    await logFlushed();
    expect(uncaughtAfter(from)).toEqual([]);
  });
});
