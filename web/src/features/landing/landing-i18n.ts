// The landing page's texts live in their own i18next namespace (locales/landing/<lng>.json), fetched with the page,
// so neither the sign-in page nor the chat screens carry them. Importing this module registers the loader.
import i18next from "i18next";
import { namespaceLoaders } from "../../lib/i18n";

export const LANDING_NS = "landing";

// Spelled out (not a template-literal import): Vite's variable-import helper would be one more chunk for this page.
const FILES = {
  vi: () => import("../../../../locales/landing/vi.json"),
  en: () => import("../../../../locales/landing/en.json"),
  ru: () => import("../../../../locales/landing/ru.json"),
  zh: () => import("../../../../locales/landing/zh.json"),
};
namespaceLoaders.set(LANDING_NS, (lng) => FILES[lng]());

/** Loads the landing texts of the current language (and the fallback). */
export function loadLandingTexts(): Promise<void> {
  return i18next.loadNamespaces(LANDING_NS);
}
