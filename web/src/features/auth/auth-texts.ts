// The sign-in and sign-up texts (the auth, social and validation sections, and the forced sign-out's popup:
// locales/auth/<lng>.json) live in their own i18next namespace, fetched with the pages that show them (the sign-in and
// sign-up pages, linking an account, resetting a password, the popup), so the chat screens carry none of them. Importing this module registers the loader;
// `useTranslation(AUTH_TEXTS)` waits for them (suspends) and finds the app's main texts too.
import i18next from "i18next";
import { namespaceLoaders } from "../../lib/i18n";

export const AUTH_NS = "auth";
/** The namespaces of a screen with sign-in texts: its own first, then the app's main texts. */
export const AUTH_TEXTS = [AUTH_NS, "translation"] as const;

// Spelled out (not a template-literal import): Vite's variable-import helper would be one more chunk for these pages.
const FILES = {
  vi: () => import("../../../../locales/auth/vi.json"),
  en: () => import("../../../../locales/auth/en.json"),
  ru: () => import("../../../../locales/auth/ru.json"),
  zh: () => import("../../../../locales/auth/zh.json"),
};
namespaceLoaders.set(AUTH_NS, (lng) => FILES[lng]());

/** Loads the sign-in texts of the current language (and the fallback), ahead of the page that shows them. */
export function loadAuthTexts(): Promise<void> {
  return i18next.loadNamespaces(AUTH_NS);
}
