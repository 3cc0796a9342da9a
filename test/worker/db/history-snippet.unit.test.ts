// The history search's snippets from FTS5 highlight() text: the words a reader sees around the first match, an
// answer's Markdown as plain text (quotes, emphasis, code spans, tables, fences, links' addresses gone), a question as
// typed, a long message cut around the match with ellipses, and the count of the matches a reader can see; and the
// words the find bar marks in the chat (findWordMatches), found as the index finds them.
import { describe, expect, it } from "vitest";
import { hideMarkdown, historySnippet } from "../../../worker/db/history-snippet";
import { randomTexts } from "../../web/markdown/seeded-random";
import { findWordMatches, MATCH_END, MATCH_START } from "../../../worker/protocol/history-search";

/** Marks each {{word}} as FTS5 highlight() does. */
const hl = (text: string) => text.replace(/\{\{(.+?)\}\}/g, `${MATCH_START}$1${MATCH_END}`);
const shown = (text: string, markdown = true) =>
  historySnippet(hl(text), markdown)
    .snippet.map((s) => (s.match ? `[${s.text}]` : s.text))
    .join("");

describe("historySnippet", () => {
  it("shows an answer's quote, emphasis and code spans as their words", () => {
    expect(shown("> **Lưu ý:** dùng `{{npm}} install` trong *thư mục* ~~cũ~~ dự án.")).toBe(
      "Lưu ý: dùng [npm] install trong thư mục cũ dự án.",
    );
  });

  it("shows a table's cells without pipes or its delimiter row", () => {
    expect(shown("| Mục | Giá |\n|:---|---:|\n| {{Phở}} bò | 50.000 ₫ |\n| Bún | 40.000 ₫ |")).toBe(
      "Mục · Giá [Phở] bò · 50.000 ₫ Bún · 40.000 ₫",
    );
  });

  it("shows code inside a fence as it is, and knows a match is in a fence that began before the shown lines", () => {
    const long = Array.from({ length: 40 }, (_, i) => `line ${i} of some code`).join("\n");
    const text = `Intro.\n\n\`\`\`py\n${long}\nx = a**2 + {{kumquat}}\n\`\`\`\n\nAfter.`;
    const snippet = shown(text);
    expect(snippet).toContain("x = a**2 + [kumquat]");
    expect(snippet).not.toContain("```");
    expect(snippet.startsWith("…")).toBe(true);
  });

  it("shows headings, list items and links by their words only", () => {
    expect(
      shown('## Bước 1\n\n- [ ] Mở [trang {{cài đặt}}](https://example.com/settings "t")\n1. Chọn ![ảnh](/a.png) xong'),
    ).toBe("Bước 1 Mở trang [cài đặt] Chọn xong");
  });

  it("shows a question as it was typed", () => {
    expect(shown("Vì sao `npm` báo **{{EACCES}}**?", false)).toBe("Vì sao `npm` báo **[EACCES]**?");
  });

  it("cuts a long message around its first match, with ellipses, and leaves no half markup at its edges", () => {
    const words = Array.from({ length: 1000 }, (_, i) => `w${i}`);
    // bold opens inside the part read around the match and closes far outside it
    words[450] = "**w450";
    words[452] = "{{kumquat}}";
    words[700] = "w700**";
    const snippet = shown(words.join(" "));
    expect(snippet).toBe("…w447 w448 w449 w450 w451 [kumquat] w453 w454 w455 w456 w457 w458 w459 w460 w461 w462…");
  });

  it("counts the matches a reader sees: not in a link's address nor an image", () => {
    const text = hl(
      "{{Kumquat}} [the {{kumquat}} page](https://example.com/{{kumquat}}) ![{{kumquat}}](/{{kumquat}}.png) `{{kumquat}}`",
    );
    expect(historySnippet(text, true).hits).toBe(3);
    expect(historySnippet(text, false).hits).toBe(6);
  });
});

describe("findWordMatches", () => {
  const words = (text: string, query: string) => findWordMatches(text, query).map((m) => text.slice(m.start, m.end));

  it("finds whole words without regard to case or diacritics, đ as d, the last word also as a prefix", () => {
    expect(words("Phở bò ở Hà Nội, pho cuốn và PHỞ gà.", "pho")).toEqual(["Phở", "pho", "PHỞ"]);
    expect(words("Đúng rồi, dung dịch đúng.", "dung")).toEqual(["Đúng", "dung", "đúng"]);
    expect(words("kumquats, kumquat; a kumquatish word", "kumquat")).toEqual(["kumquats", "kumquat", "kumquatish"]);
    // only the last word is a prefix; the others are whole words
    expect(words("npm install, npmrc installer", "npm install")).toEqual(["npm", "install", "installer"]);
    expect(words("nothing here", "   ")).toEqual([]);
  });

  it("counts as many words in an answer's visible text as the worker counts in its Markdown", () => {
    const markdown = "**Kumquats** are sweet; see [the kumquat guide](https://example.com/kumquat) and `kumquat.js`.";
    const marked = markdown.replace(/kumquat/gi, (w) => `${MATCH_START}${w}${MATCH_END}`);
    expect(findWordMatches("Kumquats are sweet; see the kumquat guide and kumquat.js.", "kumquat")).toHaveLength(
      historySnippet(marked, true).hits,
    );
  });
});

describe("hiding images and link destinations", () => {
  /** The one pattern the pass replaces (quadratic on a long line of "![" that never closes), as the reference. */
  const byPattern = (text: string) =>
    text.replace(/!\[[^\]\n]*\]\([^)\n]*\)|\]\([^)\n]*\)/g, (h) => (h.startsWith("!") ? "" : "]()"));

  it.each([
    ["![a](b) text", " text"],
    ["see [the docs](https://x.dev/a) now", "see [the docs]() now"],
    ["![a](b", "![a](b"],
    ["![a\n](b)", "![a\n]()"],
    ["![[a](b)c)", "c)"],
    ["x![a](b)](c)", "x]()"],
    ["![a](b)[c](d)", "[c]()"],
    ["](x)", "]()"],
    ["![a]](b)", "![a]]()"],
  ])("reads %j as %j", (text, hidden) => {
    expect(hideMarkdown(text)).toBe(hidden);
    expect(byPattern(text)).toBe(hidden);
  });

  it("gives what the pattern gave on 20,000 generated texts of brackets, parentheses and line breaks", () => {
    for (const text of randomTexts(23, "![]()\nab", 20_000)) {
      expect(hideMarkdown(text), JSON.stringify(text)).toBe(byPattern(text));
    }
  });
});
