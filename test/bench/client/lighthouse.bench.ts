// Lighthouse (12.8, the last line that runs on Node 20) in mobile mode — its default: a mid-range phone, simulated
// slow 4G and 4× CPU slowdown — on the guest landing page and a signed-in chat, against the built product
// (`npm start`, started by the global setup) in Debian's Chromium. Prints the performance and accessibility scores
// against the goal of 95 each; `npm run bench` only, never `npm test`. The chat page is measured signed in: the
// browser signs in first and Lighthouse keeps its storage (disableStorageReset). LH_REPORT_DIR=<dir> also writes each
// page's full report there (landing.json, chat.json), for reading its traces and diagnostics.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { CHROMIUM_ARGS } from "../../browser/support/browser";
import { apiAccount, seedLongChat } from "../../browser/support/seed";

const baseURL = inject("baseURL");
const GOAL = 95;

const rows: string[][] = [];
let chrome: chromeLauncher.LaunchedChrome;
let browser: Browser;

beforeAll(async () => {
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: [...CHROMIUM_ARGS.filter((a) => a !== "--headless"), "--headless=new"],
  });
  browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
});

afterAll(async () => {
  await browser?.disconnect();
  chrome?.kill();
  console.log(
    [
      "",
      `Lighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile (Chromium, production build, ${baseURL}); goal ${GOAL} each`,
      "",
      "  | page         | performance | accessibility | LCP      | TBT     | CLS   | host CPU index |",
      "  | ------------ | ----------- | ------------- | -------- | ------- | ----- | -------------- |",
      ...rows.map(
        (r) =>
          `  | ${r[0]!.padEnd(12)} | ${r[1]!.padEnd(11)} | ${r[2]!.padEnd(13)} | ${r[3]!.padEnd(8)} | ${r[4]!.padEnd(7)} | ${r[5]!.padEnd(5)} | ${r[6]!.padEnd(14)} |`,
      ),
      "",
      "  The performance score depends on the host: Lighthouse slows the CPU 4× from what it measured here. The host CPU",
      "  index is Lighthouse's benchmarkIndex of this machine (it warns below 1,000); the framework-free landing page shows",
      "  how much of the blocking time is the host's own.",
      "",
    ].join("\n"),
  );
});

/** Runs Lighthouse on `url` in `page`'s browser and records the two scores and the main timings. */
async function audit(label: string, url: string, page: Page) {
  const result = await lighthouse(
    url,
    { output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"], disableStorageReset: true },
    undefined,
    page,
  );
  const lhr = result?.lhr;
  if (process.env.LH_REPORT_DIR)
    writeFileSync(join(process.env.LH_REPORT_DIR, `${label.split(" ")[0]}.json`), JSON.stringify(lhr));
  expect(lhr, `Lighthouse gave no result for ${url}`).toBeDefined();
  const score = (id: string) => Math.round((lhr!.categories[id]?.score ?? 0) * 100);
  const audit = (id: string) => lhr!.audits[id]?.displayValue ?? "—";
  const perf = score("performance");
  const a11y = score("accessibility");
  const failing = Object.values(lhr!.audits)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 0.9 &&
        a.scoreDisplayMode !== "informative" &&
        a.scoreDisplayMode !== "notApplicable",
    )
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ""}`);
  if (failing.length) console.log(`${label}: audits below 0.9: ${failing.join(", ")}`);
  rows.push([
    label,
    `${perf}${perf >= GOAL ? "" : " (below)"}`,
    `${a11y}${a11y >= GOAL ? "" : " (below)"}`,
    audit("largest-contentful-paint"),
    audit("total-blocking-time"),
    audit("cumulative-layout-shift"),
    String(Math.round(lhr!.environment.benchmarkIndex)),
  ]);
}

it("scores the guest landing page", async () => {
  const page = await browser.newPage();
  await audit("landing (/)", `${baseURL}/`, page);
  await page.close();
});

it("scores a signed-in chat with answers", async () => {
  const session = await apiAccount(baseURL);
  const chatId = await seedLongChat(session, 6, "Lighthouse chat");
  const page = await browser.newPage();
  await page.goto(`${baseURL}/login`);
  await page.locator("[data-testid=field-email]").fill(session.email);
  await page.locator("[data-testid=field-password]").fill(session.password);
  await page.locator("[data-testid=login-submit]").click();
  await page.waitForSelector("[data-testid=greeting]");
  await audit("chat (/c/:id)", `${baseURL}/c/${chatId}`, page);
  await page.close();
});
