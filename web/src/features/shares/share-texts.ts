// The texts of shared links (the share dialog and its menu item, Settings' list of shared links, the page that
// continues a shared chat: locales/shares/<lng>.json) live in their own i18next namespace, fetched with the code that
// shows them, so a chat page carries none of them. Importing this module registers the loader.
import i18next from "i18next";
import { namespaceLoaders } from "../../lib/i18n";

export const SHARES_NS = "shares";
/**
 * The namespaces a component with these texts waits for: its own and the app's main texts. Its `t` looks in the first
 * only, so a main text is named with `{ ns: "translation" }` (react-i18next's default nsMode).
 */
export const SHARE_TEXTS = [SHARES_NS, "translation"] as const;

// Spelled out (not a template-literal import): Vite's variable-import helper would be one more chunk for these.
const FILES = {
  vi: () => import("../../../../locales/shares/vi.json"),
  en: () => import("../../../../locales/shares/en.json"),
  ru: () => import("../../../../locales/shares/ru.json"),
  zh: () => import("../../../../locales/shares/zh.json"),
};
namespaceLoaders.set(SHARES_NS, (lng) => FILES[lng]());

/** Resolves once the texts are in (or could not be had: the keys show, nothing breaks). */
export const loadShareTexts = () => i18next.loadNamespaces(SHARES_NS).catch(() => undefined);
