// Streams a ~20k-token answer into the chat message renderer in jsdom, ~4 tokens per update, and prints the cost of an
// update for the block renderer (StreamingMarkdown) and for re-parsing and re-rendering the whole message.
// Run with `npm run bench`. Every block-renderer update is timed; the whole-message renderer, at ~100 ms+ per update
// near the end, is timed on a sample of updates spread evenly over the stream (each sample re-renders from the update
// just before it, so it is a true one-update cost).
import { createInstance } from "i18next";
import type { ReactElement } from "react";
import { flushSync } from "react-dom";
import { createRoot, type Root } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { expect, it } from "vitest";
import {
  StreamingMarkdown,
  WholeMarkdown,
  loadOpenTable,
  loadRichParts,
  splitBlocks,
} from "../../web/src/features/chat/markdown";
import { loadLanguage } from "../../web/src/features/chat/markdown/code/highlighter";
import en from "../../locales/en.json";
import { seededRandom } from "../web/markdown/seeded-random";

const TARGET_TOKENS = 20_000;
const CHARS_PER_TOKEN = 4; // the usual rule of thumb for English-like text
const TOKENS_PER_UPDATE = 4;
const WHOLE_SAMPLES = 100;

const i18n = createInstance();
void i18n.use(initReactI18next).init({
  lng: "en",
  resources: { en: { translation: { markdown: en.markdown } } },
  initAsync: false,
});

const WORDS = (
  "the model answer stream block render cost edge worker cloud message token chart table value result " +
  "mây trả lời nhanh dữ liệu người dùng mô hình câu hỏi kết quả bảng mã nguồn " +
  "latency budget cache request response markdown parser browser layout update"
).split(" ");

/** `rich`: an answer full of code and math (a code block or a display formula in every section, inline formulas). */
function generateAnswer(targetChars: number, rich = false): string {
  const next = seededRandom(20_000); // the same answer on every run
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const sentence = () => {
    const words = Array.from({ length: 6 + Math.floor(next() * 12) }, () => pick(WORDS));
    const styled = words.map((word, i) =>
      i === 2 && next() < 0.3 ? `**${word}**` : i === 4 && next() < 0.3 ? `\`${word}\`` : word,
    );
    const text = styled.join(" ");
    return `${text[0]?.toUpperCase()}${text.slice(1)}.`;
  };
  const paragraph = () => Array.from({ length: 2 + Math.floor(next() * 4) }, sentence).join(" ");
  const list = (ordered: boolean) =>
    Array.from({ length: 3 + Math.floor(next() * 5) }, (_, i) => `${ordered ? `${i + 1}.` : "-"} ${sentence()}`).join(
      "\n",
    );
  const code = () => {
    const lines = Array.from({ length: 6 + Math.floor(next() * 14) }, (_, i) =>
      i % 4 === 0
        ? `function ${pick(WORDS)}${i}(input: number): number {`
        : `  return input * ${i} + ${Math.floor(next() * 100)}; // ${pick(WORDS)}`,
    );
    return `\`\`\`ts\n${lines.join("\n")}\n\`\`\``;
  };
  const table = () => {
    const rows = Array.from(
      { length: 4 + Math.floor(next() * 8) },
      (_, i) =>
        `| ${pick(WORDS)} ${i} | ${Math.floor(next() * 1000)} | ${pick(WORDS)} | ${(next() * 100).toFixed(1)}% |`,
    );
    return `| name | count | kind | share |\n|------|------:|------|------:|\n${rows.join("\n")}`;
  };

  const blocks: string[] = [];
  let length = 0;
  for (let section = 1; length < targetChars; section++) {
    const parts = [`## Section ${section}: ${pick(WORDS)} ${pick(WORDS)}`, paragraph()];
    const shape = section % 4;
    if (rich) {
      const n = section;
      parts.push(
        `The value $x_{${n}} = \\frac{${n}}{2} + \\sqrt{${n}}$ grows, and $$\\sum_{i=1}^{${n}} i = \\frac{${n}(${n}+1)}{2}$$ holds.`,
        code().replace("```ts", section % 2 ? "```python" : "```ts"),
        `\\[ \\int_0^{${n}} x^2\\,dx = \\frac{${n}^3}{3} \\]`,
        paragraph(),
      );
    } else if (shape === 0) parts.push(list(false), paragraph());
    else if (shape === 1) parts.push(code(), paragraph());
    else if (shape === 2) parts.push(table(), list(true));
    else if (shape === 3) parts.push(paragraph(), `> ${sentence()}`, code());
    for (const part of parts) {
      blocks.push(part);
      length += part.length + 2;
    }
  }
  return blocks.join("\n\n").slice(0, targetChars);
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function mount(): { root: Root; container: HTMLElement; render: (ui: ReactElement) => number } {
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  return {
    root,
    container,
    render(ui) {
      const started = performance.now();
      flushSync(() => root.render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>));
      return performance.now() - started;
    },
  };
}

