// The texts of the quota guidance (web-search warnings per tier and plan, the notes when a model is switched or
// everything is used up, the prompt guide) live in their own i18next namespace (locales/quota/<lng>.json), fetched
// only when a warning needs them, so the sign-in and chat pages' first load carries none of them. Keys are written
// with the namespace prefix ("quota:…") so any `t` finds them once loaded. Importing this module registers the loader.
import i18next, { type TFunction } from "i18next";
import { namespaceLoaders } from "../../lib/i18n";

export const QUOTA_NS = "quota";

namespaceLoaders.set(QUOTA_NS, (lng) => import(`../../../../locales/quota/${lng}.json`));

/** Loads the quota texts of the current language (and the fallback). */
export function loadQuotaTexts(): Promise<void> {
  return i18next.loadNamespaces(QUOTA_NS);
}

/** Loads the quota texts, then returns the app's `t` (for code outside React: toasts). */
export async function quotaT(): Promise<TFunction> {
  await loadQuotaTexts().catch(() => undefined); // offline: the keys show, the toast still tells something happened
  return i18next.t.bind(i18next) as TFunction;
}
