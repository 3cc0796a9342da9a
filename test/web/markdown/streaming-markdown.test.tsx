import { beforeAll, describe, expect, it } from "vitest";
import {
  StreamingMarkdown,
  WholeMarkdown,
  createBlockSplitter,
  loadRichParts,
  loadOpenTable,
  splitBlocks,
} from "../../../web/src/features/chat/markdown";
import { renderWithI18n } from "./render-helpers";
import { seededRandom } from "./seeded-random";

// The completion of an unfinished answer's table, code blocks and KaTeX load on first use in the app; here they are
// there from the start.
beforeAll(() => Promise.all([loadOpenTable(), loadRichParts()]));

const DOCUMENTS: Record<string, string> = {
  "code and prose": [
    "Here is a **quick** example in `TypeScript`:",
    "```ts\nexport function add(a: number, b: number): number {\n  return a + b;\n}\n\n\nconsole.log(add(1, 2));\n```",
    "And in Python:\n\n```python\ndef add(a, b):\n    return a + b\n```",
    "~~~\nno language here\n~~~",
    "That is all.",
  ].join("\n\n"),
  tables: [
    "## Comparison",
    "| Model | Speed | Price |\n|:------|:-----:|------:|\n| gpt-4.1-mini | fast | $ |\n| o4-mini | medium | $$ |\n| deepseek-chat | fast | $ |",
    "Short table:\n\n| a |\n|---|\n| 1 |",
    "Text after the tables.",
  ].join("\n\n"),
  "lists and nested lists": [
    "Steps:",
    "1. Install\n2. Configure\n   - set the key\n   - pick a model\n     1. fast\n     2. smart\n3. Run",
    "- loose item one\n\n- loose item two\n\n  with a second paragraph\n\n- [ ] a task\n- [x] a done task",
    "* another list\n* with stars",
    "10. starts at ten\n11. goes on",
  ].join("\n\n"),
  "links, images and quotes": [
    'Read [the guide](https://example.com/guide "Guide"), mail <support@example.com> or visit www.example.org.',
    "Unsafe: [click me](javascript:alert(1)) and [relative](/settings).",
    "![Generated image](/media-api/images/abc.png)",
    "> A quote with **bold** text\n> and a second line\nlazy continuation\n>\n> > nested quote",
    "---",
    "Raw <b>HTML</b> stays text:\n\n<div>\n<script>alert(1)</script>\n</div>",
  ].join("\n\n"),
  "Vietnamese and CJK text": [
    "# Xin chào! Tôi là Mây",
    "Đây là câu trả lời bằng **tiếng Việt** có dấu: ắ ằ ẳ ẵ ặ, ơ, ư, đ.",
    "- Mục một: *nghiêng*\n- Mục hai: `mã`",
    "## 中文部分",
    "这是一个段落，包含**粗体**和*斜体*。日本語も少し：こんにちは。",
    "| 名称 | 说明 |\n|---|---|\n| 云 | Mây |",
    "한국어 문장도 있습니다.",
  ].join("\n\n"),
  math: [
    "The area under $y = x^2$ from $0$ to $1$, or \\(\\int_0^1 x^2\\,dx\\):",
    "\\[ \\int_0^1 x^2\\,dx = \\tfrac13 \\]",
    "$$\nx = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}\n$$",
    "Prices stay text: $5 and $10, and $$x$$ inline.",
    "A bad one: $\\frac{1}{$ and a good one: $e^{i\\pi} + 1 = 0$.",
  ].join("\n\n"),
};

/** Chunk sizes cycle through uneven values, so chunks end in every possible place (inside words, fences, rows). */
const CHUNK_SIZES = [1, 4, 2, 9, 3, 17, 5, 1, 7];

function* chunks(text: string): Generator<string> {
  let end = 0;
  for (let i = 0; end < text.length; i++) {
    end = Math.min(text.length, end + (CHUNK_SIZES[i % CHUNK_SIZES.length] ?? 1));
    yield text.slice(0, end);
  }
}

