// A table cut short at the end of an answer still shows as a table. GFM makes a table only once its delimiter row
// ("|---|---|") is there with a cell for each header cell, so until then its header row reads as a paragraph: a raw
// "| Mục | Giá |" line while the answer streams, and for good when the answer was stopped there. The header row is
// completed here, for display only, with a delimiter row of its width:
// - while streaming, once the delimiter row has started after a header row (a line of |, :, - only): the table shows
//   from its first rows instead of flashing a paragraph, or a setext heading ("| a |" over "-"), first;
// - once stopped, also after a header row alone (a line starting with "|"): nothing more will come to finish it.
// Only the text's last lines are looked at, and the completion is kept only when marked then reads a table at the end,
// so nothing else can change. A finished answer is never completed: its HTML is marked's, as before.
import type { Token } from "marked";
import { lexWhole, type MarkdownBlockSource } from "./split-blocks";

/** How the text ends: still being written, or stopped by the user (it will never be finished). */
export type OpenEnd = "streaming" | "stopped";

/**
 * A line that has started a delimiter row: |, : and - only, after up to 3 spaces of indent, with a pipe, a colon or
 * two dashes (a lone "-" may as well be a list item beginning).
 */
const DELIMITER_START = /^ {0,3}[|:-][|:\- \t]*$/;
const DELIMITER_SIGN = /[|:]|--/;
/** A header row that opens with a pipe: the only kind a stopped answer's last line is taken for. */
const PIPE_ROW = /^ {0,3}\|/;
/** A pipe not escaped with a backslash: a cell boundary. */
const CELL_BOUNDARY = /(?<!\\)\|/;

/** The last one or two lines of `text` (a final line break ignored), without splitting the whole text. */
function lastLines(text: string): { before: string; previous: string | null; last: string } {
  const end = text.endsWith("\n") ? text.length - 1 : text.length;
  const lastBreak = text.lastIndexOf("\n", end - 1);
  const last = text.slice(lastBreak + 1, end);
  if (lastBreak < 0) return { before: "", previous: null, last };
  const previousBreak = text.lastIndexOf("\n", lastBreak - 1);
  return { before: text.slice(0, previousBreak + 1), previous: text.slice(previousBreak + 1, lastBreak), last };
}

/** The cells of a row, without its outer pipes. */
function cells(row: string): string[] {
  let inner = row.trim();
  if (inner.startsWith("|")) inner = inner.slice(1);
  if (inner.endsWith("|") && !inner.endsWith("\\|")) inner = inner.slice(0, -1);
  return inner.split(CELL_BOUNDARY);
}

/** A delimiter row for `width` columns, keeping the alignment of the delimiter cells already complete. */
function delimiterRow(width: number, started: string): string {
  const typed = started.trim().replace(/^\|/, "").split("|");
  // the last typed cell may still grow ("--" before ":"): only cells followed by a pipe are complete
  const complete = started.trim().endsWith("|") || typed.length > width ? typed : typed.slice(0, -1);
  const specs = Array.from({ length: width }, (_, i) => {
    const cell = complete[i]?.trim() ?? "";
    if (!/^:?-+:?$/.test(cell)) return "---";
    return `${cell.startsWith(":") ? ":" : ""}---${cell.endsWith(":") ? ":" : ""}`;
  });
  return `| ${specs.join(" | ")} |`;
}

/**
 * `text` with the table its last lines begin completed by a delimiter row, or null when its end is not such a table.
 * `text` is a message's markdown or its last block's; `tokens` are marked's tokens of it, as it is.
 */
export function completeOpenTable(text: string, tokens: readonly Token[], end: OpenEnd): string | null {
  // a table already (its last row may be cut: marked shows that one as it is)
  if (lastToken(tokens)?.type === "table") return null;
  const { before, previous, last } = lastLines(text);
  if (previous !== null && DELIMITER_START.test(last) && DELIMITER_SIGN.test(last) && CELL_BOUNDARY.test(previous)) {
    return `${before}${previous}\n${delimiterRow(cells(previous).length, last)}`;
  }
  if (end === "stopped" && PIPE_ROW.test(last) && last.trim() !== "|") {
    return `${before}${previous === null ? "" : `${previous}\n`}${last}\n${delimiterRow(cells(last).length, "")}`;
  }
  return null;
}

function lastToken(tokens: readonly Token[]): Token | undefined {
  for (let i = tokens.length - 1; i >= 0; i--) if (tokens[i]!.type !== "space") return tokens[i];
  return undefined;
}

/**
 * The text and tokens of `text` (lexed as `tokens`) with its open table completed, or null when there is none. Kept
 * only when marked reads a table at the very end: anything else (a list's lazy line, a quote) stays as it was.
 */
export function lexOpenTable(
  text: string,
  tokens: readonly Token[],
  end: OpenEnd,
  lex: (text: string) => Token[],
): { text: string; tokens: Token[] } | null {
  const completed = completeOpenTable(text, tokens, end);
  if (completed === null) return null;
  const completedTokens = lex(completed);
  return lastToken(completedTokens)?.type === "table" ? { text: completed, tokens: completedTokens } : null;
}

/**
 * The blocks of an unfinished text with the last one's open table completed, or the same blocks. The completed
 * block's raw is its completed text, so the memoized renderers tell it from the block as it is.
 */
export function withOpenTable(blocks: MarkdownBlockSource[], end: OpenEnd): MarkdownBlockSource[] {
  const last = blocks[blocks.length - 1];
  const open = last && lexOpenTable(last.raw, last.tokens, end, lexWhole);
  return open ? [...blocks.slice(0, -1), { start: last.start, raw: open.text, tokens: open.tokens }] : blocks;
}
