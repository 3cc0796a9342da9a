// Search and ordering of the affiliate FAQ (content in worker/affiliate/faq-content.ts): one language at a time,
// filtered by category and by words (case- and accent-insensitive, every word must appear in the question or the
// answer), sorted by recent edits, popularity (views, then editorial weight) or alphabetically in that language.
import { FAQ_SORTS } from "../protocol/payments";
import { FAQ_CATEGORIES, FAQ_ENTRIES, type FaqEntry, type FaqLanguage } from "./faq-content";

export { FAQ_SORTS };
export type FaqSort = (typeof FAQ_SORTS)[number];

/** Lowercase, without diacritics (đ → d), so "hoa hong" finds "hoa hồng". */
export function foldText(s: string): string {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/đ/gi, "d")
    .toLowerCase();
}

function matches(e: FaqEntry, lang: FaqLanguage, words: string[]): boolean {
  if (words.length === 0) return true;
  const hay = foldText(`${e.text[lang].q} ${e.text[lang].a}`);
  return words.every((w) => hay.includes(w));
}

export function publicFaqEntry(e: FaqEntry, lang: FaqLanguage, views: number) {
  return {
    id: e.id,
    category: e.category,
    question: e.text[lang].q,
    answer: e.text[lang].a,
    updated_at: e.updated,
    views,
    related: e.related,
  };
}

export function searchFaq({
  lang,
  q,
  category,
  sort,
  views,
}: {
  lang: FaqLanguage;
  q?: string;
  category?: string;
  sort: FaqSort;
  views: Map<string, number>;
}) {
  const words = foldText(q ?? "")
    .split(/\s+/)
    .filter(Boolean);
  const collator = new Intl.Collator(lang);
  const found = FAQ_ENTRIES.filter((e) => (!category || e.category === category) && matches(e, lang, words));
  const viewsOf = (e: FaqEntry) => views.get(e.id) ?? 0;
  found.sort((a, b) => {
    if (sort === "recent")
      return b.updated.localeCompare(a.updated) || collator.compare(a.text[lang].q, b.text[lang].q);
    if (sort === "popular")
      return viewsOf(b) - viewsOf(a) || b.weight - a.weight || collator.compare(a.text[lang].q, b.text[lang].q);
    return collator.compare(a.text[lang].q, b.text[lang].q);
  });
  return {
    categories: FAQ_CATEGORIES.map((c) => ({
      id: c.id,
      name: c.name[lang],
      count: FAQ_ENTRIES.filter((e) => e.category === c.id).length,
    })),
    questions: found.map((e) => publicFaqEntry(e, lang, viewsOf(e))),
    total: found.length,
  };
}

export function faqEntry(id: string): FaqEntry | undefined {
  return FAQ_ENTRIES.find((e) => e.id === id);
}
