// @vitest-environment node
// The plans, payment and affiliate screens' texts (locales/plans/*.json) exist in all four languages with the same
// keys (plural forms aside: each language has its own), and every plural key has its "other" form.
import { describe, expect, it } from "vitest";
import en from "../../locales/plans/en.json";
import ru from "../../locales/plans/ru.json";
import vi from "../../locales/plans/vi.json";
import zh from "../../locales/plans/zh.json";

const PLURAL = /_(zero|one|two|few|many|other)$/;

function keys(obj: unknown, prefix = ""): string[] {
  if (typeof obj !== "object" || obj === null) return [prefix];
  return Object.entries(obj).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe("plans locale files", () => {
  const base = (all: string[]) => [...new Set(all.map((k) => k.replace(PLURAL, "")))].sort();

  it("have the same keys in vi, en, ru and zh", () => {
    const want = base(keys(en));
    for (const file of [vi, ru, zh]) expect(base(keys(file))).toEqual(want);
  });

  it("give every plural key its 'other' form, and no text is empty", () => {
    for (const file of [en, vi, ru, zh]) {
      const all = keys(file);
      for (const k of all.filter((k) => PLURAL.test(k))) expect(all).toContain(k.replace(PLURAL, "_other"));
      for (const k of all) expect(k.split(".").reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], file)).not.toBe("");
    }
  });
});
