// The operator console's texts (locales/admin/<lng>.json) live in their own i18next namespace, fetched with the
// console's chunk, so no user's page carries a word of them. Importing this module registers the loader.
import { useTranslation } from "react-i18next";
import { namespaceLoaders } from "../../lib/i18n";

export const ADMIN_NS = "admin";
/** The console's namespace first, then the app's main texts (common words, error fallbacks). */
export const ADMIN_TEXTS = [ADMIN_NS, "translation"] as const;

// Spelled out (not a template-literal import): Vite's variable-import helper would be one more chunk for these.
const FILES = {
  vi: () => import("../../../../locales/admin/vi.json"),
  en: () => import("../../../../locales/admin/en.json"),
  ru: () => import("../../../../locales/admin/ru.json"),
  zh: () => import("../../../../locales/admin/zh.json"),
};
namespaceLoaders.set(ADMIN_NS, (lng) => FILES[lng]());

export const useAdminTexts = () => useTranslation(ADMIN_TEXTS);
