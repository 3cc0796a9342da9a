// The texts of the shortcuts dialog, the drop zone, dictation and reading aloud (locales/power-keys/<lng>.json) live
// in their own i18next namespace, fetched with the code that shows them (on a shortcut, a drag of files, the first
// interaction with the chat), so an open chat's first load carries none of them. Importing this module registers the
// loader.
import i18next from "i18next";
import { namespaceLoaders } from "../../lib/i18n";

export const POWER_KEYS_NS = "power-keys";
/** The namespaces of a component with these texts: its own first, then the app's main texts. */
export const POWER_KEYS_TEXTS = [POWER_KEYS_NS, "translation"] as const;

// Spelled out (not a template-literal import): Vite's variable-import helper would be one more chunk for these.
const FILES = {
  vi: () => import("../../../../locales/power-keys/vi.json"),
  en: () => import("../../../../locales/power-keys/en.json"),
  ru: () => import("../../../../locales/power-keys/ru.json"),
  zh: () => import("../../../../locales/power-keys/zh.json"),
};
namespaceLoaders.set(POWER_KEYS_NS, (lng) => FILES[lng]());

/** Resolves once the texts are there (or could not be had: offline, the keys show instead). */
export function loadPowerKeyTexts(): Promise<void> {
  return i18next.loadNamespaces(POWER_KEYS_NS).catch(() => undefined);
}

/** One text of the namespace, for code outside React (the drop zone). */
export const powerKeysT = (key: string): string => i18next.t(key, { ns: POWER_KEYS_NS });
