// The seeded prompt library (worker/prompts/catalogue.ts) and its search and ordering rules (worker/prompts/library.ts),
// without any binding: at least 24 prompts in categories, every text in all four languages; accent-insensitive search;
// "most popular" by use counts with the editors' weight breaking ties.
import { describe, expect, it } from "vitest";
import { PROMPTS, PROMPT_CATEGORIES } from "../../../worker/prompts/catalogue";
import { listPrompts, popularPrompts } from "../../../worker/prompts/library";

describe("the seeded library", () => {
  it("holds at least 24 prompts in categories, each with a title, description and text in all four languages", () => {
    expect(PROMPTS.length).toBeGreaterThanOrEqual(24);
    const categories = new Set(PROMPT_CATEGORIES.map((c) => c.id));
    expect(new Set(PROMPTS.map((p) => p.id)).size).toBe(PROMPTS.length);
    for (const p of PROMPTS) {
      expect(categories.has(p.category), p.id).toBe(true);
      for (const lang of ["vi", "en", "ru", "zh"] as const) {
        for (const text of p.text[lang]) expect(text.trim(), `${p.id} ${lang}`).not.toBe("");
      }
    }
    for (const c of categories) expect(PROMPTS.filter((p) => p.category === c).length, c).toBeGreaterThanOrEqual(3);
  });
});

describe("search and ordering", () => {
  it("finds Vietnamese text without its accents and pages with the last id as the cursor", () => {
    const found = listPrompts({ lang: "vi", q: "lich trinh du lich", limit: 10, uses: new Map() });
    expect(found?.items.map((p) => p.id)).toEqual(["travel-itinerary"]);
    const first = listPrompts({ lang: "en", limit: 2, uses: new Map() })!;
    const second = listPrompts({ lang: "en", limit: 2, cursor: first.next_cursor!, uses: new Map() })!;
    expect(second.items[0]!.id).not.toBe(first.items[1]!.id);
    expect(listPrompts({ lang: "en", limit: 2, cursor: "not-there", uses: new Map() })).toBeNull();
  });

  it("puts the most used prompts first, and the editors' picks when nothing has been used", () => {
    const fresh = popularPrompts("en", new Map());
    expect(fresh.map((p) => p.uses)).toEqual(fresh.map(() => 0));
    const weights = fresh.map((p) => PROMPTS.find((x) => x.id === p.id)!.weight);
    expect(weights).toEqual([...weights].sort((a, b) => b - a));
    const used = popularPrompts(
      "en",
      new Map([
        ["gift-ideas", 2],
        ["decision-helper", 5],
      ]),
    );
    expect(used.slice(0, 2).map((p) => [p.id, p.uses])).toEqual([
      ["decision-helper", 5],
      ["gift-ideas", 2],
    ]);
  });
});
