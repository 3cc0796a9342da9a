// The answer add-ons' figures in Debian's Chromium against the built product: what each add-on (code colouring, KaTeX,
// Mermaid) adds in JavaScript when the first answer needing it opens, and opening a saved chat of 200 code blocks and
// 100 formulas on a phone (CPU slowed 4×). Printed as a table of goal and measured value; `npm run bench` runs it.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, inject, it } from "vitest";
import { launch } from "../../browser/support/browser";
import { kB, measurePage } from "../../browser/support/js-weight";
import { type ApiSession, apiAccount, call, signInAs } from "../../browser/support/seed";
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

/** A chat with one saved question and answer; returns its id. */
async function savedChat(title: string, answers: string[]): Promise<string> {
  const chat = await call<{ data: { id: string } }>(session, "POST", "/chat-sessions", { title });
  const start = Date.now() - answers.length * 120_000;
  const messages = answers.flatMap((answer, i) => [
    { message_id: `q${i}`, sender: "user", message: `Question ${i}`, created_at: start + i * 120_000 },
    { message_id: `a${i}`, sender: "bot", message: answer, model: "gpt-4.1-mini", created_at: start + i * 120_000 + 1 },
  ]);
  for (let i = 0; i < messages.length; i += 40) {
    await call(session, "POST", "/media-api/api/chat/save", {
      chat_id: chat.data.id,
      messages: messages.slice(i, i + 40),
    });
  }
  return chat.data.id;
}

const LANGUAGES = ["python", "ts", "java", "go", "sql"] as const;
const code = (language: string, n: number) =>
  `\`\`\`${language}\n// example ${n}\nfunction area${n}(radius) {\n  const squared = radius * radius; // ${n}\n  return Math.PI * squared + ${n};\n}\n\`\`\``;
const formula = (n: number) =>
  n % 2 === 0
    ? `$$\n\\int_0^{${n}} x^2\\,dx = \\frac{${n}^3}{3}\n$$`
    : `The mean is $\\bar x = \\frac{1}{${n}}\\sum_i x_i$.`;

function richAnswer(i: number): string {
  const parts = [`## Part ${i}`, "Here is how it works, step by step."];
  for (let k = 0; k < CODE_PER_ANSWER; k++) parts.push(code(LANGUAGES[k % LANGUAGES.length] ?? "python", i * 10 + k));
  const formulas = i % 2 === 0 ? Math.floor(FORMULAS_PER_ANSWER) : Math.ceil(FORMULAS_PER_ANSWER);
  for (let k = 0; k < formulas; k++) parts.push(formula(i * 10 + k));
  return parts.join("\n\n");
}

it("JavaScript each add-on adds when the first answer needing it opens (gzip)", async () => {
  const plain = await savedChat("Plain", ["Just **text**, with a list:\n\n- one\n- two"]);
  const withCode = await savedChat("Code", ["```python\ndef f(x):\n    return x * 2\n```"]);
  const withMath = await savedChat("Math", ["The area is $\\pi r^2$:\n\n$$\n\\int_0^1 x^2\\,dx = \\tfrac13\n$$"]);
  const withDiagram = await savedChat("Diagram", ["```mermaid\nflowchart TD\n  A[Ask] --> B[Answer]\n```"]);
  const answerReady = "[data-testid=message][data-sender=bot] .markdown:not(.markdown--pending)";
  const base = await measurePage(page, `${baseURL}/c/${plain}`, answerReady);
  const known = new Set(base.chunks.map((c) => c.file));
  const addOn = async (id: string, ready: string, label: string, goal: string) => {
    const weight = await measurePage(page, `${baseURL}/c/${id}`, ready);
    const extra = weight.chunks.filter((c) => !known.has(c.file));
    const bytes = extra.reduce((sum, c) => sum + c.gzipBytes, 0);
    rows.push([`lazy JS of ${label}`, goal, `${kB(bytes)} kB (${extra.length} chunks)`]);
    console.log(`  ${label}: ${extra.map((c) => `${c.name} ${kB(c.gzipBytes)}`).join(", ")}`);
  };
  rows.push(["open chat without code or math", "≤ 180 kB", `${kB(base.gzipBytes)} kB (${base.chunks.length} chunks)`]);
  await addOn(withCode, ".md-code .hljs-keyword", "code colouring (lowlight + Python)", "on first use only");
  await addOn(withMath, ".katex", "math (KaTeX, its CSS and fonts not counted)", "on first use only");
  await addOn(withDiagram, ".md-diagram img", "diagrams (mermaid, flowchart)", "on first use only");
});

it(`a saved chat of ${ANSWERS * CODE_PER_ANSWER} code blocks and ${ANSWERS * FORMULAS_PER_ANSWER} formulas: opening it on a phone`, async () => {
  const id = await savedChat(
    "Code and math",
    Array.from({ length: ANSWERS }, (_, i) => richAnswer(i)),
  );
  // the add-ons are cached by the first test, as for a user who has seen code and math before
  const cdp = await ctx.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: PHONE_CPU_SLOWDOWN });
  await page.addInitScript(() => {
    const w = window as unknown as { bench: { readyAt?: number; longTasks: number[] } };
    w.bench = { longTasks: [] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.bench.longTasks.push(entry.duration);
    }).observe({ type: "longtask", buffered: true });
    // ready: the last answer on screen with its code coloured and its formulas typeset
    const poll = () => {
      const last = document.querySelector('[data-message-id="a39"]');
      if (last?.querySelector(".hljs-keyword") && last.querySelector(".katex")) w.bench.readyAt = performance.now();
      else requestAnimationFrame(poll);
    };
    requestAnimationFrame(poll);
  });
  // a full load of the chat's address, from navigation start (performance.now() = 0)
  await page.goto(`${baseURL}/c/${id}`);
  await page.waitForFunction(
    () => (window as unknown as { bench: { readyAt?: number } }).bench.readyAt !== undefined,
    null,
    { timeout: 60_000 },
  );
  // long tasks are reported after they end: give the page a moment of idle before reading them
  await page.waitForLoadState("networkidle");
  const result = await page.evaluate(
    () => (window as unknown as { bench: { readyAt: number; longTasks: number[] } }).bench,
  );
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await cdp.detach();
  const longest = Math.max(0, ...result.longTasks);
  rows.push([
    `open a chat of ${ANSWERS * CODE_PER_ANSWER} code blocks and ${ANSWERS * FORMULAS_PER_ANSWER} formulas (phone, CPU ×${PHONE_CPU_SLOWDOWN})`,
    "< 500 ms, no task over 50 ms",
    `${ms(result.readyAt)} from navigation start to the last answer coloured and typeset (page load included); longest task ${longest ? ms(longest) : "none"} (${result.longTasks.filter((d) => d > 50).length} over 50 ms)`,
  ]);
});
