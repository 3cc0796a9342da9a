// The texts of rating an answer (the thumbs, the reasons, the comment: locales/feedback/<lng>.json) live in their own
// i18next namespace, fetched with the code that shows them (the message tools, loaded on the reader's first
// interaction), so an open chat carries none of them. Importing this module registers the loader.
import { namespaceLoaders } from "../../lib/i18n";

export const FEEDBACK_NS = "feedback";
/** The namespaces of a component with these texts: its own first, then the app's main texts. */
export const FEEDBACK_TEXTS = [FEEDBACK_NS, "translation"] as const;

// Spelled out (not a template-literal import): Vite's variable-import helper would be one more chunk for these.
const FILES = {
  vi: () => import("../../../../locales/feedback/vi.json"),
  en: () => import("../../../../locales/feedback/en.json"),
  ru: () => import("../../../../locales/feedback/ru.json"),
  zh: () => import("../../../../locales/feedback/zh.json"),
};
namespaceLoaders.set(FEEDBACK_NS, (lng) => FILES[lng]());
