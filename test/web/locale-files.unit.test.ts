// @vitest-environment node
// Every locale file set (locales/<lng>.json and each namespace folder locales/<ns>/<lng>.json, found on disk so a new
// namespace is covered without touching this file) has the same keys in vi, en, ru and zh, no empty text, the same
// {{placeholders}} as English, and the plural forms i18next asks for in each language (en: one, other; ru: one,
// few, many; vi and zh: other, or the plain key). The screens' own tests check their exact texts.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(__dirname, "../../locales");
const LANGUAGES = ["vi", "en", "ru", "zh"] as const;
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const PLURAL_FORMS = { en: ["one", "other"], ru: ["one", "few", "many"], vi: ["other"], zh: ["other"] } as const;

/** "main" for locales/<lng>.json, else the namespace folder's name. */
const SETS = [
  "main",
  ...readdirSync(ROOT, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name),
];

function read(set: string, lng: string): Record<string, string> {
  const file = set === "main" ? join(ROOT, `${lng}.json`) : join(ROOT, set, `${lng}.json`);
  return flatten(JSON.parse(readFileSync(file, "utf8")) as object);
}

function flatten(node: object, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(node)) {
    if (v && typeof v === "object") Object.assign(out, flatten(v as object, `${prefix}${k}.`));
    else out[`${prefix}${k}`] = v as string;
  }
  return out;
}

const baseKeys = (flat: Record<string, string>) =>
  [...new Set(Object.keys(flat).map((k) => k.replace(PLURAL_SUFFIX, "")))].sort();
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]))].sort();

describe.each(SETS)("the %s locale files", (set) => {
  const en = read(set, "en");
  const pluralBases = new Set(
    Object.keys(en)
      .filter((k) => PLURAL_SUFFIX.test(k))
      .map((k) => k.replace(PLURAL_SUFFIX, "")),
  );

  it.each(LANGUAGES)("%s has every key, plural forms aside", (lng) => {
    expect(baseKeys(read(set, lng))).toEqual(baseKeys(en));
  });

  it.each(LANGUAGES)("%s has no empty text and only English's placeholders", (lng) => {
    const texts = read(set, lng);
    for (const [key, text] of Object.entries(texts)) {
      expect(typeof text === "string" && text.trim() !== "", key).toBe(true);
      const base = key.replace(PLURAL_SUFFIX, "");
      const english = placeholders(en[`${base}_other`] ?? en[key] ?? "");
      // a plural form may leave the number out ("Only 1 use left"), never add a placeholder English lacks
      if (PLURAL_SUFFIX.test(key)) for (const p of placeholders(text)) expect(english, key).toContain(p);
      else expect(placeholders(text), key).toEqual(english);
    }
  });

  it.each(LANGUAGES)("%s has every plural form its language uses", (lng) => {
    const texts = read(set, lng);
    for (const base of pluralBases) {
      // a language with one form may keep the plain key: i18next falls back from key_other to key
      if (PLURAL_FORMS[lng].length === 1 && base in texts) continue;
      for (const form of PLURAL_FORMS[lng]) expect(Object.keys(texts), base).toContain(`${base}_${form}`);
    }
  });
});
