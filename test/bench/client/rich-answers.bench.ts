// The answer add-ons' figures in Debian's Chromium against the built product: what each add-on (code colouring, KaTeX,
// Mermaid) adds in JavaScript when the first answer needing it opens, and opening a saved chat of 200 code blocks and
// 100 formulas on a phone (CPU slowed 4×), from the chat list of the running app and by its address. Printed as a table of goal and measured value; `npm run bench` runs it.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, inject, it } from "vitest";
import { launch } from "../../browser/support/browser";
import { kB, measurePage } from "../../browser/support/js-weight";
import { type ApiSession, apiAccount, savedChat, signInAs } from "../../browser/support/seed";
import { printResults, type ResultRow } from "./results-table";

const baseURL = inject("baseURL");
const rows: ResultRow[] = [];
const ms = (n: number) => `${Math.round(n)} ms`;

/** The CPU slow-down of the bench's phone profile (Lighthouse's mobile setting). */
const PHONE_CPU_SLOWDOWN = 4;
const ANSWERS = 40;
const CODE_PER_ANSWER = 5;
const FORMULAS_PER_ANSWER = 2.5;

let ctx: BrowserContext;
let page: Page;
let session: ApiSession;

beforeAll(async () => {
  session = await apiAccount(baseURL);
  ctx = await launch({ viewport: { width: 412, height: 823 }, locale: "en-US" });
  page = ctx.pages()[0] ?? (await ctx.newPage());
  await signInAs(page, session);
});

afterAll(async () => {
  await ctx?.close();
  printResults(`Answer add-ons (Chromium, production build, ${baseURL})`, rows);
});

const LANGUAGES = ["python", "ts", "java", "go", "sql"] as const;
/** Five languages no earlier answer of the bench's user had, for the opening of a chat whose grammars are all new. */
const NEW_LANGUAGES = ["rust", "kotlin", "ruby", "php", "csharp"] as const;
/** Times each opening is measured; the median is printed, and the longest task of all. */
const OPENINGS = 3;
const code = (language: string, n: number) =>
  `\`\`\`${language}\n// example ${n}\nfunction area${n}(radius) {\n  const squared = radius * radius; // ${n}\n  return Math.PI * squared + ${n};\n}\n\`\`\``;
const formula = (n: number) =>
  n % 2 === 0
    ? `$$\n\\int_0^{${n}} x^2\\,dx = \\frac{${n}^3}{3}\n$$`
    : `The mean is $\\bar x = \\frac{1}{${n}}\\sum_i x_i$.`;

/** An answer of about the same length in prose only, for comparison. */
function plainAnswer(i: number): string {
  const parts = [`## Part ${i}`, "Here is how it works, step by step."];
  for (let k = 0; k < CODE_PER_ANSWER + FORMULAS_PER_ANSWER; k++)
    parts.push(
      `Step ${k}: the area of a circle of radius ${i * 10 + k} is pi times the radius squared, plus a little.`,
    );
  return parts.join("\n\n");
}

function richAnswer(i: number, languages: readonly string[] = LANGUAGES): string {
  const parts = [`## Part ${i}`, "Here is how it works, step by step."];
  for (let k = 0; k < CODE_PER_ANSWER; k++) parts.push(code(languages[k % languages.length] ?? "python", i * 10 + k));
  const formulas = i % 2 === 0 ? Math.floor(FORMULAS_PER_ANSWER) : Math.ceil(FORMULAS_PER_ANSWER);
  for (let k = 0; k < formulas; k++) parts.push(formula(i * 10 + k));
  return parts.join("\n\n");
}

