// Parses a chat answer with marked (the app's one markdown parser) and splits it into its top-level blocks, so a
// streamed message re-parses only its last, still growing blocks instead of the whole answer on every chunk (whole
// re-parse: ~190 ms per update at 20k tokens). Each block carries its tokens from that same parse: they are what the
// renderer draws (render-tokens.tsx), so nothing is parsed twice.
//
// A boundary is only taken where a blank line separates two top-level tokens, and not where the two tokens may still
// join as more text arrives (see canFollow). In CommonMark nothing before such a boundary changes meaning because of
// text after it, except document-wide definitions ("[x]: url"): a text that may hold one (or a carriage return, which
// marked rewrites) stays one block. So rendering block by block gives the same HTML as rendering the whole message.
import { Lexer, getDefaults, type MarkedOptions, type Token } from "marked";

export interface MarkdownBlockSource {
  /** Offset (UTF-16 code units) of the block's first character in the message text. */
  start: number;
  /**
   * The block's markdown source, exactly as it appears in the message, with the blank lines that follow it (for an
   * unfinished answer's last block, the source with its open table completed: open-table.ts).
   */
  raw: string;
  /** The block's top-level tokens (inline tokens inside), as marked's lexer read them. */
  tokens: Token[];
}

// Our own options, so a `marked.use(...)` elsewhere cannot change how answers are split.
let LEX_OPTIONS: MarkedOptions = { ...getDefaults(), gfm: true, pedantic: false, breaks: false };

/**
 * Bumped when the lexer learns new syntax (math, below): blocks lexed before must be lexed again, so a splitter starts
 * over and the renderer drops what it kept (streaming-markdown.tsx).
 */
export let lexerVersion = 0;

/** Text that may hold math: `$`, `\(` or `\[`. Prices too; they only load the tokenizer (~0.4 kB gzip). */
export const MAY_HOLD_MATH = /\$|\\[([]/;

let mathLoading: Promise<void> | undefined;

/**
 * Teaches the lexer math (math/math-tokens.ts), loaded with the first answer that may hold some: an answer without
 * `$`, `\(` or `\[` never needs it. The extensions are given in the compiled form `marked.use` would build (the lexer
 * reads only that), block and inline.
 */
export function loadMathSyntax(): Promise<void> {
  mathLoading ??= import("./math/math-tokens").then((m) => {
    LEX_OPTIONS = { ...LEX_OPTIONS, extensions: m.MATH_LEXER_EXTENSIONS };
    lexerVersion++;
  });
  mathLoading.catch(() => {
    mathLoading = undefined; // offline: the next answer tries again; meanwhile formulas show as their text
  });
  return mathLoading;
}

export const mathSyntaxLoaded = () => lexerVersion > 0;

/**
 * A line that may hold a link-reference or footnote definition, also inside quotes and list items: a "[" after only
 * quote and list markers, numbers and blanks, whose first "]" after it (on any line) is followed by ":". False
 * positives only cost speed (the message renders as one block); a miss would break a reference, so this errs wide.
 * Its run crosses a line's end only when the next line does not start a "[" of its own (that line is tried from its
 * start, reaching the same "]"): `/^[ \t>*+\-\d.)]*\[[^\]]*\]:/m` read on from every such line to the next "]",
 * quadratic in lines starting with "[" and no "]" (3 s for 80 kB, on every update of a streaming answer).
 */
const POSSIBLE_DEFINITION = /^[ \t>*+\-\d.)]*\[(?:[^\]\n\r\u2028\u2029]|[\n\r\u2028\u2029](?![ \t>*+\-\d.)]*\[))*\]:/m;

export const possibleDefinition = (text: string) => POSSIBLE_DEFINITION.test(text);

function mustRenderWhole(text: string): boolean {
  return text.includes("\r") || POSSIBLE_DEFINITION.test(text);
}

/** True when a whitespace-only line ends right before `index` (a line ending, blanks, a line ending). */
function blankLineBefore(text: string, index: number, floor: number): boolean {
  let i = index - 1;
  if (i < floor || text[i] !== "\n") return false;
  i--;
  while (i >= floor && (text[i] === " " || text[i] === "\t")) i--;
  return i >= floor && text[i] === "\n";
}

