// The plans, payment and affiliate screens' texts live in their own i18next namespace (locales/plans/<lng>.json),
// fetched with those screens' code, so they add nothing to the sign-in and chat pages. Importing this module
// registers the namespace's loader (lib/i18n.ts namespaceLoaders). A screen's top component shows a spinner until
// `ready`; its children's texts are then there.
import i18next from "i18next";
import { useTranslation } from "react-i18next";
import { namespaceLoaders } from "../../lib/i18n";

export const PLANS_NS = "plans";

namespaceLoaders.set(PLANS_NS, (lng) => import(`../../../../locales/plans/${lng}.json`));

/** Loads the plans texts of the current language (and the fallback). */
export function loadPlansTexts(): Promise<void> {
  return i18next.loadNamespaces(PLANS_NS);
}

/** `t` for the "plans" namespace; `ready` once its texts are loaded (no Suspense: the screen shows a spinner). */
export function usePlansTexts() {
  return useTranslation(PLANS_NS, { useSuspense: false });
}