it("JavaScript each add-on adds when the first answer needing it opens (gzip)", async () => {
  const plain = await savedChat(session, "Plain", ["Just **text**, with a list:\n\n- one\n- two"]);
  const withCode = await savedChat(session, "Code", ["```python\ndef f(x):\n    return x * 2\n```"]);
  const withMath = await savedChat(session, "Math", [
    "The area is $\\pi r^2$:\n\n$$\n\\int_0^1 x^2\\,dx = \\tfrac13\n$$",
  ]);
  const withDiagram = await savedChat(session, "Diagram", ["```mermaid\nflowchart TD\n  A[Ask] --> B[Answer]\n```"]);
  const answerReady = "[data-testid=message][data-sender=bot] .markdown:not(.markdown--pending)";
  const base = await measurePage(page, `${baseURL}/c/${plain}`, answerReady);
  const known = new Set(base.chunks.map((c) => c.file));
  const addOn = async (id: string, ready: string, label: string, goal: string) => {
    const weight = await measurePage(page, `${baseURL}/c/${id}`, ready);
    const extra = weight.chunks.filter((c) => !known.has(c.file));
    // what an earlier page loaded counts there only: the app warms the parts a reader used before (needed-parts.ts)
    for (const c of extra) known.add(c.file);
    const bytes = extra.reduce((sum, c) => sum + c.gzipBytes, 0);
    rows.push([`lazy JS of ${label}`, goal, `${kB(bytes)} kB (${extra.length} chunks)`]);
    console.log(`  ${label}: ${extra.map((c) => `${c.name} ${kB(c.gzipBytes)}`).join(", ")}`);
  };
  rows.push(["open chat without code or math", "≤ 180 kB", `${kB(base.gzipBytes)} kB (${base.chunks.length} chunks)`]);
  await addOn(withCode, ".md-code .hljs-keyword", "code colouring (lowlight + Python)", "on first use only");
  await addOn(withMath, ".katex", "math (KaTeX, its CSS and fonts not counted)", "on first use only");
  await addOn(withDiagram, ".md-diagram img", "diagrams (mermaid, flowchart)", "on first use only");
});

/** Page globals the two opening measures use: when the last answer was ready, and the long tasks seen. */
interface BenchWindow {
  bench: { since: number; readyAt?: number; longTasks: { start: number; duration: number }[] };
}

/**
 * Watches long tasks and the moment the last answer (a39) is drawn: with its code coloured and its formulas typeset
 * when `rich`.
 */
function watchOpening(rich: boolean) {
  const w = window as unknown as BenchWindow;
  w.bench = { since: 0, longTasks: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: "longtask", buffered: true });
  const poll = () => {
    const last = document.querySelector('[data-message-id="a39"]');
    const drawn = rich
      ? last?.querySelector(".hljs-keyword") && last.querySelector(".katex")
      : last?.querySelector(".markdown:not(.markdown--pending) p");
    if (drawn) w.bench.readyAt = performance.now();
    else requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
}

async function readOpening(): Promise<{ ms: number; longest: number; over50: number }> {
  await page.waitForFunction(() => (window as unknown as BenchWindow).bench.readyAt !== undefined, null, {
    timeout: 60_000,
  });
  // long tasks are reported after they end: give the page a moment of idle before reading them
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2_000 })));
  const bench = await page.evaluate(() => (window as unknown as BenchWindow).bench);
  const during = bench.longTasks.filter((t) => t.start >= bench.since).map((t) => t.duration);
  return {
    ms: (bench.readyAt ?? 0) - bench.since,
    longest: Math.max(0, ...during),
    over50: during.filter((d) => d > 50).length,
  };
}

const tasks = (r: { longest: number; over50: number }) =>
  `longest task ${r.longest ? ms(r.longest) : "none"} (${r.over50} over 50 ms)`;

/** The median time of `runs` and the worst of their tasks. */
function summary(runs: readonly { ms: number; longest: number; over50: number }[]) {
  const sorted = [...runs].sort((a, b) => a.ms - b.ms);
  return {
    ms: sorted[Math.floor(sorted.length / 2)]?.ms ?? 0,
    all: sorted.map((r) => ms(r.ms)).join(", "),
    longest: Math.max(0, ...runs.map((r) => r.longest)),
    over50: Math.max(0, ...runs.map((r) => r.over50)),
  };
}

