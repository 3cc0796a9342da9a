// Search and ordering of the prompt library (content in catalogue.ts with the operator's edits from D1 over it, use
// counts from D1): the list in catalogue order — categories in their order, then editorial weight — paged by the last
// id; a search keeps prompts whose title, description or text (in the asked language) hold every word, case- and
// accent-insensitively ("viet" finds "Viết"). "Most popular" orders by real use counts, ties broken by editorial weight.
import { foldText } from "../affiliate/faq";
import { PROMPT_POPULAR_COUNT, type Prompt, type PromptLanguage } from "../protocol/prompts";
import { type CataloguePrompt, PROMPTS, PROMPT_CATEGORIES } from "./catalogue";

const categoryRank = new Map(PROMPT_CATEGORIES.map((c, i) => [c.id, i]));

/** An operator's change to the library (prompt_edits): a catalogue prompt replaced or hidden, or a prompt added. */
export interface PromptEdit {
  id: string;
  category: string;
  weight: number;
  texts: CataloguePrompt["text"];
  hidden: boolean;
}

/** The library as users see it: the catalogue with the edits over it (hidden ones left out), in list order. */
export function effectiveLibrary(edits: readonly PromptEdit[]): CataloguePrompt[] {
  const byId = new Map(edits.map((e) => [e.id, e]));
  const edited = (p: CataloguePrompt): CataloguePrompt => {
    const e = byId.get(p.id);
    return e ? { id: p.id, category: e.category, weight: e.weight, text: e.texts } : p;
  };
  const catalogueIds = new Set(PROMPTS.map((p) => p.id));
  const added = edits
    .filter((e) => !catalogueIds.has(e.id))
    .map((e) => ({ id: e.id, category: e.category, weight: e.weight, text: e.texts }));
  return [...PROMPTS.map(edited), ...added]
    .filter((p) => !byId.get(p.id)?.hidden)
    .sort(
      (a, b) =>
        (categoryRank.get(a.category) ?? 99) - (categoryRank.get(b.category) ?? 99) ||
        b.weight - a.weight ||
        a.id.localeCompare(b.id),
    );
}

export function findPrompt(library: readonly CataloguePrompt[], id: string): CataloguePrompt | undefined {
  return library.find((p) => p.id === id);
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
  library,
  lang,
  q,
  category,
  cursor,
  limit,
  uses,
}: {
  /** The library in list order (effectiveLibrary). */
  library: readonly CataloguePrompt[];
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
  const found = library.filter((p) => (!category || p.category === category) && matches(p, lang, words));
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
  library: readonly CataloguePrompt[],
  lang: PromptLanguage,
  uses: Map<string, number>,
  count = PROMPT_POPULAR_COUNT,
): Prompt[] {
  const usesOf = (p: CataloguePrompt) => uses.get(p.id) ?? 0;
  return [...library]
    .sort((a, b) => usesOf(b) - usesOf(a) || b.weight - a.weight || a.id.localeCompare(b.id))
    .slice(0, count)
    .map((p) => publicPrompt(p, lang, usesOf(p)));
}
