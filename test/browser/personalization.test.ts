// What a premium user's settings do to answers, in the real product: a custom instruction and an AI style set in
// Settings > Personalization reach the model (the offline model reads its system prompt and sampling back in the
// answer), and a change of style shows in the next answer; an own API key connected in Settings > External models is
// tried against the provider (the fake identity server's /byok hosts), shown by its last 4 characters only, and the
// model then appears in the switcher and answers with that key without taking a use of the plan.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { FAKE_OK_TEXT } from "../support/fake-upstream-scenarios";
import { launch } from "./support/browser";
import { type ApiSession, apiAccount, call, payForPlan, signInAs } from "./support/seed";

// the product whose offline model ends an answer in about a second (./support/server.ts): these tests wait for answers
// to end, never act while one is being written
const baseURL = inject("fastBaseURL");
const identityURL = inject("identityURL");

let ctx: BrowserContext;
let page: Page;
let account: ApiSession;

beforeAll(async () => {
  account = await apiAccount(baseURL);
  await payForPlan(account, "AD_1T");
  ctx = await launch({ locale: "en-US" });
  page = ctx.pages()[0] ?? (await ctx.newPage());
  await signInAs(page, account);
});
afterAll(async () => ctx?.close());

async function openTab(tab: string) {
  await page.goto(`${baseURL}/settings?tab=${tab}`);
  await page.locator(`[data-testid=settings-panel-${tab}]`).waitFor();
}

/** Clicks `selector` and waits for the answer to the API call at `path`, which must succeed. */
async function clickAndSave(selector: string, path: string) {
  const [res] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() !== "GET"),
    page.click(selector),
  ]);
  expect(res.status()).toBe(200);
}

const lastAnswer = () => page.locator('[data-testid=message][data-sender="bot"]').last();

/** Asks `question` in the open chat and answers the finished answer's text. */
async function ask(question: string): Promise<string> {
  const before = await page.locator('[data-testid=message][data-sender="bot"]').count();
  await page.fill("[data-testid=chat-input]", question);
  await page.keyboard.press("Enter");
  await expect.poll(() => page.locator('[data-testid=message][data-sender="bot"]').count()).toBe(before + 1);
  await page.waitForSelector("[data-testid=send-button]", { timeout: 15_000 });
  await expect.poll(() => lastAnswer().getAttribute("data-streaming")).toBe("false");
  return (await lastAnswer().textContent()) ?? "";
}

