// @vitest-environment node
// Every error code the API can answer has its sentence in all four languages, so the SPA never falls back to the
// worker's English message or to a raw code.
import { describe, expect, it } from "vitest";
import en from "../../locales/errors/en.json";
import ru from "../../locales/errors/ru.json";
import vi from "../../locales/errors/vi.json";
import zh from "../../locales/errors/zh.json";
import { ERROR_CODES } from "../../worker/protocol/errors";

const LOCALES = { vi, en, ru, zh } as Record<string, Record<string, string>>;

describe("error messages", () => {
  it.each(Object.keys(LOCALES))("has a message for every API error code in %s", (lang) => {
    const missing = ERROR_CODES.filter((code) => !LOCALES[lang]![code]?.trim());
    expect(missing).toEqual([]);
  });
});
