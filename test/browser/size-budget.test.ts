// The size budget: JavaScript the browser fetches (gzip) to show the guest landing page, the sign-in page, a new chat and an open chat with
// answers, against the client issue's budgets. A page over budget fails with its chunks listed largest first, each
// compared with test/browser/size-baseline.json, so the message names the chunk that grew.
// After an intended change, refresh the baseline: UPDATE_SIZE_BASELINE=1 npx vitest run --project browser size-budget
import { readFileSync, writeFileSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launch } from "./support/browser";
import { BUDGETS, kB, measurePage, type PageName, type PageWeight } from "./support/js-weight";
import { apiAccount, seedLongChat, signInAs } from "./support/seed";

const baseURL = inject("baseURL");
const BASELINE_FILE = "test/browser/size-baseline.json";
type Baseline = Record<PageName, Record<string, number>>;

const baseline: Partial<Baseline> = (() => {
  try {
    return JSON.parse(readFileSync(BASELINE_FILE, "utf8")) as Baseline;
  } catch {
    return {};
  }
})();
const measured: Partial<Baseline> = {};

function report(name: PageName, weight: PageWeight): string {
  const before = baseline[name] ?? {};
  const lines = weight.chunks.map((c) => {
    const was = before[c.name];
    const delta = was === undefined ? "new chunk" : c.gzipBytes > was ? `grew by ${kB(c.gzipBytes - was)} kB` : "";
    return `  ${c.name.padEnd(24)} ${kB(c.gzipBytes).padStart(7)} kB  ${delta}`;
  });
  const grew = weight.chunks
    .filter((c) => before[c.name] === undefined || c.gzipBytes > (before[c.name] ?? 0))
    .map((c) => c.name);
  return [
    `The ${BUDGETS[name].label} fetches ${kB(weight.gzipBytes)} kB of JavaScript (gzip), over its ${BUDGETS[name].limit} kB budget.`,
    grew.length ? `Grown or new since ${BASELINE_FILE}: ${grew.join(", ")}.` : "",
    "Chunks, largest first:",
    ...lines,
  ].join("\n");
}

function check(name: PageName, weight: PageWeight) {
  measured[name] = Object.fromEntries(weight.chunks.map((c) => [c.name, c.gzipBytes]));
  expect(weight.gzipBytes <= BUDGETS[name].limit * 1000, report(name, weight)).toBe(true);
}

describe("JavaScript size budget", () => {
  let ctx: BrowserContext;
  let page: Page;
  let chatId = "";
  beforeAll(async () => {
    ctx = await launch({ locale: "en-US" });
    page = ctx.pages()[0] ?? (await ctx.newPage());
  });
  afterAll(async () => {
    await ctx?.close();
    if (process.env.UPDATE_SIZE_BASELINE === "1")
      writeFileSync(BASELINE_FILE, `${JSON.stringify(measured, null, 2)}\n`);
  });

  it(`keeps the guest landing page within ${BUDGETS.landing.limit} kB, no heavier than the sign-in page's budget`, async () => {
    expect(BUDGETS.landing.limit).toBeLessThanOrEqual(BUDGETS.signIn.limit);
    const weight = await measurePage(
      page,
      `${baseURL}/`,
      "[data-testid=landing-price-basic]:not(:has(.skeleton-line)) >> visible=true",
    );
    expect(weight.chunks.map((c) => c.name)).not.toContain("signed-in");
    // a guest's first visit gets the pre-rendered page (landing.html): no chunk of the SPA at all, not even the framework
    expect(weight.chunks.map((c) => c.name)).toEqual([]);
    check("landing", weight);
  });

  it(`keeps the sign-in page within ${BUDGETS.signIn.limit} kB`, async () => {
    const weight = await measurePage(page, `${baseURL}/login`, "[data-testid=login-submit]");
    // a guest's page load gets the pre-rendered page: its one script, no chunk of the SPA
    expect(weight.chunks.map((c) => c.name)).toEqual(["guest-page"]);
    check("signIn", weight);
  });

  it(`keeps a new chat within ${BUDGETS.newChat.limit} kB, without the markdown renderer`, async () => {
    const session = await apiAccount(baseURL);
    await signInAs(page, session);
    // answers with lists, tables and quotes but no code or math: those add-ons load on first use, outside the budget
    chatId = await seedLongChat(session, 6, "Budget chat", { code: false });
    const weight = await measurePage(page, `${baseURL}/`, "[data-testid=greeting]");
    expect(weight.chunks.map((c) => c.name)).not.toContain("streaming-markdown");
    check("newChat", weight);
  });

  it(`keeps an open chat with answers (no code or math) within ${BUDGETS.openChat.limit} kB`, async () => {
    const answer = "[data-testid=message][data-sender=bot] .markdown:not(.markdown--pending)";
    check("openChat", await measurePage(page, `${baseURL}/c/${chatId}`, answer));
  });
});
