// The pre-rendered pages' texts without i18next: each language's copy carries the texts its script may show (a JSON
// island the build took from the same locale files as the SPA), looked up here as i18next would (a count picks the
// plural form by the language's rules, {{name}} is filled in); the API's error texts, by code, load with the first
// error as the SPA's do (locales/errors/<lng>.json).
import type { Language } from "../../../lib/i18n";
import type { Texts } from "./guest-contract";

/** A copy of the page in one language, with its texts. */
export interface Copy {
  el: HTMLElement;
  lng: Language;
  texts: Texts;
}

/** The text for `key` in the copy's language, with its {{placeholders}} filled in (and its plural form for `count`). */
export function translate(copy: Copy, key: string, options: Record<string, unknown> = {}): string {
  const { count } = options;
  const plural =
    typeof count === "number"
      ? (copy.texts[`${key}_${new Intl.PluralRules(copy.lng).select(count)}`] ?? copy.texts[`${key}_other`])
      : undefined;
  const text = plural ?? copy.texts[key] ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(options[name] ?? ""));
}

// Spelled out (not a template-literal import): each language's error texts are their own small chunk.
const ERROR_FILES: Record<Language, () => Promise<{ default: Texts }>> = {
  vi: () => import("../../../../../locales/errors/vi.json"),
  en: () => import("../../../../../locales/errors/en.json"),
  ru: () => import("../../../../../locales/errors/ru.json"),
  zh: () => import("../../../../../locales/errors/zh.json"),
};
const errorTexts = new Map<Language, Texts>();

/** Whether an error has been shown (its texts loaded): a language switch then loads the new language's too. */
export const errorTextsInUse = () => errorTexts.size > 0;

/** Loads a language's error texts (once); resolves when they are there or could not be had (offline). */
export async function loadErrorTexts(lng: Language): Promise<void> {
  if (errorTexts.has(lng)) return;
  try {
    errorTexts.set(lng, (await ERROR_FILES[lng]()).default);
  } catch {
    // offline: the generic text shows
  }
}

/** What a failure says, as lib/error-message.ts errorMessage: the text for its code, else the generic one. */
export function errorText(copy: Copy, err: unknown): string {
  const unknown = translate(copy, "errors.unknown");
  const code = (err as { code?: unknown } | null)?.code;
  return err instanceof Error && err.name === "GuestRefusal" && typeof code === "string"
    ? (errorTexts.get(copy.lng)?.[code] ?? unknown)
    : unknown;
}
