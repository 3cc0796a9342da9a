// Math in answers, as models write it: display formulas between `$$…$$` or `\[…\]`, inline ones between `$…$` or
// `\(…\)`. These are marked extensions for the app's one lexer (split-blocks.ts): they only match a CLOSED formula, so
// a formula still streaming stays text until its closing delimiter arrives, and a price is not a formula: in
// "$5 and $10" the second `$` has a space before it, so it cannot close the first. Pure regular expressions: KaTeX
// itself loads only when a formula is drawn (formula.tsx).
import type { TokenizerExtension, Tokens } from "marked";

export interface MathToken extends Tokens.Generic {
  type: "mathBlock" | "mathInline";
  raw: string;
  /** The formula's TeX, without its delimiters. */
  tex: string;
  /** Display math (its own line, centred); inline math flows with the text. */
  display: boolean;
}

/**
 * A display formula starting a block: `$$` or `\[` at the start of a line (up to 3 spaces), the TeX (one or more
 * lines, no blank line: TeX refuses one in display math, and so a blank line, where the splitter may cut an answer into
 * blocks, is never inside a formula), the matching closer, then only blanks to the end of the line.
 */
const BLOCK =
  /^ {0,3}(?:\$\$((?:[^$\n]|\$(?!\$)|\n(?![ \t]*\n))+?)\$\$|\\\[((?:[^\\\n]|\\(?!\])|\n(?![ \t]*\n))+?)\\\])[ \t]*(?:\n|$)/;

/** Inline display math `$$…$$`, inline `\(…\)`, both on any lines of the paragraph. */
const INLINE_DOUBLE = /^\$\$(?!\$)([\s\S]+?)\$\$/;
const INLINE_PAREN = /^\\\(([\s\S]+?)\\\)/;
/**
 * Inline `$…$`: the opener is followed by a non-blank, the closer preceded by a non-blank and not followed by a digit
 * (pandoc's rule), the TeX holds no unescaped `$`. "$5 and $10" is text; "$x$", "$2x + 1$" and "$a \$ b$" are math.
 */
const INLINE_DOLLAR = /^\$(?![\s$])((?:\\[\s\S]|[^\\$])*?[^\s\\])\$(?!\d)/;
const INLINE_DOLLAR_ONE = /^\$([^\s\\$])\$(?!\d)/;

const mathToken = (type: MathToken["type"], raw: string, tex: string, display: boolean): MathToken => ({
  type,
  raw,
  tex: tex.trim(),
  display,
});

/** Where a display formula may start a block, for marked to end a paragraph there. */
function blockStart(src: string): number | undefined {
  const match = /(?:^|\n) {0,3}(?:\$\$|\\\[)/.exec(src);
  return match ? match.index + (match[0].startsWith("\n") ? 1 : 0) : undefined;
}

/** Where inline math may start, for marked's text rule to stop there. */
function inlineStart(src: string): number | undefined {
  return /\$|\\\(/.exec(src)?.index;
}

export const mathBlock: TokenizerExtension = {
  name: "mathBlock",
  level: "block",
  start: blockStart,
  tokenizer(src) {
    const match = BLOCK.exec(src);
    if (!match) return undefined;
    const tex = match[1] ?? match[2] ?? "";
    if (tex.trim() === "") return undefined;
    return mathToken("mathBlock", match[0], tex, true);
  },
};

export const mathInline: TokenizerExtension = {
  name: "mathInline",
  level: "inline",
  start: inlineStart,
  tokenizer(src) {
    const double = INLINE_DOUBLE.exec(src);
    if (double) return double[1]?.trim() ? mathToken("mathInline", double[0], double[1], true) : undefined;
    const paren = INLINE_PAREN.exec(src);
    if (paren) return paren[1]?.trim() ? mathToken("mathInline", paren[0], paren[1], false) : undefined;
    const dollar = INLINE_DOLLAR_ONE.exec(src) ?? INLINE_DOLLAR.exec(src);
    if (dollar && !dollar[1]?.includes("\n\n")) return mathToken("mathInline", dollar[0], dollar[1] ?? "", false);
    return undefined;
  },
};

/** The extensions in the compiled form `marked.use` would build, the one a lexer reads from its options. */
export const MATH_LEXER_EXTENSIONS = {
  renderers: {},
  childTokens: {},
  block: [mathBlock.tokenizer],
  inline: [mathInline.tokenizer],
  startBlock: [blockStart],
  startInline: [inlineStart],
};
