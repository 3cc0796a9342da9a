// The text shown for a message that matched a history search: a few words around the match as plain text, the way
// the chat shows the message, not its Markdown source. An answer is Markdown ("> **Lưu ý:** dùng `npm`"), so only
// the words a reader sees are kept: block markers (quotes, headings, list bullets, table pipes and delimiter rows,
// code fences), inline markup (emphasis, code spans, links' destinations, images) and escapes go; a question is shown
// as typed, as the chat shows it. The input is FTS5 highlight() of the whole message, its matches between MATCH_START
// and MATCH_END; only the lines around the chosen match are parsed (with marked, the app's Markdown parser, inline
// rules), so a long answer costs no more than a short one. It also counts the matches a reader can see (the find bar's
// "3 / 7"): those in link destinations and image descriptions are not shown in the chat.
import { Lexer, type Token } from "marked";
import { type HighlightSegment, MATCH_START, toSegments } from "../protocol/history-search";

/** Words shown before the match, and in all, at most (FTS5 snippet()'s 16 tokens, as the search used before). */
const WORDS_BEFORE = 5;
const WORDS_IN_ALL = 16;
/** Characters read on each side of the match to find its words: whole lines, cut here inside a very long one. */
const CONTEXT_CHARS = 400;
const ELLIPSIS = "…";

const LEX_OPTIONS = { gfm: true, breaks: false, pedantic: false };

