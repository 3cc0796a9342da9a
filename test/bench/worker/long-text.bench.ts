// `npm run bench` (bench-worker): the functions that read a whole message, a shared question or an uploaded file, on
// long inputs shaped to make a regular expression retry (a line of "![" with no closing one, a long run of blank
// lines, of digits, of spaces). A pattern that retries from every position is quadratic: ×16 the time for ×4 the text,
// seconds at 80 kB. Each row prints the best of three runs at 20 kB and at 80 kB; the goal is linear time: ≤ 20 ms at
// 80 kB (200 ms where the text is also rendered or lexed as Markdown) and at most ×6 from 20 to 80 kB (linear is ×4).
import { expect, it } from "vitest";
import { generatedImageUrl } from "../../../web/src/features/images/signed-in/generated-image";
import { isFenceClosed } from "../../../web/src/features/chat/markdown/fence";
import { possibleDefinition } from "../../../web/src/features/chat/markdown/split-blocks";
import { emailRule } from "../../../web/src/features/settings/validation";
import { historySnippet } from "../../../worker/db/history-snippet";
import { checkPdf } from "../../../worker/uploads/pdf-guard";
import { sharePageOfQuestion } from "../../support/share-page";

const SIZES = [20_000, 80_000];
const GOAL_MS = 20;
const GOAL_GROWTH = 6;

/** `unit` repeated to `size` characters. */
const fill = (unit: string, size: number) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

/** `goalMs`: a row whose function does more than read the text (renders or lexes it as Markdown) has its own. */
const rows: { what: string; run: (size: number) => unknown; goalMs?: number }[] = [
  {
    what: "an answer's generated picture, none in it (every shown answer)",
    run: (n) => generatedImageUrl(fill("word ", n)),
  },
  {
    what: "a code block's closing fence after a run of blank lines (every code block drawn)",
    run: (n) => isFenceClosed(`\`\`\`\nx${"\n".repeat(n)}y\n\`\`\``),
  },
  {
    what: "a streaming answer's check for a reference definition: lines starting with '[', no ']' (every update)",
    run: (n) => possibleDefinition(fill("[x\n", n)),
  },
  {
    what: "an email typed in settings: '@' and dots, a second '@' at the end",
    run: (n) => emailRule(`a@${fill(".", n)}@`),
  },
  {
    what: "a history search snippet: a line of spaces before a '#'",
    run: (n) => historySnippet(`<<m>>hit<</m>> a${" ".repeat(n)}#x`, true),
  },
  {
    // the line around the match, here all of it (no space to cut at), goes through marked's inline lexer
    what: "a history search snippet: a line of '![' with no closing ']' (links and images hidden, then lexed)",
    goalMs: 200,
    run: (n) => historySnippet(`<<m>>hit<</m>> ${fill("![", n)}`, true),
  },
  {
    what: "a shared chat's page (rendered whole): a first question of '![' with no closing ']'",
    goalMs: 200,
    run: (n) => sharePageOfQuestion(fill("![", n)),
  },
  {
    what: "an uploaded PDF: 'stream' lines after one header, a string never closed (refused)",
    run: (n) =>
      checkPdf(new TextEncoder().encode(`%PDF-1.4\n1 0 obj << /K (${fill(">> stream\n", n)}`), "tangled.pdf").catch(
        () => null,
      ),
  },
  {
    what: "an uploaded PDF: a run of digits",
    run: (n) => checkPdf(new TextEncoder().encode(`%PDF-1.4\n${fill("1", n)}`), "digits.pdf").catch(() => null),
  },
];

async function bestOf3(run: () => unknown): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    await run();
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

it("prints the time of the long-text functions", async () => {
  const table = [["what", "20 kB", "80 kB", "×", "goal", "met?"]];
  for (const row of rows) {
    const [small, large] = [await bestOf3(() => row.run(SIZES[0]!)), await bestOf3(() => row.run(SIZES[1]!))];
    const growth = large / Math.max(small, 0.01);
    const goalMs = row.goalMs ?? GOAL_MS;
    const met = large <= goalMs && (large < 1 || growth <= GOAL_GROWTH);
    table.push([
      row.what,
      `${small.toFixed(2)} ms`,
      `${large.toFixed(2)} ms`,
      `×${growth.toFixed(1)}`,
      `≤ ${goalMs} ms, ×≤ ${GOAL_GROWTH}`,
      met ? "yes" : "no",
    ]);
  }
  const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
  console.log(
    `\nLong inputs (best of 3, Node ${process.version})\n${table.map((r) => r.map((c, i) => c.padEnd(widths[i]!)).join(" | ")).join("\n")}`,
  );
  expect(table).toHaveLength(rows.length + 1);
});
