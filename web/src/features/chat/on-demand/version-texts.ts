// The texts of versions and forks (the ‹ n / total › switch, "continue in a new chat": locales/versions/<lng>.json)
// live in their own i18next namespace, fetched with the code that shows them (loaded only for a chat whose messages
// have versions, or with the message tools), so an open chat carries none of them. Importing this module registers
// the loader.
import { namespaceLoaders } from "../../../lib/i18n";

export const VERSIONS_NS = "versions";
/** The namespaces of a component with these texts: its own first, then the app's main texts. */
export const VERSION_TEXTS = [VERSIONS_NS, "translation"] as const;

// Spelled out (not a template-literal import): Vite's variable-import helper would be one more chunk for these.
const FILES = {
  vi: () => import("../../../../../locales/versions/vi.json"),
  en: () => import("../../../../../locales/versions/en.json"),
  ru: () => import("../../../../../locales/versions/ru.json"),
  zh: () => import("../../../../../locales/versions/zh.json"),
};
namespaceLoaders.set(VERSIONS_NS, (lng) => FILES[lng]());
