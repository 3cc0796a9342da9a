// @vitest-environment node
// The prompt library's and notification panel's texts (locales/library/<lng>.json) exist in all four languages with
// the same keys and placeholders, the maintenance placeholder is the spec's 'Tính năng chưa khả dụng' in Vietnamese,
// and the two always-visible texts (sidebar link, bell) are in every main locale.
import { describe, expect, it } from "vitest";
import en from "../../locales/library/en.json";
import ru from "../../locales/library/ru.json";
import vi from "../../locales/library/vi.json";
import zh from "../../locales/library/zh.json";
import mainEn from "../../locales/en.json";
import mainRu from "../../locales/ru.json";
import mainVi from "../../locales/vi.json";
import mainZh from "../../locales/zh.json";

function flatten(obj: object, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (v && typeof v === "object") Object.assign(out, flatten(v, `${prefix}${k}.`));
    else out[`${prefix}${k}`] = String(v);
  }
  return out;
}
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe("library locales", () => {
  const base = flatten(en);
  it.each([
    ["vi", vi],
    ["ru", ru],
    ["zh", zh],
  ])("%s has every English key, non-empty, with the same placeholders", (_lng, texts) => {
    const flat = flatten(texts);
    expect(Object.keys(flat).sort()).toEqual(Object.keys(base).sort());
    for (const [key, value] of Object.entries(flat)) {
      expect(value.trim(), key).not.toBe("");
      expect(placeholders(value), key).toEqual(placeholders(base[key] ?? ""));
    }
  });

  it("has its sections prompts and notifications, and the spec's maintenance text in Vietnamese", () => {
    expect(Object.keys(en).sort()).toEqual(["notifications", "prompts"]);
    expect(vi.notifications.unavailable).toBe("Tính năng chưa khả dụng");
  });

  it("puts only the sidebar link and the bell's name in the main locales", () => {
    for (const main of [mainEn, mainVi, mainRu, mainZh]) {
      expect(Object.keys(main.library).sort()).toEqual(["notifications", "prompts"]);
    }
  });
});