/** Opens `chatId` from the drawer's chat list while the app shows another chat, the CPU slowed as on a phone. */
async function openFromList(chatId: string, rich: boolean, from: string) {
  await page.goto(`${baseURL}/c/${from}`);
  await page.locator("[data-testid=message][data-sender=bot] .markdown:not(.markdown--pending)").waitFor();
  await page.locator("[data-testid=drawer-toggle]").click();
  const link = page.locator(`[data-testid=history-item][data-chat-id="${chatId}"] a`);
  await link.waitFor();
  // the running app: what it does once started (the drawer's list, the parts it warms when first idle) is done before
  // the tap
  const idle = () => page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2_000 })));
  await idle();
  await page.waitForLoadState("networkidle");
  await idle();
  await page.evaluate(watchOpening, rich);
  const cdp = await ctx.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: PHONE_CPU_SLOWDOWN });
  // the clock starts as the tap lands (the pointerdown of Playwright's click)
  await page.evaluate(() =>
    addEventListener(
      "pointerdown",
      () => {
        (window as unknown as BenchWindow).bench.since = performance.now();
      },
      { once: true, capture: true },
    ),
  );
  await link.click();
  const result = await readOpening();
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await cdp.detach();
  return result;
}

async function openingsFromList(chatId: string, rich: boolean, from: string) {
  const runs = [];
  for (let i = 0; i < OPENINGS; i++) runs.push(await openFromList(chatId, rich, from));
  return summary(runs);
}

describe(`a saved chat of ${ANSWERS * CODE_PER_ANSWER} code blocks and ${ANSWERS * FORMULAS_PER_ANSWER} formulas, on a phone (CPU ×${PHONE_CPU_SLOWDOWN})`, () => {
  let id: string;
  let fresh: string;
  let plain: string;
  let other: string;
  beforeAll(async () => {
    id = await savedChat(
      session,
      "Code and math",
      Array.from({ length: ANSWERS }, (_, i) => richAnswer(i)),
    );
    fresh = await savedChat(
      session,
      "Code in new languages",
      Array.from({ length: ANSWERS }, (_, i) => richAnswer(i, NEW_LANGUAGES)),
    );
    plain = await savedChat(
      session,
      "Prose",
      Array.from({ length: ANSWERS }, (_, i) => plainAnswer(i)),
    );
    other = await savedChat(session, "Another chat", ["Nothing *special* here."]);
    // a user who has seen code in these languages and math before: the app remembers what their answers needed
    const seen = await savedChat(session, "Seen before", [richAnswer(0)]);
    await page.goto(`${baseURL}/c/${seen}`);
    await page.locator('[data-message-id="a0"] .hljs-keyword').first().waitFor();
  });

  it("opened from the chat list of the running app", async () => {
    const result = await openingsFromList(id, true, other);
    rows.push([
      `open it from the chat list (phone, CPU ×${PHONE_CPU_SLOWDOWN}), its languages and math seen before`,
      "< 500 ms, no task over 50 ms",
      `${ms(result.ms)} from the tap to the last answer coloured and typeset (median of ${result.all}); ${tasks(result)}`,
    ]);
    const first = await openingsFromList(fresh, true, other);
    rows.push([
      "the same, its five languages never seen before (their grammars load with it)",
      "(for reference)",
      `${ms(first.ms)} (median of ${first.all}); ${tasks(first)}`,
    ]);
    const prose = await openingsFromList(plain, false, other);
    rows.push([
      `the same for a chat of ${ANSWERS} answers as long in prose only`,
      "(for reference)",
      `${ms(prose.ms)} from the tap to the last answer drawn (median of ${prose.all}); ${tasks(prose)}`,
    ]);
  });
  it("opened by its address (a full page load)", async () => {
    const cdp = await ctx.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: PHONE_CPU_SLOWDOWN });
    await page.addInitScript(watchOpening, true);
    // from navigation start (performance.now() = 0)
    await page.goto(`${baseURL}/c/${id}`);
    const result = await readOpening();
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await cdp.detach();
    rows.push([
      `open it by its address, page load included (phone, CPU ×${PHONE_CPU_SLOWDOWN})`,
      "(for reference)",
      `${ms(result.ms)} from navigation start to the last answer coloured and typeset; ${tasks(result)}`,
    ]);
  });
});
