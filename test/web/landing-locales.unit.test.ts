// @vitest-environment node
// The help page's texts (locales/help/<lng>.json; the parity of every locale set is locale-files.unit.test.ts): every
// release note has its title and points and every FAQ item its answer in each language, and the landing and help
// pages say public beta and low-cost AI, as the README describes the landing page.
import { describe, expect, it } from "vitest";
import helpEn from "../../locales/help/en.json";
import helpRu from "../../locales/help/ru.json";
import helpVi from "../../locales/help/vi.json";
import helpZh from "../../locales/help/zh.json";
import landingVi from "../../locales/landing/vi.json";
import { RELEASE_NOTES } from "../../web/src/features/help/release-notes";
import { FAQ_KEYS } from "../../web/src/features/help/help-page";

describe("help texts", () => {
  it.each([
    ["en", helpEn],
    ["vi", helpVi],
    ["ru", helpRu],
    ["zh", helpZh],
  ] as const)(
    "%s has a title and exactly the listed points for every release note, and every FAQ answer",
    (_lng, texts) => {
      const notes: Record<string, { title: string; items: string[] }> = texts.changelog.notes;
      expect(Object.keys(notes).sort()).toEqual(RELEASE_NOTES.map((n) => n.id).sort());
      for (const note of RELEASE_NOTES) {
        expect(notes[note.id]?.title, note.id).toBeTruthy();
        expect(notes[note.id]?.items, note.id).toHaveLength(note.items);
      }
      const faq: Record<string, { q: string; a: string }> = texts.faq.items;
      expect(Object.keys(faq).sort()).toEqual([...FAQ_KEYS].sort());
    },
  );

  it("says public beta and low-cost AI in Vietnamese as the product does", () => {
    expect(helpVi.notice.title).toBe("Bản beta công khai · AI chi phí thấp");
    expect(landingVi.hero.badge).toBe("Bản beta công khai · AI chi phí thấp");
  });
});
