// The chat settings dialog's texts (locales/chat-settings/<lng>.json) are an i18next namespace of their own, fetched
// with the dialog's code on the first click, so an open chat carries none of them. Importing this module registers
// the loader.
import { namespaceLoaders } from "../../../lib/i18n";

export const CHAT_SETTINGS_NS = "chat-settings";
/** The namespaces of the dialog: its own first, then the app's main texts (common.save, common.cancel). */
export const CHAT_SETTINGS_TEXTS = [CHAT_SETTINGS_NS, "translation"] as const;

// Spelled out (not a template-literal import): Vite's variable-import helper would be one more chunk for these.
const FILES = {
  vi: () => import("../../../../../locales/chat-settings/vi.json"),
  en: () => import("../../../../../locales/chat-settings/en.json"),
  ru: () => import("../../../../../locales/chat-settings/ru.json"),
  zh: () => import("../../../../../locales/chat-settings/zh.json"),
};
namespaceLoaders.set(CHAT_SETTINGS_NS, (lng) => FILES[lng]());