const ms = (value: number) => `${value.toFixed(2).padStart(8)} ms`;

it("streams a 20k-token answer: block renderer vs whole-message re-render", async () => {
  // the completion of a table the answer has not finished, and the code blocks' view, loaded as the app loads them
  // with the first answer needing them
  await Promise.all([loadOpenTable(), loadRichParts()]);
  const answer = generateAnswer(TARGET_TOKENS * CHARS_PER_TOKEN);
  const step = TOKENS_PER_UPDATE * CHARS_PER_TOKEN;
  const prefixes: string[] = [];
  for (let end = step; end < answer.length + step; end += step)
    prefixes.push(answer.slice(0, Math.min(end, answer.length)));
  const sampleEvery = Math.floor(prefixes.length / WHOLE_SAMPLES);
  const sampled = Array.from({ length: WHOLE_SAMPLES }, (_, i) => (i + 1) * sampleEvery - 1);

  // Warm-up (JIT, module init) on a separate root, not timed.
  const warm = mount();
  warm.render(<WholeMarkdown text={answer.slice(0, 20_000)} />);
  warm.render(<StreamingMarkdown text={answer.slice(0, 20_000)} streaming />);
  warm.root.unmount();

  const blocks = mount();
  const blockTimes = prefixes.map((text) => blocks.render(<StreamingMarkdown text={text} streaming />));
  blocks.render(<StreamingMarkdown text={answer} streaming={false} />);

  const whole = mount();
  const wholeTimes = sampled.map((index) => {
    whole.render(<WholeMarkdown text={prefixes[index - 1] ?? ""} />);
    return whole.render(<WholeMarkdown text={prefixes[index] ?? ""} />);
  });
  whole.render(<WholeMarkdown text={answer} />);

  // The point of the block renderer is that it gives the same HTML.
  const identical = blocks.container.innerHTML === whole.container.innerHTML;
  expect(identical).toBe(true);

  const blockSampled = sampled.map((index) => blockTimes[index] ?? Number.NaN);
  const tenth = Math.floor(prefixes.length / 10);
  const firstTenth = blockTimes.slice(0, tenth);
  const lastTenth = blockTimes.slice(-tenth);
  const wholeFirst = wholeTimes.slice(0, WHOLE_SAMPLES / 10);
  const wholeLast = wholeTimes.slice(-WHOLE_SAMPLES / 10);

  const lines = [
    "",
    "Markdown streaming benchmark (jsdom)",
    `  answer: ${answer.length} chars ≈ ${Math.round(answer.length / CHARS_PER_TOKEN)} tokens; ${prefixes.length} updates of ${step} chars (≈${TOKENS_PER_UPDATE} tokens)`,
    `  ${splitBlocks(answer).length} top-level blocks at the end; React ${process.env.NODE_ENV === "production" ? "production" : "development"} build`,
    `  whole-message renderer timed on ${WHOLE_SAMPLES} updates (every ${sampleEvery}th); block renderer on every update`,
    "",
    "  per-update render time             p50          p95          max",
    `  block renderer, all updates  ${ms(percentile(blockTimes, 50))} ${ms(percentile(blockTimes, 95))} ${ms(Math.max(...blockTimes))}`,
    `  block renderer, same samples ${ms(percentile(blockSampled, 50))} ${ms(percentile(blockSampled, 95))} ${ms(Math.max(...blockSampled))}`,
    `  whole-message re-render      ${ms(percentile(wholeTimes, 50))} ${ms(percentile(wholeTimes, 95))} ${ms(Math.max(...wholeTimes))}`,
    `  ratio whole / block (same samples): p50 ×${(percentile(wholeTimes, 50) / percentile(blockSampled, 50)).toFixed(1)}, p95 ×${(percentile(wholeTimes, 95) / percentile(blockSampled, 95)).toFixed(1)}`,
    "",
    "  growth over the stream (p50, first 10% of updates → last 10%)",
    `  block renderer         ${ms(percentile(firstTenth, 50))} → ${ms(percentile(lastTenth, 50))}`,
    `  whole-message renderer ${ms(percentile(wholeFirst, 50))} → ${ms(percentile(wholeLast, 50))}`,
    "",
    "  | what | goal | measured |",
    "  |---|---|---|",
    `  | streamed markdown, per update at 20k tokens (${process.env.NODE_ENV === "production" ? "production" : "development"} build) | p50 ≤ 1 ms, p95 ≤ 3 ms, final HTML identical to a full render | p50 ${percentile(blockTimes, 50).toFixed(2)} ms, p95 ${percentile(blockTimes, 95).toFixed(2)} ms, final HTML ${identical ? "identical" : "DIFFERENT"} |`,
    "",
  ];
  console.log(lines.join("\n"));

  blocks.root.unmount();
  whole.root.unmount();
});