/** Constructs where a block renderer could go wrong: lists that continue or stop, indented code, raw HTML, empty items. */
const TRICKY_PIECES = [
  "Para *one* with `code`",
  "# Heading",
  "Setext\n===",
  "Setext\n---",
  "---",
  "* * *",
  "- a\n- b",
  "- a\n\n- b",
  "- a\n  - nested\n    - deeper",
  "1. one\n2. two",
  "1. one\n\n2. two",
  "2",
  "3. three",
  "10. ten",
  "1) paren",
  "*",
  "-",
  "- a\n-",
  "1. a\n2.",
  "+ plus",
  "- item\n\n  continued para",
  "- item\n\n      code in item",
  "```js\nconst x = 1;\n\nconsole.log(x)\n```",
  "~~~py\nprint(1)\n~~~",
  "```ts\nunclosed",
  "    indented code",
  "\tTab start",
  "| a | b |\n|---|---|\n| 1 | 2 |",
  "a | b\n--|--\n1 | 2",
  "| broken",
  "> quote\nlazy",
  "> > nested",
  "> ```\n> code\n> ```",
  "<div>\nhtml\n</div>",
  "<!-- comment -->",
  "<pre>\n\nx\n\n</pre>",
  "<details>\n<summary>s</summary>\n\nbody\n</details>",
  "[link](https://x.com)",
  "![img](https://x.com/a.png)",
  "- [ ] task\n- [x] done",
  "Tiếng Việt có dấu",
  "中文段落",
  "text\n- list after text",
  "text\n| a | b |\n|---|---|",
  "para\n```\ncode\n```",
  "  indented para",
  "   - three space",
  "$$\nx^2\n$$",
  "$$x$$",
  "\\[ a \\]",
  "Inline $x$, \\(y\\), $5 and $10",
  "$$\nunclosed",
];
const SEPARATORS = ["\n", "\n\n", "\n\n", "\n\n\n", "\n \n", "\n\n  "];

describe("StreamingMarkdown", () => {
  for (const [name, document] of Object.entries(DOCUMENTS)) {
    it(`renders ${name} streamed chunk by chunk exactly like a whole-message render, at every step`, () => {
      const streamed = renderWithI18n(<StreamingMarkdown text="" streaming />);
      const whole = renderWithI18n(<WholeMarkdown text="" streaming />);
      let steps = 0;
      for (const text of chunks(document)) {
        // both read an unfinished text alike: a table whose delimiter row has started shows as a table
        streamed.rerender(<StreamingMarkdown text={text} streaming />);
        whole.rerender(<WholeMarkdown text={text} streaming />);
        expect(streamed.container.querySelector(".markdown")?.innerHTML, JSON.stringify(text)).toBe(
          whole.container.querySelector(".markdown")?.innerHTML,
        );
        steps++;
      }
      expect(steps).toBeGreaterThan(20);

      streamed.rerender(<StreamingMarkdown text={document} streaming={false} />);
      whole.rerender(<WholeMarkdown text={document} />);
      expect(streamed.container.innerHTML).toBe(whole.container.innerHTML);
      expect(streamed.container.innerHTML.length).toBeGreaterThan(document.length / 2);
    });
  }

  it("renders a finished message given all at once like the whole-message render", () => {
    const document = Object.values(DOCUMENTS).join("\n\n");
    const streamed = renderWithI18n(<StreamingMarkdown text={document} />);
    const whole = renderWithI18n(<WholeMarkdown text={document} />);
    expect(streamed.container.innerHTML).toBe(whole.container.innerHTML);
  });

  it("renders random mixes of tricky markdown like a whole-message render, and splits their prefixes alike", () => {
    const next = seededRandom(2024);
    const pick = <T,>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
    const streamed = renderWithI18n(<StreamingMarkdown text="" />);
    const whole = renderWithI18n(<WholeMarkdown text="" />);
    for (let n = 0; n < 150; n++) {
      const parts = Array.from({ length: 2 + Math.floor(next() * 5) }, () => pick(TRICKY_PIECES));
      const document = parts.reduce((text, part) => `${text}${pick(SEPARATORS)}${part}`);
      streamed.rerender(<StreamingMarkdown key={n} text={document} />);
      whole.rerender(<WholeMarkdown text={document} />);
      expect(streamed.container.innerHTML, JSON.stringify(document)).toBe(whole.container.innerHTML);

      const split = createBlockSplitter();
      for (let end = 1; end <= document.length; end += 1 + Math.floor(next() * 4)) {
        const text = document.slice(0, end);
        expect(split(text), JSON.stringify(text)).toEqual(splitBlocks(text));
      }
    }
  });

  it("marks the message busy only while it streams", () => {
    const view = renderWithI18n(<StreamingMarkdown text="Partial" streaming />);
    expect(view.container.querySelector(".markdown")?.getAttribute("aria-busy")).toBe("true");
    view.rerender(<StreamingMarkdown text="Partial answer." streaming={false} />);
    expect(view.container.querySelector(".markdown")?.hasAttribute("aria-busy")).toBe(false);
  });

  it("shows an unclosed code fence as code while it streams", () => {
    const view = renderWithI18n(<StreamingMarkdown text={"Code:\n\n```js\nconst a = 1;\n\nconst b"} streaming />);
    expect(view.container.querySelector("pre code")?.textContent).toBe("const a = 1;\n\nconst b\n");
    expect(view.container.querySelector(".md-code__lang")?.textContent).toBe("js");
  });
});

