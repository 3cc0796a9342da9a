// The texts of "Your data" and "Delete account" in Settings > Security (locales/account-data/<lng>.json) live in their
// own i18next namespace, fetched with the settings code that shows them, so no chat page carries them. Importing this
// module registers the loader.
import { namespaceLoaders } from "../../lib/i18n";

export const ACCOUNT_DATA_NS = "account-data";
/** The namespaces of a component with these texts: its own first, then the app's main texts (nsMode "fallback"). */
export const ACCOUNT_DATA_TEXTS = [ACCOUNT_DATA_NS, "translation"] as const;

// Spelled out (not a template-literal import): Vite's variable-import helper would be one more chunk for these.
const FILES = {
  vi: () => import("../../../../locales/account-data/vi.json"),
  en: () => import("../../../../locales/account-data/en.json"),
  ru: () => import("../../../../locales/account-data/ru.json"),
  zh: () => import("../../../../locales/account-data/zh.json"),
};
namespaceLoaders.set(ACCOUNT_DATA_NS, (lng) => FILES[lng]());
