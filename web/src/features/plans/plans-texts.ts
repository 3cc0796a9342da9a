// The plans, payment and affiliate screens' texts are the "plans" i18n namespace (locales/plans/<lng>.json), loaded
// with those screens rather than with every page: the sign-in page's JavaScript budget has no room for them.
import i18next from "i18next";

export const PLANS_NS = "plans";

/** Resolves once the namespace is loaded in the current language (and English, the fallback, when it is set). */
export function loadPlansTexts(): Promise<void> {
  return i18next.loadNamespaces(PLANS_NS);
}
