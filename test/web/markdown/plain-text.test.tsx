// An answer copied as plain text, and a table copied for a spreadsheet: what a reader sees, without markdown's syntax.
import { act, fireEvent, screen } from "@testing-library/react";
import type { Tokens } from "marked";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { lexWhole, loadRichParts, StreamingMarkdown } from "../../../web/src/features/chat/markdown";
import { answerPlainText, tableTsv } from "../../../web/src/features/chat/markdown/plain-text";
import { renderWithI18n } from "./render-helpers";

// Code blocks and formulas load with the first answer needing them in the app; here they are there from the start.
beforeAll(() => loadRichParts());

const TABLE =
  "| Model | Speed | Note |\n|:--|--:|---|\n| **gpt-4.1-mini** | fast | `cheap` &amp; good |\n| o4-mini | 2\tx | a<br>b |";

describe("answerPlainText", () => {
  it("drops markdown's syntax and keeps what a reader sees", async () => {
    const text = [
      "## Plan",
      "Some **bold**, *em*, ~~old~~ and [a link](https://example.com) with `code` &amp; more.",
      "- one\n- two\n  1. nested",
      "3. three\n4. four",
      "- [x] done\n- [ ] open",
      "> quoted *words*",
      "```py\nprint('hi')\n```",
      "Area $x^2$ and",
      "$$\n\\frac12\n$$",
      "---",
      "![a chart](/x.png)",
    ].join("\n\n");
    expect(await answerPlainText(text)).toBe(
      [
        "Plan",
        "Some bold, em, old and a link with code & more.",
        "- one\n- two\n  1. nested",
        "3. three\n4. four",
        "- [x] done\n- [ ] open",
        "quoted words",
        "print('hi')",
        "Area $x^2$ and",
        "$$\n\\frac12\n$$",
        "———",
        "a chart",
      ].join("\n\n"),
    );
  });

  it("gives a table as tab-separated rows", async () => {
    expect(await answerPlainText(`Intro\n\n${TABLE}`)).toBe(
      "Intro\n\nModel\tSpeed\tNote\ngpt-4.1-mini\tfast\tcheap & good\no4-mini\t2 x\ta<br>b",
    );
  });
});

describe("tableTsv", () => {
  it("puts the header first, one row per line, each cell's text on one line", async () => {
    const token = lexWhole(TABLE)[0] as Tokens.Table;
    const rows = (await tableTsv(token)).split("\n");
    expect(rows.map((row) => row.split("\t"))).toEqual([
      ["Model", "Speed", "Note"],
      ["gpt-4.1-mini", "fast", "cheap & good"],
      ["o4-mini", "2 x", "a<br>b"],
    ]);
  });
});

describe("a table's copy buttons", () => {
  const writes: string[] = [];
  beforeEach(() => {
    writes.length = 0;
    Object.defineProperty(navigator, "clipboard", {
      value: { writeText: async (t: string) => void writes.push(t) },
      configurable: true,
    });
  });
  afterEach(() => Reflect.deleteProperty(navigator, "clipboard"));

  it("copies the table as Markdown or for a spreadsheet, and says so", async () => {
    renderWithI18n(<StreamingMarkdown text={`Before.\n\n${TABLE}\n\nAfter.`} />);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy as Markdown" })));
    expect(writes).toEqual([TABLE]);
    expect(screen.getAllByRole("button", { name: "Copied" })).toHaveLength(1);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy for spreadsheet" })));
    expect(writes[1]).toBe("Model\tSpeed\tNote\ngpt-4.1-mini\tfast\tcheap & good\no4-mini\t2 x\ta<br>b");
  });
});
