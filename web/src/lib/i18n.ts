// i18next set up once for the SPA. The language is the stored choice, else the browser's language when it is one of
// ours (vi, en, ru, zh), else English; English is also the fallback for any missing key. <html lang> follows it.
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import en from "../../../locales/en.json";
import ru from "../../../locales/ru.json";
import vi from "../../../locales/vi.json";
import zh from "../../../locales/zh.json";
import { STORAGE_KEYS, readItem, writeItem } from "./storage";

export const LANGUAGES = ["vi", "en", "ru", "zh"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language named in itself, for the language picker. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  vi: "Tiếng Việt",
  en: "English",
  ru: "Русский",
  zh: "中文",
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The language rule: stored choice > first supported browser language (by its primary subtag) > English. */
export function chooseLanguage(stored: string | null | undefined, browserLanguages: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return "en";
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === "undefined") return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

export function initI18n(): typeof i18next {
  const lng = chooseLanguage(readItem(STORAGE_KEYS.language), browserLanguages());
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources: { vi: { translation: vi }, en: { translation: en }, ru: { translation: ru }, zh: { translation: zh } },
      lng,
      fallbackLng: "en",
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
      initAsync: false,
    });
    i18next.on("languageChanged", applyDocumentLanguage);
  }
  applyDocumentLanguage(i18next.language);
  return i18next;
}

function applyDocumentLanguage(lng: string) {
  if (typeof document !== "undefined") document.documentElement.lang = lng;
}

/** A manual choice: stored, so it wins over the browser's language from now on (and survives logout). */
export function setLanguage(lng: Language): void {
  writeItem(STORAGE_KEYS.language, lng);
  void i18next.changeLanguage(lng);
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : "en";
}
