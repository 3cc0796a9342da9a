// The seeded prompt library (worker/prompts/catalogue.ts) and its search and ordering rules (worker/prompts/library.ts),
// without any binding: at least 24 prompts in categories, every text in all four languages; accent-insensitive search;
// "most popular" by use counts with the editors' weight breaking ties; prompts with {{blanks}} in every language.
import { describe, expect, it } from "vitest";
import { PROMPTS, PROMPT_CATEGORIES } from "../../../worker/prompts/catalogue";
import { effectiveLibrary, listPrompts, popularPrompts } from "../../../worker/prompts/library";
import { promptBlanks } from "../../../worker/protocol/prompt-blanks";

const mapLanguages = <T, U>(texts: Record<"vi" | "en" | "ru" | "zh", T>, f: (t: T) => U) =>
  Object.fromEntries(Object.entries(texts).map(([lang, t]) => [lang, f(t)])) as Record<keyof typeof texts, U>;

const library = effectiveLibrary([]);

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

describe("prompts with blanks", () => {
  it("has a few, each with the same number of {{fields}} in every language, named in that language", () => {
    const withBlanks = PROMPTS.filter((p) => promptBlanks(p.text.en[2]).length > 0);
    expect(withBlanks.length).toBeGreaterThanOrEqual(3);
    for (const p of withBlanks) {
      const names = mapLanguages(p.text, (t) => promptBlanks(t[2]));
      for (const lang of ["vi", "ru", "zh"] as const) {
        expect(names[lang].length, `${p.id} ${lang}`).toBe(names.en.length);
        expect(
          names[lang].some((n) => names.en.includes(n)),
          `${p.id} ${lang} names in English`,
        ).toBe(false);
      }
    }
    expect(promptBlanks(PROMPTS.find((p) => p.id === "quick-email")!.text.vi[2])).toEqual([
      "người nhận",
      "chủ đề",
      "thông điệp chính",
    ]);
  });
});

describe("search and ordering", () => {
  it("finds Vietnamese text without its accents and pages with the last id as the cursor", () => {
    const found = listPrompts({ library, lang: "vi", q: "lich trinh du lich", limit: 10, uses: new Map() });
    expect(found?.items.map((p) => p.id)).toEqual(["travel-itinerary"]);
    const first = listPrompts({ library, lang: "en", limit: 2, uses: new Map() })!;
    const second = listPrompts({ library, lang: "en", limit: 2, cursor: first.next_cursor!, uses: new Map() })!;
    expect(second.items[0]!.id).not.toBe(first.items[1]!.id);
    expect(listPrompts({ library, lang: "en", limit: 2, cursor: "not-there", uses: new Map() })).toBeNull();
  });

  it("puts the most used prompts first, and the editors' picks when nothing has been used", () => {
    const fresh = popularPrompts(library, "en", new Map());
    expect(fresh.map((p) => p.uses)).toEqual(fresh.map(() => 0));
    const weights = fresh.map((p) => PROMPTS.find((x) => x.id === p.id)!.weight);
    expect(weights).toEqual([...weights].sort((a, b) => b - a));
    const used = popularPrompts(
      library,
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

describe("the operator's edits over the catalogue", () => {
  const texts = (title: string) => ({
    vi: [title, "mô tả", "Viết [chủ đề]"] as const,
    en: [title, "description", "Write about [topic]"] as const,
    ru: [title, "описание", "Напиши о [тема]"] as const,
    zh: [title, "描述", "写关于[主题]"] as const,
  });

  it("replaces a prompt's texts, hides another, and adds a new one in its category's place", () => {
    const [first, second] = PROMPTS;
    const edited = effectiveLibrary([
      { id: first!.id, category: first!.category, weight: first!.weight, texts: texts("Edited title"), hidden: false },
      { id: second!.id, category: second!.category, weight: 0, texts: second!.text, hidden: true },
      { id: "operator-new", category: "life", weight: 1_000, texts: texts("Brand new"), hidden: false },
    ]);
    expect(edited.find((p) => p.id === first!.id)!.text.en[0]).toBe("Edited title");
    expect(edited.some((p) => p.id === second!.id)).toBe(false);
    expect(edited).toHaveLength(PROMPTS.length);
    const life = edited.filter((p) => p.category === "life");
    expect(life[0]!.id).toBe("operator-new");
    const found = listPrompts({ library: edited, lang: "en", q: "brand new", limit: 5, uses: new Map() });
    expect(found?.items.map((p) => p.id)).toEqual(["operator-new"]);
  });
});
