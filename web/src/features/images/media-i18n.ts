// The texts of uploads, image mode and the gallery live in their own i18next namespace (locales/media/<lng>.json),
// fetched with those features' code, so they add nothing to the chat screen's first load. Importing this module
// registers the namespace's loader.
import i18next, { type TFunction } from "i18next";
import { namespaceLoaders } from "../../lib/i18n";

export const MEDIA_NS = "media";

namespaceLoaders.set(MEDIA_NS, (lng) => import(`../../../../locales/media/${lng}.json`));

/** Loads the media texts of the current language (and the fallback). */
export function loadMediaTexts(): Promise<void> {
  return i18next.loadNamespaces(MEDIA_NS);
}

/** Loads the media texts, then returns a `t` bound to them (for code outside React: toasts). */
export async function mediaT(): Promise<TFunction<typeof MEDIA_NS>> {
  await loadMediaTexts();
  return i18next.getFixedT(null, MEDIA_NS);
}
