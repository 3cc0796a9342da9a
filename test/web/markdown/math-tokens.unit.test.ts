// The math delimiters of answers, as the app's lexer reads them (math/math-tokens.ts through split-blocks.ts): closed
// formulas only, prices are not formulas, and nothing inside code is.
import type { Token } from "marked";
import { beforeAll, describe, expect, it } from "vitest";
import { lexWhole, loadMathSyntax, splitBlocks } from "../../../web/src/features/chat/markdown/split-blocks";

// the lexer learns math with the first answer that may hold some; here from the start
beforeAll(() => loadMathSyntax());

interface Found {
  type: string;
  tex: string;
  display: boolean;
}

/** Every math token of a text, in order, from blocks and from inline content at any depth. */
function formulas(text: string): Found[] {
  const found: Found[] = [];
  const walk = (tokens: readonly Token[] | undefined) => {
    for (const token of tokens ?? []) {
      if (token.type === "mathBlock" || token.type === "mathInline") {
        found.push({ type: token.type, tex: String(token.tex), display: Boolean(token.display) });
      }
      const t = token as {
        tokens?: Token[];
        items?: { tokens: Token[] }[];
        header?: { tokens: Token[] }[];
        rows?: { tokens: Token[] }[][];
      };
      walk(t.tokens);
      for (const item of t.items ?? []) walk(item.tokens);
      for (const cell of t.header ?? []) walk(cell.tokens);
      for (const row of t.rows ?? []) for (const cell of row) walk(cell.tokens);
    }
  };
  walk(lexWhole(text));
  return found;
}

describe("math tokens", () => {
  it.each([
    ["$$x^2$$", "x^2"],
    ["$$\nx = \\frac{1}{2}\n$$", "x = \\frac{1}{2}"],
    ["\\[ \\int_0^1 x^2\\,dx = \\tfrac13 \\]", "\\int_0^1 x^2\\,dx = \\tfrac13"],
    ["\\[\na + b\n\\]", "a + b"],
    ["   $$ y $$   ", "y"],
  ])("reads %j as a display formula block", (text, tex) => {
    expect(formulas(text)).toEqual([{ type: "mathBlock", tex, display: true }]);
  });

  it.each([
    ["Area: $y = x^2$.", "y = x^2", false],
    ["So $x$ wins", "x", false],
    ["Euler: $e^{i\\pi} + 1 = 0$", "e^{i\\pi} + 1 = 0", false],
    ["Then $2x + 1$ is odd", "2x + 1", false],
    ["With \\(a \\cdot b\\) inline", "a \\cdot b", false],
    ["Sum $$\\sum_i i$$ here", "\\sum_i i", true],
    ["Escaped $a \\$ b$ dollar", "a \\$ b", false],
  ])("reads the formula in %j inline", (text, tex, display) => {
    expect(formulas(text)).toEqual([{ type: "mathInline", tex, display }]);
  });

  it.each([
    "It costs $5 and $10 with tax.",
    "From $20, or $30 with delivery",
    "Price: $ 5 and 6 $",
    "A lone $ sign",
    "Pay $5.",
    "Literal \\$x\\$ dollars",
    "`$x$` in code",
    "```\n$$x$$\n```",
    "    $$indented code$$",
    "$x $",
    "$$",
    "$$\n\n$$",
  ])("finds no formula in %j", (text) => {
    expect(formulas(text)).toEqual([]);
  });

  it("leaves a formula that is still streaming as text until it closes", () => {
    expect(formulas("The area is $\\int_0^1 x")).toEqual([]);
    expect(formulas("$$\n\\int_0^1 x^2")).toEqual([]);
    expect(formulas("\\[ \\int_0^1")).toEqual([]);
    expect(formulas("$$\n\\int_0^1 x^2\n$$")).toEqual([{ type: "mathBlock", tex: "\\int_0^1 x^2", display: true }]);
  });

  it("does not run a display formula across a blank line, where an answer splits into blocks", () => {
    expect(formulas("$$\na\n\nb\n$$")).toEqual([]);
    expect(splitBlocks("$$\na\n$$\n\nText after.").map((b) => b.tokens[0]?.type)).toEqual(["mathBlock", "paragraph"]);
  });

  it("finds formulas inside lists, quotes, tables and emphasis", () => {
    const text = "- item $a$\n\n> quote \\(b\\)\n\n| x |\n|---|\n| $c$ |\n\n**bold $d$**";
    expect(formulas(text).map((f) => f.tex)).toEqual(["a", "b", "c", "d"]);
  });

  it("cuts a paragraph where a display formula starts on its own line", () => {
    const tokens = lexWhole("Text before\n$$\nx\n$$\nText after");
    expect(tokens.map((t) => t.type)).toEqual(["paragraph", "mathBlock", "paragraph"]);
  });
});
