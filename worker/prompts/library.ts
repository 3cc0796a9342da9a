// Search and ordering of the prompt library (content in catalogue.ts, use counts from D1): the list in catalogue
// order — categories in their order, then editorial weight — paged by the last id; a search keeps prompts whose title,
// description or text (in the asked language) hold every word, case- and accent-insensitively ("viet" finds "Viết").
// "Most popular" orders by real use counts, ties broken by editorial weight.
import { foldText } from "../affiliate/faq";
import { PROMPT_POPULAR_COUNT, type Prompt, type PromptLanguage } from "../protocol/prompts";
import { type CataloguePrompt, PROMPTS, PROMPT_CATEGORIES } from "./catalogue";

const categoryRank = new Map(PROMPT_CATEGORIES.map((c, i) => [c.id, i]));

/** Every prompt, in list order. */
const LIST_ORDER = [...PROMPTS].sort(
  (a, b) =>
    (categoryRank.get(a.category) ?? 99) - (categoryRank.get(b.category) ?? 99) ||
    b.weight - a.weight ||
    a.id.localeCompare(b.id),
);

export function findPrompt(id: string): CataloguePrompt | undefined {
  return PROMPTS.find((p) => p.id === id);
}

export function categories(lang: PromptLanguage) {
  return PROMPT_CATEGORIES.map((c) => ({ id: c.id, name: c.name[lang] }));
}

export function publicPrompt(p: CataloguePrompt, lang: PromptLanguage, uses: number): Prompt {
  const [title, description, body] = p.text[lang];
  const category = PROMPT_CATEGORIES.find((c) => c.id === p.category);
  return {
    id: p.id,
    category: p.category,
    category_name: category?.name[lang] ?? p.category,
    title,
    description,
    body,
    uses,
  };
}

function matches(p: CataloguePrompt, lang: PromptLanguage, words: string[]): boolean {
  if (words.length === 0) return true;
  const hay = foldText(p.text[lang].join(" "));
  return words.every((w) => hay.includes(w));
}

/** One page of the list; `cursor` is the last id of the previous page. Null when the cursor is not in the results. */
export function listPrompts({
  lang,
  q,
  category,
  cursor,
  limit,
  uses,
}: {
  lang: PromptLanguage;
  q?: string;
  category?: string;
  cursor?: string;
  limit: number;
  uses: Map<string, number>;
}) {
  const words = foldText(q ?? "")
    .split(/\s+/)
    .filter(Boolean);
  const found = LIST_ORDER.filter((p) => (!category || p.category === category) && matches(p, lang, words));
  let start = 0;
  if (cursor) {
    const at = found.findIndex((p) => p.id === cursor);
    if (at < 0) return null;
    start = at + 1;
  }
  const page = found.slice(start, start + limit);
  const last = page.at(-1);
  return {
    items: page.map((p) => publicPrompt(p, lang, uses.get(p.id) ?? 0)),
    total: found.length,
    next_cursor: last && start + limit < found.length ? last.id : null,
  };
}

/** The most used prompts, most uses first (editorial weight breaks ties, so a fresh install shows the editors' picks). */
export function popularPrompts(
  lang: PromptLanguage,
  uses: Map<string, number>,
  count = PROMPT_POPULAR_COUNT,
): Prompt[] {
  const usesOf = (p: CataloguePrompt) => uses.get(p.id) ?? 0;
  return [...PROMPTS]
    .sort((a, b) => usesOf(b) - usesOf(a) || b.weight - a.weight || a.id.localeCompare(b.id))
    .slice(0, count)
    .map((p) => publicPrompt(p, lang, usesOf(p)));
}
