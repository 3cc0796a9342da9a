// The help page's texts, the FAQ and the changelog's release notes in four languages live in their own i18next
// namespace (locales/help/<lng>.json), fetched with the help and blog pages only. Importing this module registers it.
import { useTranslation } from "react-i18next";
import { namespaceLoaders } from "../../lib/i18n";

export const HELP_NS = "help";

// Spelled out (not a template-literal import), so these pages need no extra chunk for Vite's variable-import helper.
const FILES = {
  vi: () => import("../../../../locales/help/vi.json"),
  en: () => import("../../../../locales/help/en.json"),
  ru: () => import("../../../../locales/help/ru.json"),
  zh: () => import("../../../../locales/help/zh.json"),
};
namespaceLoaders.set(HELP_NS, (lng) => FILES[lng]());

/** `t` for the "help" namespace; `ready` once its texts are loaded (no Suspense: the page shows a spinner). */
export function useHelpTexts() {
  return useTranslation(HELP_NS, { useSuspense: false });
}
