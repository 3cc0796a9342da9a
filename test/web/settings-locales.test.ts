// The "accounts" texts (locales/accounts/*.json): the same keys in all four languages, no empty strings, and every
// rule key the settings forms can return has a text.
import { describe, expect, it } from "vitest";
import en from "../../locales/accounts/en.json";
import ru from "../../locales/accounts/ru.json";
import vi from "../../locales/accounts/vi.json";
import zh from "../../locales/accounts/zh.json";

const keys = (node: unknown, prefix = ""): string[] =>
  typeof node === "object" && node !== null ? Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)) : [prefix];
const base = (list: string[]) => [...new Set(list.map((k) => k.replace(/_(one|few|many|other)$/, "")))].sort();
const leaves = (node: unknown): unknown[] => (typeof node === "object" && node !== null ? Object.values(node).flatMap(leaves) : [node]);

describe("accounts locale files", () => {
  it("have the same keys in all four languages", () => {
    for (const locale of [vi, ru, zh]) expect(base(keys(locale))).toEqual(base(keys(en)));
  });

  it("have no empty strings", () => {
    for (const locale of [vi, en, ru, zh]) for (const text of leaves(locale)) expect(typeof text === "string" && text.trim() !== "").toBe(true);
  });

  it("have every plural form i18next asks for (ru: one, few, many; vi and zh: other)", () => {
    const plural = base(keys(en)).filter((k) => keys(en).includes(`${k}_other`));
    for (const k of plural) {
      for (const form of ["one", "other"]) expect(keys(en)).toContain(`${k}_${form}`);
      for (const form of ["one", "few", "many"]) expect(keys(ru)).toContain(`${k}_${form}`);
      expect(keys(vi)).toContain(`${k}_other`);
      expect(keys(zh)).toContain(`${k}_other`);
    }
  });

  it("have a text for every rule the settings forms return", () => {
    const rules = [
      "password.fillAll",
      "password.mismatch",
      "password.tooShort",
      "password.same",
      "reset.tooShort",
      "email.required",
      "email.invalid",
      "email.same",
      "email.codeIncomplete",
      "personalization.tooLong",
      "models.keyRequired",
      "models.keyInvalid",
      "profile.phoneInvalid",
      "profile.nameRequired",
    ];
    for (const key of rules) expect(base(keys(en))).toContain(key);
  });

  it("uses the spec's texts", () => {
    expect(en.password.fillAll).toBe("Please fill in all fields");
    expect(en.password.mismatch).toBe("New passwords do not match");
    expect(en.password.failed).toBe("An error occurred, please try again");
    expect(en.email.sendFailed).toBe("Failed to send verification code");
    expect(en.email.verifyFailed).toBe("Failed to verify email");
  });
});
