// @vitest-environment node
// The "accounts" texts (locales/accounts/*.json; their parity across languages is locale-files.unit.test.ts): every rule
// key the settings forms can return has a text, and the English file holds the exact wording of the password and
// email messages.
import { describe, expect, it } from "vitest";
import en from "../../locales/accounts/en.json";

const keys = (node: unknown, prefix = ""): string[] =>
  typeof node === "object" && node !== null
    ? Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];
const base = (list: string[]) => [...new Set(list.map((k) => k.replace(/_(one|few|many|other)$/, "")))].sort();

describe("accounts locale files", () => {
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

  it("has the exact English texts of the password and email messages", () => {
    expect(en.password.fillAll).toBe("Please fill in all fields");
    expect(en.password.mismatch).toBe("New passwords do not match");
    expect(en.password.failed).toBe("An error occurred, please try again");
    expect(en.email.sendFailed).toBe("Failed to send verification code");
    expect(en.email.verifyFailed).toBe("Failed to verify email");
  });
});