describe("settings that change answers", () => {
  it("answers following a premium user's custom instruction and AI style, and the next answer follows a new style", async () => {
    await openTab("personalization");
    expect(await page.locator("[data-testid=styles-locked]").count()).toBe(0);
    const instruction = "Answer like a pirate and end every reply with Arr!";
    await page.fill("[data-testid=custom-instruction]", instruction);
    await clickAndSave("[data-testid=instruction-save]", "/auth/update-chat-customization");
    await clickAndSave("[data-testid=style-accurate]", "/auth/update-ai-settings");
    await expect.poll(() => page.isChecked("[data-testid=style-accurate]")).toBe(true);

    await page.goto(`${baseURL}/`);
    await page.waitForSelector("[data-testid=greeting]");
    const first = await ask("What should I pack for a trip to Hạ Long Bay?");
    expect(first).toContain("Your settings, as I received them:");
    expect(first).toContain("Style: accurate");
    expect(first).toContain(`Custom instructions: “${instruction}”`);
    expect(first).toContain("Temperature: 0.2");
    await page.waitForURL(/\/c\//);
    const chatURL = page.url();

    await openTab("personalization");
    await clickAndSave("[data-testid=style-spontaneous]", "/auth/update-ai-settings");
    await page.goto(chatURL);
    await lastAnswer().waitFor();
    const second = await ask("And what about the weather in May?");
    expect(second).toContain("Style: spontaneous");
    expect(second).toContain("Temperature: 1.2");
    expect(second).toContain(`Custom instructions: “${instruction}”`);
  });

  it("answers following a chat's own settings, saved in its settings dialog", async () => {
    await page.click("[data-testid=new-chat]");
    await page.waitForSelector("[data-testid=greeting]");
    expect(await ask("Hello, a first question")).not.toContain("This chat's instructions");
    await page.waitForURL(/\/c\//);
    await page.click("[data-testid=chat-settings-open]");
    await page.locator("[data-testid=chat-settings-prompt]").waitFor();
    expect(await page.locator("[data-testid=chat-settings-locked]").count()).toBe(0);
    const own = "Answer in exactly three bullet points.";
    await page.fill("[data-testid=chat-settings-prompt]", own);
    // the slider rests at 1 on the default temperature: three steps of 0.1 down
    await page.focus("[data-testid=chat-settings-temperature]");
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowLeft");
    await expect.poll(() => page.textContent("[data-testid=chat-settings-temperature-value]")).toBe("0.7");
    await page.fill("[data-testid=chat-settings-max-tokens]", "800");
    const chatId = new URL(page.url()).pathname.split("/").at(-1);
    await clickAndSave("[data-testid=chat-settings-save]", `/chat-sessions/${chatId}/settings`);
    await page.locator("[data-testid=chat-settings]").waitFor({ state: "detached" });

    const answer = await ask("Tell me about the monsoon");
    expect(answer).toContain(`This chat's instructions: “${own}”`);
    expect(answer).toContain("Temperature: 0.7");
    // reopened, the dialog shows what was saved
    await page.click("[data-testid=chat-settings-open]");
    await expect.poll(() => page.inputValue("[data-testid=chat-settings-prompt]")).toBe(own);
    expect(await page.inputValue("[data-testid=chat-settings-max-tokens]")).toBe("800");
    await page.click("[data-testid=chat-settings-cancel]");
  });

  it("connects Grok with the user's own key and answers with it, taking no use of the plan", async () => {
    await openTab("models");
    const grok = page.locator("[data-testid=model-grok]");
    // a key the provider refuses is said so, and nothing is stored
    await grok.locator("[data-testid=model-key]").fill("bad-key-0000");
    await grok.locator("[data-testid=model-connect]").click();
    await expect
      .poll(() => grok.locator("[data-testid=model-error]").textContent())
      .toBe("Grok (xAI) did not accept this API key");
    expect(await grok.locator("[data-testid=model-status]").textContent()).toBe("Not connected");

    const apiKey = `good-${crypto.randomUUID()}-Zx9Q`;
    await grok.locator("[data-testid=model-key]").fill(apiKey);
    await grok.locator("[data-testid=model-connect]").click();
    await expect
      .poll(() => grok.locator("[data-testid=model-status]").textContent())
      .toBe("Connected · key ending in Zx9Q");
    expect(await page.content()).not.toContain(apiKey);

    type Left = { remaining: number };
    type Models = { data: { models: (Left & { endpoint: string })[]; search: Left; image: Left } };
    const usesLeft = async () => {
      const { data } = await call<Models>(account, "GET", "/api/models");
      return [
        ...data.models.map((m) => `${m.endpoint}:${m.remaining}`),
        `search:${data.search.remaining}`,
        `image:${data.image.remaining}`,
      ];
    };
    const before = await usesLeft();
    expect(before).toContain("ext-grok:0");

    // without a reload: the switcher learns of the model when it is connected
    await page.click("[data-testid=new-chat]");
    await page.waitForSelector("[data-testid=greeting]");
    await page.click("[data-testid=model-switcher]");
    await page.click('[data-testid=model-option][data-endpoint="ext-grok"]');
    await expect.poll(() => page.getAttribute("[data-testid=model-switcher]", "data-model")).toBe("ext-grok");
    expect(await ask("Xin chào Grok")).toContain(FAKE_OK_TEXT);
    // signed as Grok's answer, not the offline model's, and kept so after a reload
    const signed = async () => ({
      model: await lastAnswer().locator(".msg__model").textContent(),
      offline: await lastAnswer().locator(".badge").count(),
    });
    expect(await signed()).toEqual({ model: "Grok (xAI)", offline: 0 });
    // The catalogue held back after the reload: until the model's name is known the answer shows no label, never
    // its raw id ("ext-grok"); the name comes with the catalogue.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/models*", async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await expect.poll(() => lastAnswer().textContent()).toContain(FAKE_OK_TEXT);
    expect(await lastAnswer().locator(".msg__model").count()).toBe(0);
    release();
    await expect.poll(signed).toEqual({ model: "Grok (xAI)", offline: 0 });
    await page.unroute("**/api/models*");

    // the answer came from the provider's chat API, with the user's key
    const requests = (await (await fetch(`${identityURL}/byok/__requests`)).json()) as {
      provider: string;
      method: string;
      path: string;
      headers: { authorization?: string };
    }[];
    const chats = requests.filter(
      (r) => r.headers.authorization === `Bearer ${apiKey}` && r.path === "/chat/completions",
    );
    expect(chats.map((r) => `${r.provider} ${r.method}`)).toEqual(["xai POST"]);
    expect(await usesLeft()).toEqual(before);
  });
});
