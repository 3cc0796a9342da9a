// @vitest-environment node
// The landing page's and the help page's texts (locales/landing/<lng>.json, locales/help/<lng>.json) exist in all
// four languages with the same keys and placeholders, and every release note has its title and points everywhere.
import { describe, expect, it } from "vitest";
import helpEn from "../../locales/help/en.json";
import helpRu from "../../locales/help/ru.json";
import helpVi from "../../locales/help/vi.json";
import helpZh from "../../locales/help/zh.json";
import landingEn from "../../locales/landing/en.json";
import landingRu from "../../locales/landing/ru.json";
import landingVi from "../../locales/landing/vi.json";
import landingZh from "../../locales/landing/zh.json";
import { RELEASE_NOTES } from "../../web/src/features/help/release-notes";
import { FAQ_KEYS } from "../../web/src/features/help/help-page";

function flatten(obj: object, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (v && typeof v === "object") Object.assign(out, flatten(v, `${prefix}${k}.`));
    else out[`${prefix}${k}`] = String(v);
  }
  return out;
}
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe.each([
  ["landing", { en: landingEn, vi: landingVi, ru: landingRu, zh: landingZh }],
  ["help", { en: helpEn, vi: helpVi, ru: helpRu, zh: helpZh }],
] as const)("%s locales", (_ns, files) => {
  const base = flatten(files.en);
  it.each(["vi", "ru", "zh"] as const)("%s has every English key, non-empty, with the same placeholders", (lng) => {
    const flat = flatten(files[lng]);
    expect(Object.keys(flat).sort()).toEqual(Object.keys(base).sort());
    for (const [key, value] of Object.entries(flat)) {
      expect(value.trim(), key).not.toBe("");
      expect(placeholders(value), key).toEqual(placeholders(base[key] ?? ""));
    }
  });
});

describe("help texts", () => {
  it.each([
    ["en", helpEn],
    ["vi", helpVi],
    ["ru", helpRu],
    ["zh", helpZh],
  ] as const)("%s has a title and exactly the listed points for every release note, and every FAQ answer", (_lng, texts) => {
    const notes: Record<string, { title: string; items: string[] }> = texts.changelog.notes;
    expect(Object.keys(notes).sort()).toEqual(RELEASE_NOTES.map((n) => n.id).sort());
    for (const note of RELEASE_NOTES) {
      expect(notes[note.id]?.title, note.id).toBeTruthy();
      expect(notes[note.id]?.items, note.id).toHaveLength(note.items);
    }
    const faq: Record<string, { q: string; a: string }> = texts.faq.items;
    expect(Object.keys(faq).sort()).toEqual([...FAQ_KEYS].sort());
  });

  it("says public beta and low-cost AI in Vietnamese as the product does", () => {
    expect(helpVi.notice.title).toBe("Bản beta công khai · AI chi phí thấp");
    expect(landingVi.hero.badge).toBe("Bản beta công khai · AI chi phí thấp");
  });
});
