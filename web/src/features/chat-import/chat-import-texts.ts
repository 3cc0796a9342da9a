// The texts of "Import from ChatGPT" in Settings > Security (locales/chat-import/<lng>.json) live in their own i18next
// namespace, fetched with the settings code that shows them, so no chat page carries them. Importing this module
// registers the loader.
import { namespaceLoaders } from "../../lib/i18n";

export const CHAT_IMPORT_NS = "chat-import";
/** The namespaces of a component with these texts: its own first, then the app's main texts (nsMode "fallback"). */
export const CHAT_IMPORT_TEXTS = [CHAT_IMPORT_NS, "translation"] as const;

// Spelled out (not a template-literal import): Vite's variable-import helper would be one more chunk for these.
const FILES = {
  vi: () => import("../../../../locales/chat-import/vi.json"),
  en: () => import("../../../../locales/chat-import/en.json"),
  ru: () => import("../../../../locales/chat-import/ru.json"),
  zh: () => import("../../../../locales/chat-import/zh.json"),
};
namespaceLoaders.set(CHAT_IMPORT_NS, (lng) => FILES[lng]());