const FENCE_START = /^ {0,3}(?:`{3}|~{3})/;
const EMPTY_LAST_ITEM = /(?:^|\n)[ \t]*(?:[-*+]|\d{1,9}[.)])\s*$/;

/**
 * Where a boundary may not hold once the text is read again as a whole (or grows), the two tokens stay in one block:
 * - after indented code (rare in answers, which fence their code), what follows may continue it;
 * - two lists in a row may become one list ("-", blank lines, "- a"), so a list never ends a block before another list;
 * - a list whose last item is still empty (just "-" or "2.") may take in what follows the blank lines.
 * (Display math holds no blank line (math/math-tokens.ts), so no boundary falls inside a formula.)
 */
function canFollow(previous: { type: string; raw: string } | undefined, type: string): boolean {
  if (!previous) return true;
  if (previous.type === "code" && !FENCE_START.test(previous.raw)) return false;
  if (previous.type === "list") return type !== "list" && !EMPTY_LAST_ITEM.test(previous.raw);
  return true;
}

/** Blocks of `text.slice(from)`, with offsets into `text`. `from` must be 0 or the start of a block. */
function lexBlocks(text: string, from: number): MarkdownBlockSource[] {
  const source = from === 0 ? text : text.slice(from);
  // One full parse (blocks and their inline content) of the text from `from` on.
  const tokens = new Lexer(LEX_OPTIONS).lex(source);
  const blocks: { start: number; tokens: Token[] }[] = [];
  let pos = 0;
  let previous: { type: string; raw: string } | undefined;
  for (const token of tokens) {
    const start = pos;
    pos += token.raw.length;
    const current = blocks[blocks.length - 1];
    if (token.type === "space") {
      current?.tokens.push(token);
      continue;
    }
    if (!current || (blankLineBefore(source, start, current.start) && canFollow(previous, token.type))) {
      blocks.push({ start, tokens: [token] });
    } else {
      current.tokens.push(token);
    }
    previous = token;
  }
  // Each block keeps the blank lines after it (all but the line break that starts the next block): raw HTML that runs
  // to the end of a list item includes them in its text, so the block must end where it ends in the whole message.
  return blocks.map((block, i) => {
    const next = blocks[i + 1]?.start;
    return {
      start: from + block.start,
      raw: source.slice(block.start, next === undefined ? source.length : next - 1),
      tokens: block.tokens,
    };
  });
}

function wholeBlock(text: string): MarkdownBlockSource[] {
  return text.trim() === "" ? [] : [{ start: 0, raw: text, tokens: new Lexer(LEX_OPTIONS).lex(text) }];
}

/** The whole text in one parse, for rendering it as one piece (the reference the block renderer equals). */
export function lexWhole(text: string): Token[] {
  return new Lexer(LEX_OPTIONS).lex(text);
}

/**
 * The top-level blocks of a markdown text. While the text is still streaming, the last block is the open one: only it
 * can change as text is appended (an unclosed code fence, a table growing row by row, a list getting items).
 */
export function splitBlocks(markdown: string): MarkdownBlockSource[] {
  return mustRenderWhole(markdown) ? wholeBlock(markdown) : lexBlocks(markdown, 0);
}

/**
 * splitBlocks for one streaming message: when the new text extends the previous one, only the last two blocks are
 * lexed again, so the cost per update follows the open block, not the answer. The block before the open one is lexed
 * too because the open block may still join it: "1. a" then "2" is a list and a paragraph until "2. b" makes it one
 * list. Gives the same result as splitBlocks for every text (it falls back to it when the text was not appended to).
 */
export function createBlockSplitter(): (markdown: string) => MarkdownBlockSource[] {
  let lastText = "";
  let lastBlocks: MarkdownBlockSource[] = [];
  let whole = false;
  let version = lexerVersion;

  return function split(markdown: string): MarkdownBlockSource[] {
    if (version !== lexerVersion) {
      // the lexer learned new syntax: what was lexed before is lexed again
      version = lexerVersion;
      lastText = "";
      lastBlocks = [];
      whole = false;
    }
    if (markdown === lastText) return lastBlocks;
    const kept = Math.max(0, lastBlocks.length - 2);
    const from = lastBlocks[kept]?.start;
    let blocks: MarkdownBlockSource[];
    if (whole || from === undefined || !markdown.startsWith(lastText)) {
      whole = mustRenderWhole(markdown);
      blocks = whole ? wholeBlock(markdown) : lexBlocks(markdown, 0);
    } else if (mustRenderWhole(markdown.slice(from))) {
      // The text before `from` was checked on earlier updates; only text from there on can hold something new.
      whole = true;
      blocks = wholeBlock(markdown);
    } else {
      blocks = lastBlocks.slice(0, kept).concat(lexBlocks(markdown, from));
    }
    lastText = markdown;
    lastBlocks = blocks;
    return blocks;
  };
}

/** One sample per kind of block and inline construct the lexer has a rule for. */
const WARM_UP_SAMPLES = [
  "# Heading\n\nSetext\n===\n",
  'Text with *em*, **strong**, `code`, ~~del~~, [a link](https://example.com "t"), ![img](/x.png), www.example.com and a@b.co.',
  "- item\n- [x] task\n\n1. one\n2. two\n",
  "| a | b |\n|:--|--:|\n| 1 | 2 |\n",
  "```ts\nconst a = 1;\n```\n\n    indented\n",
  "> quote\n\n---\n\n<div>html</div>\n\n[ref]: https://example.com\n",
];

/**
 * Subjects each rule runs on before any answer: V8 compiles a regular expression separately for one-byte text
 * (English) and two-byte text (Vietnamese, Russian, Chinese), and only on its second run (the first is interpreted).
 */
const WARM_UP_SUBJECTS = ["a\n", "ă\n"];

/** Longest stretch of warm-up work in one task, in ms (×4 on Lighthouse's phone: still far from a 50 ms long task). */
const WARM_UP_SLICE_MS = 4;

/** The lexer's rules (the GFM sets it uses), each compiled by running it twice on one subject: a step per rule and
 * subject, as the longest rules take several milliseconds to compile. */
function ruleWarmUps(): (() => void)[] {
  const rules = [...Object.values(Lexer.rules.block.gfm), ...Object.values(Lexer.rules.inline.gfm)];
  return rules
    .filter((rule): rule is RegExp => rule instanceof RegExp)
    .flatMap((rule) =>
      WARM_UP_SUBJECTS.map((subject) => () => {
        rule.lastIndex = 0;
        rule.exec(subject);
        rule.lastIndex = 0;
        rule.exec(subject);
        rule.lastIndex = 0; // the lexer's own global rules start from a clean state
      }),
    );
}

/** Longest wait for an idle moment before a step of the warm-up runs anyway, in ms. */
const WARM_UP_IDLE_TIMEOUT_MS = 2_000;

/**
 * The browser's next idle moment (a task, where it has no requestIdleCallback): the warm-up gives way to everything
 * else, since nothing waits for it (markdown-loader.tsx).
 */
function idleMoment(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === "function")
      requestIdleCallback(() => resolve(), { timeout: WARM_UP_IDLE_TIMEOUT_MS });
    else setTimeout(resolve, 0);
  });
}

/**
 * Compiles the lexer's regular expressions in short idle tasks, ahead of the answers streamed later: the browser
 * compiles each the first times it runs, and the lexer has dozens, some of a thousand characters, so a long answer's
 * parse would otherwise pay for all of them in long tasks (80–160 ms each on a phone). Nothing waits for it: the few
 * messages a chat opens with are parsed at once and compile only the rules they use (about 90 ms in a fresh desktop
 * browser, against about 240 ms for the whole warm-up). Every rule is run on its own, then the samples (for the rules
 * the lexer builds as it goes, and its own code's first runs), as many per task as fit in WARM_UP_SLICE_MS. Resolves
 * once all have run.
 */
export async function warmUpParser(
  nextTask: () => Promise<void> = idleMoment,
  sliceMs = WARM_UP_SLICE_MS,
): Promise<void> {
  const steps = [...ruleWarmUps(), ...WARM_UP_SAMPLES.map((sample) => () => void new Lexer(LEX_OPTIONS).lex(sample))];
  let i = 0;
  while (i < steps.length) {
    await nextTask();
    const start = performance.now();
    do steps[i++]!();
    while (i < steps.length && performance.now() - start < sliceMs);
  }
}
