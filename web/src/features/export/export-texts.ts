// The export texts (the export menu's choices and the printable chat: locales/export/<lng>.json) live in their own
// i18next namespace, fetched when the export menu or the printable page first shows, so the chat screens carry none
// of them. Importing this module registers the loader.
import { namespaceLoaders } from "../../lib/i18n";

export const EXPORT_NS = "export";
/** The namespaces of a screen with export texts: its own first, then the app's main texts. */
export const EXPORT_TEXTS = [EXPORT_NS, "translation"] as const;

// Spelled out (not a template-literal import): Vite's variable-import helper would be one more chunk for these.
const FILES = {
  vi: () => import("../../../../locales/export/vi.json"),
  en: () => import("../../../../locales/export/en.json"),
  ru: () => import("../../../../locales/export/ru.json"),
  zh: () => import("../../../../locales/export/zh.json"),
};
namespaceLoaders.set(EXPORT_NS, (lng) => FILES[lng]());
