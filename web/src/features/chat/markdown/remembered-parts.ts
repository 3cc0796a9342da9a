// What this reader's answers needed beyond markdown (code colouring and its languages, math; not diagrams: mermaid is
// large and rare), remembered in localStorage as chats open, and loaded again in the app's first idle moment
// (markdown-loader.tsx), so their next chat of code and formulas opens without waiting for it. Loaded on its own: the
// open chat's code does not carry it.
import * as v from "valibot";
import { STORAGE_KEYS, readJson, writeJson } from "../../../lib/storage";
import { loadNeeded, type Needs, type RendererParts } from "./needed-parts";

/** Languages remembered at most: the ones a reader's code uses are a few. */
const REMEMBERED_LANGUAGES = 12;
const RememberedSchema = v.object({
  code: v.boolean(),
  math: v.boolean(),
  formulas: v.boolean(),
  languages: v.array(v.string()),
});

function remembered(): Needs | null {
  const parsed = v.safeParse(RememberedSchema, readJson(STORAGE_KEYS.answerParts));
  return parsed.success ? { ...parsed.output, diagrams: false, languages: new Set(parsed.output.languages) } : null;
}

export function remember(needs: Needs): void {
  const before = remembered();
  const languages = [...new Set([...needs.languages, ...(before?.languages ?? [])])].slice(0, REMEMBERED_LANGUAGES);
  const next = {
    code: needs.code || (before?.code ?? false),
    math: needs.math || (before?.math ?? false),
    formulas: needs.formulas || (before?.formulas ?? false),
    languages,
  };
  const same =
    before &&
    next.code === before.code &&
    next.math === before.math &&
    next.formulas === before.formulas &&
    languages.length === before.languages.size;
  if (!same) writeJson(STORAGE_KEYS.answerParts, next);
}

/** Loads again what this reader's answers needed before (remember). */
export function warmRememberedParts(renderer: RendererParts): Promise<void> {
  const needs = remembered();
  return needs ? loadNeeded(needs, renderer) : Promise.resolve();
}
