// What a chat's saved answers need beyond plain markdown, loaded all at once when its text arrives, before its rows are
// drawn: the math syntax, code blocks, their colouring and each language's grammar, KaTeX, diagrams. Drawn part by
// part instead, an answer of code and formulas was laid out again as each one arrived, one after the other (the code
// block's module, then the colouring, then its grammars, then KaTeX): on a phone, most of the time to open such a
// chat. A part that fails to load (offline) is left to the renderer, which shows the plain version and tries again.
// What a reader's answers needed is remembered (remembered-parts.ts).
// A chunk of its own, loaded only for answers that may need a part (markdown-loader.tsx): an open chat of prose never
// fetches it. It takes the renderer's parts from the renderer's module (RendererParts), so it shares no module with it.
import type { codeBlockPart, diagramPart, formulaPart, highlighterPart } from "./parts";
import type { loadMathSyntax, MAY_HOLD_MATH, mathSyntaxLoaded } from "./split-blocks";

/** What the renderer's module (streaming-markdown.tsx) hands in: its lazy parts and its math syntax. */
export interface RendererParts {
  codeBlockPart: typeof codeBlockPart;
  highlighterPart: typeof highlighterPart;
  formulaPart: typeof formulaPart;
  diagramPart: typeof diagramPart;
  loadMathSyntax: typeof loadMathSyntax;
  mathSyntaxLoaded: typeof mathSyntaxLoaded;
  MAY_HOLD_MATH: typeof MAY_HOLD_MATH;
}

/** A fence's opening or closing line and the language it names, if any. */
const FENCE = /^ {0,3}(?:`{3,}|~{3,})[ \t]*([^\s`~]*)/gm;
/**
 * Text that surely holds a formula, not only a price: `$$`, `\(`, `\[`, or `$…$` with TeX inside (a backslash, ^, _
 * or a brace). KaTeX (~77 kB gzip) is fetched ahead only for these; a rarer formula still loads it when drawn. The run
 * before the TeX character stops at the first one, so a line of many with no closing `$` is read once, not once per
 * character (7.6 s for 80 kB before).
 */
const LIKELY_FORMULA = /\$\$|\\\(|\\\[|\$[^$\s][^$\n\\^_{]*[\\^_{][^$\n]*\$/;

const settle = (loading: Promise<unknown>) =>
  loading.then(
    () => undefined,
    () => undefined,
  );

export interface Needs {
  /** Fenced code; `languages` the names fences give (not mermaid's). */
  code: boolean;
  languages: Set<string>;
  diagrams: boolean;
  /** Text the math syntax must read (it may hold a formula), and text that surely holds one. */
  math: boolean;
  formulas: boolean;
}

function needsOf(texts: readonly string[], { MAY_HOLD_MATH }: RendererParts): Needs {
  const needs: Needs = { code: false, languages: new Set(), diagrams: false, math: false, formulas: false };
  for (const text of texts) {
    if (text.includes("```") || text.includes("~~~")) {
      for (const [, language] of text.matchAll(FENCE)) {
        needs.code = true;
        const name = language?.toLowerCase();
        if (name === "mermaid") needs.diagrams = true;
        else if (name) needs.languages.add(name);
      }
    }
    if (MAY_HOLD_MATH.test(text)) {
      needs.math = true;
      needs.formulas ||= LIKELY_FORMULA.test(text);
    }
  }
  return needs;
}

/** True when every part `texts` need has loaded (the highlighter's grammars included). */
export function partsLoadedFor(texts: readonly string[], renderer: RendererParts): boolean {
  const { mathSyntaxLoaded, formulaPart, codeBlockPart, diagramPart, highlighterPart } = renderer;
  const needs = needsOf(texts, renderer);
  if (needs.math && !mathSyntaxLoaded()) return false;
  if (needs.formulas && !formulaPart.loaded()) return false;
  if (needs.code && !codeBlockPart.loaded()) return false;
  if (needs.diagrams && !diagramPart.loaded()) return false;
  if (needs.languages.size === 0) return true;
  const lib = highlighterPart.loaded();
  if (!lib) return false;
  for (const language of needs.languages) {
    const name = lib.grammarName(language);
    if (name && !lib.languageReady(name)) return false;
  }
  return true;
}

function grammarOf(name: string | null, load: (name: string) => Promise<unknown>): Promise<void>[] {
  return name ? [settle(load(name))] : [];
}

/** Loads every part `texts` (markdown answers) will need; resolves when all have loaded or failed. */
export function loadPartsFor(texts: readonly string[], renderer: RendererParts): Promise<void> {
  const needs = needsOf(texts, renderer);
  if (needs.code || needs.math) void import("./remembered-parts").then((m) => m.remember(needs));
  return loadNeeded(needs, renderer);
}

/** Loads the parts `needs` names; resolves when all have loaded or failed. */
export function loadNeeded(needs: Needs, renderer: RendererParts): Promise<void> {
  const { loadMathSyntax, formulaPart, codeBlockPart, diagramPart, highlighterPart } = renderer;
  const loading: Promise<unknown>[] = [];
  if (needs.math) loading.push(loadMathSyntax());
  if (needs.formulas) loading.push(formulaPart.load());
  if (needs.code) loading.push(codeBlockPart.load());
  if (needs.diagrams) loading.push(diagramPart.load());
  if (needs.languages.size > 0) {
    const languages = [...needs.languages];
    // the grammars are fetched beside the highlighter, not after it: its module (lowlight) takes a while to start
    loading.push(
      import("./code/languages").then((table) =>
        Promise.all(languages.flatMap((l) => grammarOf(table.grammarName(l), table.loadGrammar))),
      ),
      highlighterPart
        .load()
        .then((lib) => Promise.all(languages.flatMap((l) => grammarOf(lib.grammarName(l), lib.loadLanguage)))),
    );
  }
  return Promise.all(loading.map(settle)).then(() => undefined);
}