it("streams a 20k-token answer full of code and math, add-ons loaded", async () => {
  // as for a reader who has seen code and formulas before: colouring and KaTeX are there, so every formula that
  // closes during the stream is typeset on the update that closes it (a code block is coloured in a later task)
  await Promise.all([loadOpenTable(), loadRichParts(), loadLanguage("typescript"), loadLanguage("python")]);
  const answer = generateAnswer(TARGET_TOKENS * CHARS_PER_TOKEN, true);
  const step = TOKENS_PER_UPDATE * CHARS_PER_TOKEN;
  const prefixes: string[] = [];
  for (let end = step; end < answer.length + step; end += step)
    prefixes.push(answer.slice(0, Math.min(end, answer.length)));

  const warm = mount();
  warm.render(<StreamingMarkdown text={answer.slice(0, 20_000)} streaming />);
  warm.root.unmount();

  const blocks = mount();
  const times = prefixes.map((text) => blocks.render(<StreamingMarkdown text={text} streaming />));
  blocks.render(<StreamingMarkdown text={answer} streaming={false} />);
  const whole = mount();
  whole.render(<WholeMarkdown text={answer} />);
  // finished code blocks are coloured in later tasks (a few a task), off the updates timed above: wait for the last
  const colouredIn = (root: HTMLElement) => root.querySelectorAll(".md-code code:has(.hljs-keyword)").length;
  const allBlocks = blocks.container.querySelectorAll(".md-code code").length;
  for (let waited = 0; waited < 10_000; waited += 10) {
    if (colouredIn(blocks.container) === allBlocks && colouredIn(whole.container) === allBlocks) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const identical = blocks.container.innerHTML === whole.container.innerHTML;
  expect(identical).toBe(true);
  const formulas = blocks.container.querySelectorAll(".katex").length;
  const coloured = blocks.container.querySelectorAll(".md-code code:has(.hljs-keyword)").length;
  expect(formulas).toBeGreaterThan(0);
  expect(coloured).toBeGreaterThan(0);

  console.log(
    [
      "",
      "Markdown streaming benchmark, code and math (jsdom)",
      `  answer: ${answer.length} chars ≈ ${Math.round(answer.length / CHARS_PER_TOKEN)} tokens; ${prefixes.length} updates; ${coloured} coloured code blocks and ${formulas} formulas at the end`,
      "",
      "  | what | goal | measured |",
      "  |---|---|---|",
      `  | streamed markdown full of code and math, per update at 20k tokens | p50 ≤ 1 ms, p95 ≤ 3 ms, final HTML identical to a full render | p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms, max ${Math.max(...times).toFixed(1)} ms, final HTML ${identical ? "identical" : "DIFFERENT"} |`,
      "",
    ].join("\n"),
  );
  blocks.root.unmount();
  whole.root.unmount();
});
