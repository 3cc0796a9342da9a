// @vitest-environment node
// The prompt library's and notification panel's texts (locales/library/<lng>.json; their parity across languages is
// locale-files.unit.test.ts): the maintenance placeholder is 'Tính năng chưa khả dụng' in Vietnamese (as the README's
// notification feeds say), and only the two always-visible texts (sidebar link, bell) are in the main locales.
import { describe, expect, it } from "vitest";
import en from "../../locales/library/en.json";
import vi from "../../locales/library/vi.json";
import mainEn from "../../locales/en.json";
import mainRu from "../../locales/ru.json";
import mainVi from "../../locales/vi.json";
import mainZh from "../../locales/zh.json";

describe("library locales", () => {
  it("has its sections prompts and notifications, and the Vietnamese maintenance placeholder", () => {
    expect(Object.keys(en).sort()).toEqual(["notifications", "prompts"]);
    expect(vi.notifications.unavailable).toBe("Tính năng chưa khả dụng");
  });

  it("puts only the sidebar link and the bell's name in the main locales", () => {
    for (const main of [mainEn, mainVi, mainRu, mainZh]) {
      expect(Object.keys(main.library).sort()).toEqual(["notifications", "prompts"]);
    }
  });
});
