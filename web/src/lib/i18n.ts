// i18next set up once for the SPA. The language is the stored choice, else the browser's language when it is one of
// ours (vi, en, ru, zh), else English; English is also the fallback for any missing key. <html lang> follows it.
// Each locale file is its own chunk, loaded on demand: the app's language before the first render, English (the
// fallback) once the app is idle, any other language when the user switches to it.
import i18next from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { initReactI18next } from "react-i18next";
import { chooseLanguage, isLanguage, LANGUAGES, type Language } from "../../../worker/protocol/language";
import { STORAGE_KEYS, readItem, writeItem } from "./storage";

// The rule and the list are the worker's too (the mail it sends follows the same rule): declared once in the protocol.
export { chooseLanguage, isLanguage, LANGUAGES, type Language };

/** Each language named in itself, for the language picker. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  vi: "Tiếng Việt",
  en: "English",
  ru: "Русский",
  zh: "中文",
};

function browserLanguages(): readonly string[] {
  if (typeof navigator === "undefined") return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

type LocaleModule = Promise<{ default: Record<string, unknown> }>;

/**
 * Namespaces other than the app's main one, by name: a feature whose texts load with its code (e.g. "media",
 * locales/media/<lng>.json) registers its loader here when that code loads, so the main bundle carries none of it.
 */
export const namespaceLoaders = new Map<string, (lng: Language) => LocaleModule>();

/** The app's main locale files, each its own chunk. Spelled out rather than a template-literal import, which would put
 * Vite's variable-import helper in the entry chunk every page loads. */
const MAIN_LOCALES: Record<Language, () => LocaleModule> = {
  vi: () => import("../../../locales/vi.json"),
  en: () => import("../../../locales/en.json"),
  ru: () => import("../../../locales/ru.json"),
  zh: () => import("../../../locales/zh.json"),
};

/**
 * The API's error texts (locales/errors/<lng>.json, by error code): loaded with the first error the app shows
 * (loadErrorTexts), not with every page. Only "errors.unknown" stays in the main file, for errors of no known code.
 */
export const ERRORS_NS = "errors";
const ERROR_LOCALES: Record<Language, () => LocaleModule> = {
  vi: () => import("../../../locales/errors/vi.json"),
  en: () => import("../../../locales/errors/en.json"),
  ru: () => import("../../../locales/errors/ru.json"),
  zh: () => import("../../../locales/errors/zh.json"),
};
namespaceLoaders.set(ERRORS_NS, (lng) => ERROR_LOCALES[lng]());

/**
 * Loads the error texts (once; again for a language switched to) and resolves when they are there or could not be
 * had: the API client awaits it before it hands an error on, so the sentence for its code is ready to be shown.
 */
export function loadErrorTexts(): Promise<void> {
  return i18next.loadNamespaces(ERRORS_NS).catch(() => undefined);
}

/** One language's locale file (locales/<lng>.json), fetched as its own chunk, or a registered namespace's. */
function loadLocale(lng: string, ns: string): LocaleModule {
  if (!isLanguage(lng)) return Promise.reject(new Error(`No locale file for ${lng}`));
  const extra = namespaceLoaders.get(ns);
  if (extra) return extra(lng);
  return MAIN_LOCALES[lng]();
}

/** English, the fallback for a key missing in another language, loaded once the first screen is up. */
function loadFallbackWhenIdle() {
  const load = () => {
    i18next.options.fallbackLng = ["en"];
    void i18next.loadLanguages("en");
  };
  if (typeof requestIdleCallback === "function") requestIdleCallback(load, { timeout: 5_000 });
  else setTimeout(load, 1_000);
}

let ready: Promise<typeof i18next> | undefined;

/** Starts i18next in the chosen language; resolves once that language's texts are loaded. */
export function initI18n(): Promise<typeof i18next> {
  const lng = chooseLanguage(readItem(STORAGE_KEYS.language), browserLanguages());
  ready ??= i18next
    .use(resourcesToBackend(loadLocale))
    .use(initReactI18next)
    .init({
      lng,
      // Only the app's language is fetched before the first render; English follows (loadFallbackWhenIdle). The
      // four files have the same keys (a unit test checks), so nothing shows untranslated meanwhile.
      fallbackLng: lng === "en" ? "en" : false,
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
      // useTranslation([own namespace, "translation"]) looks a key up in each, in order (the default binds t to the
      // first only, and a main text such as common.cancel showed as its key in a feature's dialog)
      react: { nsMode: "fallback" },
    })
    .then(() => {
      i18next.on("languageChanged", applyDocumentLanguage);
      applyDocumentLanguage(i18next.language);
      if (lng !== "en") loadFallbackWhenIdle();
      return i18next;
    });
  return ready;
}

function applyDocumentLanguage(lng: string) {
  if (typeof document !== "undefined") document.documentElement.lang = lng;
}

/** A manual choice: stored, so it wins over the browser's language from now on (and survives logout). Resolves once
 * the language's texts are loaded and shown. */
export async function setLanguage(lng: Language): Promise<void> {
  writeItem(STORAGE_KEYS.language, lng);
  await i18next.changeLanguage(lng);
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : "en";
}