describe("a table the answer has not finished", () => {
  const html = (node: React.ReactElement) => renderWithI18n(node).container.querySelector(".markdown")!;
  const headers = (el: Element) => [...el.querySelectorAll("table th")].map((th) => th.textContent);
  const intro = "Bảng giá hôm nay:\n\n";

  it.each(["|", "|-", "|--", "|---|-", "| :-- |", "|:---|:"])(
    "shows a table as soon as its delimiter row has started while it streams (%j)",
    (delimiter) => {
      const el = html(<StreamingMarkdown text={`${intro}| Mục | Giá |\n${delimiter}`} streaming />);
      expect(headers(el)).toEqual(["Mục", "Giá"]);
      expect(el.textContent).not.toContain("|");
      expect(el.querySelector("h2")).toBeNull();
    },
  );

  it("keeps the alignment of the delimiter cells already complete", () => {
    const el = html(<StreamingMarkdown text={`| Mục | Giá |\n|:--|--`} streaming />);
    expect((el.querySelector("th") as HTMLElement).style.textAlign).toBe("left");
  });

  it("waits for the delimiter row while it streams: a header row alone may still be a paragraph", () => {
    const el = html(<StreamingMarkdown text={`${intro}| Mục | Giá |`} streaming />);
    expect(el.querySelector("table")).toBeNull();
  });

  it.each([
    ["after its header row", "| Mục | Giá |", ["Mục", "Giá"]],
    ["inside its header row", "| Mục", ["Mục"]],
    ["inside its delimiter row", "| Mục | Giá |\n|---|-", ["Mục", "Giá"]],
    ["inside its first row", "| Mục | Giá |\n|---|---|\n| Phở | 50", ["Mục", "Giá"]],
  ])(
    "shows a table for an answer stopped %s, where a finished one keeps marked's reading",
    (_where, tail, expected) => {
      const text = `${intro}${tail}`;
      const stopped = html(<StreamingMarkdown text={text} stopped />);
      expect(headers(stopped)).toEqual(expected);
      expect(stopped.textContent).not.toContain("|");
      expect(stopped.innerHTML).toBe(html(<WholeMarkdown text={text} stopped />).innerHTML);
      // the same text as a finished answer is rendered as marked reads it, as before
      expect(html(<StreamingMarkdown text={text} />).innerHTML).toBe(html(<WholeMarkdown text={text} />).innerHTML);
    },
  );

  it("shows the stopped answer's table when the stream that was showing it ends stopped", () => {
    const text = `${intro}| Mục | Giá |\n|--`;
    const view = renderWithI18n(<StreamingMarkdown text={text} streaming />);
    expect(view.container.querySelectorAll("table th")).toHaveLength(2);
    view.rerender(<StreamingMarkdown text={text} stopped />);
    expect(view.container.querySelectorAll("table th")).toHaveLength(2);
    // a finished answer with that text is marked's paragraph again: nothing invented once the answer is complete
    view.rerender(<StreamingMarkdown text={text} />);
    expect(view.container.querySelector("table")).toBeNull();
  });

  it("renders a complete table exactly as before, streaming, stopped or finished", () => {
    const text = `${intro}| Mục | Giá |\n|:---|---:|\n| Phở | 50.000 ₫ |\n| Bún chả | 45.000 ₫ |`;
    const finished = html(<WholeMarkdown text={text} />).innerHTML;
    expect(html(<StreamingMarkdown text={text} />).innerHTML).toBe(finished);
    expect(html(<StreamingMarkdown text={text} streaming />).innerHTML).toBe(finished);
    expect(html(<StreamingMarkdown text={text} stopped />).innerHTML).toBe(finished);
  });

  it("leaves a row of dashes at the end of a table, a list item and a code block as they are", () => {
    const table = "| a | b |\n|---|---|\n| x | y |\n| - | - |";
    expect(html(<StreamingMarkdown text={table} streaming />).innerHTML).toBe(
      html(<WholeMarkdown text={table} />).innerHTML,
    );
    const code = "```\n| a | b |\n|--";
    expect(html(<StreamingMarkdown text={code} streaming />).querySelector("table")).toBeNull();
    const list = "- one | two\n-";
    expect(html(<StreamingMarkdown text={list} streaming />).querySelector("table")).toBeNull();
  });
});
