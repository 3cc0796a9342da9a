import { describe, expect, it } from "vitest";
import {
  createBlockSplitter,
  possibleDefinition,
  splitBlocks,
  warmUpParser,
} from "../../../web/src/features/chat/markdown/split-blocks";
import { randomTexts } from "./seeded-random";

const raws = (markdown: string) => splitBlocks(markdown).map((block) => block.raw);

describe("splitBlocks", () => {
  it("splits headings and paragraphs separated by blank lines", () => {
    const text = "# Title\n\nFirst paragraph\nstill first.\n\n## Section\n\nSecond paragraph.";
    expect(raws(text)).toEqual(["# Title\n", "First paragraph\nstill first.\n", "## Section\n", "Second paragraph."]);
  });

  it("keeps each block's source and position, so the blocks put back together give the text", () => {
    const text = "Intro\n\n- a\n- b\n\n\n```py\nprint(1)\n```\n\n| x | y |\n|---|---|\n| 1 | 2 |\n";
    const blocks = splitBlocks(text);
    expect(blocks.map((block) => block.raw).join("\n")).toBe(text);
    for (const block of blocks) expect(text.slice(block.start, block.start + block.raw.length)).toBe(block.raw);
  });

  it("does not split where no blank line separates two blocks", () => {
    expect(raws("# Title\nText right under it.\n\nNext")).toEqual(["# Title\nText right under it.\n", "Next"]);
  });

  it("treats an unclosed code fence as one open block running to the end, blank lines included", () => {
    const text = "Here is code:\n\n```ts\nconst a = 1;\n\n\nconst b = 2;\n";
    expect(raws(text)).toEqual(["Here is code:\n", "```ts\nconst a = 1;\n\n\nconst b = 2;\n"]);
  });

  it("ends the fenced block at its closing fence", () => {
    expect(raws("```\none\n\ntwo\n```\n\nAfter the code.")).toEqual(["```\none\n\ntwo\n```\n", "After the code."]);
  });

  it("keeps a table in one block while it grows row by row", () => {
    let text = "Results:\n\n| name | score |\n|------|------:|";
    for (let row = 1; row <= 5; row++) {
      text += `\n| player ${row} | ${row * 10} |`;
      const blocks = raws(text);
      expect(blocks).toHaveLength(2);
      expect(blocks[1]).toBe(text.slice("Results:\n\n".length));
    }
    // A partly written row still belongs to the table.
    expect(raws(`${text}\n| player 6 | 6`)).toHaveLength(2);
  });

  it("keeps a loose list with nested items and blank lines between items in one block", () => {
    const list = "1. First\n\n   - nested a\n   - nested b\n\n2. Second\n\n   continued paragraph\n\n3. Third";
    expect(raws(`Steps:\n\n${list}\n\nDone.`)).toEqual(["Steps:\n", `${list}\n`, "Done."]);
  });

  it("keeps two lists in a row together, since the parser may read them as one list", () => {
    expect(raws("-\n\n\n- a")).toEqual(["-\n\n\n- a"]);
  });

  it("keeps the whole text as one block when it may define link references or footnotes", () => {
    const references = "See [the docs][d].\n\nMore text.\n\n[d]: https://example.com/docs";
    expect(raws(references)).toEqual([references]);
    const footnotes = "A claim.[^1]\n\nMore text.\n\n[^1]: The source.";
    expect(raws(footnotes)).toEqual([footnotes]);
  });

  it("returns no blocks for empty or blank text", () => {
    expect(splitBlocks("")).toEqual([]);
    expect(splitBlocks("\n\n  \n")).toEqual([]);
  });
});

describe("createBlockSplitter", () => {
  const documents = [
    "# Plan\n\nWe will:\n\n1. lex\n2. render\n\n```js\nconst x = 1;\n\nconsole.log(x);\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n> quoted\nlazy line\n\nEnd.",
    "1. a\n\n2. b\n\n3\n\n4. d\n\n-\n\n\n- e\n\n    indented code\n\n  3. after code\n\nText",
    "Intro\n\n- item\n\n  continued\n\n* other list\n\nLink [x][r] later.\n\n[r]: https://r.example\n\nTail",
  ];

  it("splits every prefix of a streamed text exactly as splitBlocks does", () => {
    for (const document of documents) {
      const split = createBlockSplitter();
      for (let end = 1; end <= document.length; end++) {
        const text = document.slice(0, end);
        expect(split(text), JSON.stringify(text)).toEqual(splitBlocks(text));
      }
    }
  });

  it("joins the open block to the block before it when the new text makes them one", () => {
    const split = createBlockSplitter();
    expect(split("1. a\n\n2").map((block) => block.raw)).toEqual(["1. a\n", "2"]);
    expect(split("1. a\n\n2. b").map((block) => block.raw)).toEqual(["1. a\n\n2. b"]);
  });

  it("reuses the completed blocks instead of lexing them again", () => {
    const split = createBlockSplitter();
    const before = split("One.\n\nTwo.\n\nThree.\n\nFour");
    const after = split("One.\n\nTwo.\n\nThree.\n\nFour and more");
    expect(after[0]).toBe(before[0]);
    expect(after[1]).toBe(before[1]);
    expect(after[3]?.raw).toBe("Four and more");
  });

  it("starts over when the text is replaced rather than appended to", () => {
    const split = createBlockSplitter();
    split("Old answer.\n\nWith two blocks.");
    expect(split("A new answer.")).toEqual(splitBlocks("A new answer."));
  });
});

describe("warmUpParser", () => {
  it("compiles each of the lexer's rules in a task of its own at the smallest slice, and resolves after the last", async () => {
    let tasks = 0;
    let done = false;
    const warming = warmUpParser(async () => {
      tasks++;
    }, 0).then(() => (done = true));
    expect(done).toBe(false);
    await warming;
    // 13 block rules and 21 inline ones in marked's GFM sets, each for two kinds of text, then 6 samples
    expect(tasks).toBeGreaterThan(60);
  });

  it("leaves the lexer's results unchanged", async () => {
    const text = "# Title\n\nSome *em* and **strong** text, ~~gone~~, `code`.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n";
    const before = splitBlocks(text);
    await warmUpParser(async () => undefined);
    expect(splitBlocks(text)).toEqual(before);
  });
});

describe("possibleDefinition", () => {
  /** The one pattern the pass replaces (quadratic on many lines starting with "[" and no "]"), as the reference. */
  const byPattern = (text: string) => /^[ \t>*+\-\d.)]*\[[^\]]*\]:/m.test(text);

  it.each([
    ["[1]: https://example.com", true],
    ["text\n> - [^note]: a footnote", true],
    ["1. [a\nb]: across lines", true],
    ["see [a]: not at a line's start", false],
    ["[a] (b): no colon right after", false],
    ["[a\n[b]:", true],
    ["x\u2028[a]:", true],
    ["[never closed", false],
    ["", false],
  ])("reads %j as %s", (text, expected) => {
    expect(possibleDefinition(text)).toBe(expected);
    expect(byPattern(text)).toBe(expected);
  });

  it("gives what the pattern gave on 20,000 generated texts of markers, brackets and line ends", () => {
    for (const text of randomTexts(41, " \t>*+-1.)[]:\nab\r\u2028", 20_000)) {
      expect(possibleDefinition(text), JSON.stringify(text)).toBe(byPattern(text));
    }
  });
});
