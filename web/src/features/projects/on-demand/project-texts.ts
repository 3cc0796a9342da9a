// The texts of projects (the list, its menus and dialogs, the move menu, the search filter: locales/projects/<lng>.json)
// live in their own i18next namespace, fetched with the code that shows them, so the first screen carries only the
// sidebar heading's words (history.projects, history.newProject, history.move in the main texts). Importing this
// module registers the loader.
import i18next from "i18next";
import { namespaceLoaders } from "../../../lib/i18n";

export const PROJECTS_NS = "projects";
/** The namespaces of a component with these texts: its own first, then the app's main texts. */
export const PROJECT_TEXTS = [PROJECTS_NS, "translation"] as const;

// Spelled out (not a template-literal import): Vite's variable-import helper would be one more chunk for these.
const FILES = {
  vi: () => import("../../../../../locales/projects/vi.json"),
  en: () => import("../../../../../locales/projects/en.json"),
  ru: () => import("../../../../../locales/projects/ru.json"),
  zh: () => import("../../../../../locales/projects/zh.json"),
};
namespaceLoaders.set(PROJECTS_NS, (lng) => FILES[lng]());

/** Resolves once the texts are in (or could not be had: the keys show, nothing breaks). */
export const loadProjectTexts = () => i18next.loadNamespaces(PROJECTS_NS).catch(() => undefined);

/** One of these texts, in the current language. */
export const projectText = (key: string, options?: Record<string, unknown>) =>
  i18next.t(key, { ...options, ns: PROJECTS_NS });