const FENCE = /^ {0,3}(?:`{3,}|~{3,})/;
const FENCES = /^ {0,3}(?:`{3,}|~{3,})/gm;
const DELIMITER_ROW = /^ {0,3}\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*(?:\|\s*)?$/;
const THEMATIC_BREAK = /^ {0,3}(?:(?:-[\t ]*){3,}|(?:_[\t ]*){3,}|(?:\*[\t ]*){3,}|={2,}[\t ]*)$/;
/** Block markers at a line's start: quotes, an ATX heading's #s, list bullets and numbers, a task box. */
const LINE_PREFIX = /^(?:\s{0,3}>\s?)*\s*(?:#{1,6}(?=\s|$)\s*|(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?)?/;
// Both without a run of spaces that two parts of the pattern could share, which made a long line of spaces quadratic.
const CLOSING_HASHES = /(?<!\s)\s+#+\s*$/;
/** What is left of a delimiter cut off by the snippet's edges: "**", "__", "~~", a lone backtick. */
const STRAY_MARKUP = /\*{2,}|_{2,}|~{2,}|`+/g;
const CELL_BOUNDARY = /(?<!\\)\|/;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#\d{1,7}|#x[\da-f]{1,6}|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] !== "#") return ENTITIES[name.toLowerCase()] ?? entity;
    const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

/** The words of inline tokens, as the chat shows them. */
function inlineText(tokens: readonly Token[]): string {
  let out = "";
  for (const token of tokens) {
    switch (token.type) {
      case "text":
        out +=
          "tokens" in token && token.tokens
            ? inlineText(token.tokens)
            : decodeEntities(token.text).replace(STRAY_MARKUP, "");
        break;
      case "codespan":
      case "escape":
        out += token.text;
        break;
      case "image":
      case "html":
      case "tag":
      case "checkbox":
        break;
      case "br":
        out += " ";
        break;
      default:
        if ("tokens" in token && token.tokens) out += inlineText(token.tokens);
        else if ("text" in token && typeof token.text === "string") out += token.text;
    }
  }
  return out;
}

function inlineLine(line: string): string {
  return inlineText(Lexer.lexInline(line, LEX_OPTIONS));
}

/** A table row's cells as text, a dot between them. */
function tableRow(line: string): string {
  let inner = line.trim();
  if (inner.startsWith("|")) inner = inner.slice(1);
  if (inner.endsWith("|") && !inner.endsWith("\\|")) inner = inner.slice(0, -1);
  return inner
    .split(CELL_BOUNDARY)
    .map((cell) => inlineLine(cell.trim()))
    .join(" · ");
}

/** The Markdown of `lines` as the words a reader sees; `inCode` when the first line is inside a fenced block. */
function markdownLines(lines: readonly string[], inCode: boolean): string {
  const out: string[] = [];
  let code = inCode;
  for (const line of lines) {
    if (FENCE.test(line)) {
      code = !code;
      continue;
    }
    if (code) {
      out.push(line);
      continue;
    }
    if (THEMATIC_BREAK.test(line) || DELIMITER_ROW.test(line)) continue;
    const body = line.replace(LINE_PREFIX, "").replace(CLOSING_HASHES, "");
    out.push(body.trimStart().startsWith("|") ? tableRow(body) : inlineLine(body));
  }
  return out.join(" ");
}

/**
 * The part of `text` around `at`: the whole lines within CONTEXT_CHARS of it on each side, and the line of `at`
 * itself, cut at a space where it runs further than that.
 */
function around(text: string, at: number): { from: number; to: number } {
  const lineStart = text.lastIndexOf("\n", at - 1) + 1;
  let from: number;
  if (at - lineStart > CONTEXT_CHARS) {
    from = text.lastIndexOf(" ", at - CONTEXT_CHARS) + 1;
  } else {
    const reach = at - CONTEXT_CHARS;
    from = reach <= 0 ? 0 : text.indexOf("\n", reach - 1) + 1;
    if (from > lineStart) from = lineStart;
  }
  let lineEnd = text.indexOf("\n", at);
  if (lineEnd < 0) lineEnd = text.length;
  let to: number;
  if (lineEnd - at > CONTEXT_CHARS) {
    const space = text.indexOf(" ", at + CONTEXT_CHARS);
    to = space < 0 || space > lineEnd ? lineEnd : space;
  } else {
    const reach = at + CONTEXT_CHARS;
    to = reach >= text.length ? text.length : text.lastIndexOf("\n", reach);
    if (to < lineEnd) to = lineEnd;
  }
  return { from, to };
}

/**
 * The first index from `from` on that holds `a` or `b` (the text's length when none does). Asked with `from` moving
 * forward, it reads each stretch once: a later `from` inside the stretch it last read has the same answer.
 */
function stopFinder(text: string, a: string, b: string): (from: number) => number {
  let lastFrom = -1;
  let found = -1;
  return (from) => {
    if (from < lastFrom || from > found) {
      let i = from;
      while (i < text.length && text[i] !== a && text[i] !== b) i++;
      found = i;
    }
    lastFrom = from;
    return found;
  };
}

/**
 * Link destinations and titles, and whole images: not shown as text in the chat, so dropped (a link keeps its text
 * and "]()"). The same as `text.replace(/!\[[^\]\n]*\]\([^)\n]*\)|\]\([^)\n]*\)/g, (h) => (h.startsWith("!") ? "" :
 * "]()"))`, in one pass: that pattern tried again from every "![" of a line that never closes one, quadratic in the
 * line (3.5 s for an answer of 80 kB, on every search result that holds it).
 */
export function hideMarkdown(text: string): string {
  const bracket = stopFinder(text, "]", "\n");
  const paren = stopFinder(text, ")", "\n");
  let out = "";
  let kept = 0;
  for (let i = text.indexOf("]"), j = text.indexOf("!["); ; ) {
    if (j >= 0 && j < kept) j = text.indexOf("![", kept);
    if (i >= 0 && i < kept) i = text.indexOf("]", kept);
    if (i < 0 && j < 0) break;
    let end = -1;
    if (j >= 0 && (i < 0 || j < i)) {
      // an image: "![", its text up to "]" on the line, then "(" and its destination up to ")" on the line
      const b = bracket(j + 2);
      if (text[b] === "]" && text[b + 1] === "(") {
        const p = paren(b + 2);
        if (text[p] === ")") end = p + 1;
      }
      if (end >= 0) {
        out += text.slice(kept, j);
        kept = end;
      } else j = text.indexOf("![", j + 1);
      continue;
    }
    // a link's end: "](", its destination up to ")" on the line
    if (text[i + 1] === "(") {
      const p = paren(i + 2);
      if (text[p] === ")") end = p + 1;
    }
    if (end >= 0) {
      out += `${text.slice(kept, i)}]()`;
      kept = end;
    } else i = text.indexOf("]", i + 1);
  }
  return out + text.slice(kept);
}

export interface HistorySnippet {
  /** The words around the first match a reader sees, as plain text segments, the matches marked. */
  snippet: HighlightSegment[];
  /** The matches a reader sees in the message. */
  hits: number;
}

/**
 * The snippet of a message from its FTS5 highlight() text. `markdown` for an answer (rendered as Markdown in the
 * chat); a question is shown as typed.
 */
export function historySnippet(highlighted: string, markdown: boolean): HistorySnippet {
  const visible = markdown ? hideMarkdown(highlighted) : highlighted;
  const hits = visible.split(MATCH_START).length - 1;
  const first = visible.indexOf(MATCH_START);
  const at = Math.max(first, 0);
  const { from, to } = around(visible, at);
  let text: string;
  if (markdown) {
    const fencesBefore = visible.slice(0, from).match(FENCES)?.length ?? 0;
    text = markdownLines(visible.slice(from, to).split("\n"), fencesBefore % 2 === 1);
  } else {
    text = visible.slice(from, to);
  }

  const words = text.split(/\s+/u).filter(Boolean);
  const matchWord = Math.max(
    0,
    words.findIndex((w) => w.includes(MATCH_START)),
  );
  const start = Math.max(0, matchWord - WORDS_BEFORE);
  const end = Math.min(words.length, start + WORDS_IN_ALL);
  const cutBefore = start > 0 || visible.slice(0, from).trim() !== "";
  const cutAfter = end < words.length || visible.slice(to).trim() !== "";
  const shown = `${cutBefore ? ELLIPSIS : ""}${words.slice(start, end).join(" ")}${cutAfter ? ELLIPSIS : ""}`;
  return { snippet: toSegments(shown), hits };
}
