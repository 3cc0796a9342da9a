// The prompt library's and the notification panel's texts live in their own i18next namespace
// (locales/library/<lng>.json), fetched with those screens' code, so the main locale files and the chat screen's first
// load do not grow. Importing this module registers the namespace's loader (lib/i18n.ts namespaceLoaders).
import { useTranslation } from "react-i18next";
import { namespaceLoaders } from "../../lib/i18n";

export const LIBRARY_NS = "library";

namespaceLoaders.set(LIBRARY_NS, (lng) => import(`../../../../locales/library/${lng}.json`));

/** `t` for the "library" namespace; `ready` once its texts are loaded (no Suspense: the screen shows a spinner). */
export function useLibraryTexts() {
  return useTranslation(LIBRARY_NS, { useSuspense: false });
}
