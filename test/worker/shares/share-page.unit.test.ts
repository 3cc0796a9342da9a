// The share page's link preview (worker/shares/share-page.ts): its description is the first question as plain text,
// Markdown marks and link addresses dropped, cut at a word with an ellipsis; only the question's first 1,000
// characters are read for it, and a question longer than that always reads as going on.
import { describe, expect, it } from "vitest";
import { sharePageOfQuestion as pageFor } from "../../support/share-page";

const description = (html: string) => /<meta name="description" content="([^"]*)">/.exec(html)?.[1];

describe("the share page's description", () => {
  it("is the question as plain text, its links' words kept and their addresses dropped", () => {
    expect(description(pageFor("Read **[the guide](https://x.dev/a)** ![a map](https://x.dev/m.png) first"))).toBe(
      "Read the guide first",
    );
  });

  it("cuts a long question at a word, with an ellipsis", () => {
    const text = description(pageFor("lantern ".repeat(100)));
    expect(text).toMatch(/^(lantern )+lantern…$/);
    expect(text!.length).toBeLessThanOrEqual(161);
  });

  it("reads only the first 1,000 characters, and a question past them reads as going on even when they are mostly a link", () => {
    const address = `https://x.dev/${"a".repeat(970)}`;
    expect(description(pageFor(`[See](${address}) and then ${"more words ".repeat(200)}`))).toBe("See and then…");
    // a line of "![" that never closes: the preview reads a bounded part of it
    const text = description(pageFor("![".repeat(40_000)));
    expect(text!.length).toBeLessThanOrEqual(161);
    expect(text!.endsWith("…")).toBe(true);
  });
});
