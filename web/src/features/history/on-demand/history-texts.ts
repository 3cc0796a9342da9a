// The texts of the history's changes (the rename dialog, the delete and clear-all confirmations, their toasts:
// locales/history-changes/<lng>.json) live in their own i18next namespace, fetched with the code that shows them (the
// first change, the rename dialog), so an open chat carries none of them. Importing this module registers the loader.
import i18next from "i18next";
import { namespaceLoaders } from "../../../lib/i18n";

export const HISTORY_NS = "history-changes";
/** The namespaces of a component with these texts: its own first, then the app's main texts. */
export const HISTORY_TEXTS = [HISTORY_NS, "translation"] as const;

// Spelled out (not a template-literal import): Vite's variable-import helper would be one more chunk for these.
const FILES = {
  vi: () => import("../../../../../locales/history-changes/vi.json"),
  en: () => import("../../../../../locales/history-changes/en.json"),
  ru: () => import("../../../../../locales/history-changes/ru.json"),
  zh: () => import("../../../../../locales/history-changes/zh.json"),
};
namespaceLoaders.set(HISTORY_NS, (lng) => FILES[lng]());

/** Resolves once the texts are in (or could not be had: the keys show, nothing breaks). */
export const loadHistoryTexts = () => i18next.loadNamespaces(HISTORY_NS).catch(() => undefined);

/** One of these texts, in the current language. */
export const historyText = (key: string, options?: Record<string, unknown>) =>
  i18next.t(key, { ...options, ns: HISTORY_NS });
