// @vitest-environment node
// The settings forms' rules: the password change (all fields, matching, 6 characters,
// different), the reset password (8 characters), the email change (required, valid, 6-digit code), the custom
// instruction's 1,500-character limit, a non-empty API key, and the device names of the sessions list.
import { describe, expect, it } from "vitest";
import {
  codeInput,
  describeDevice,
  emailRule,
  secondsUntil,
  validateApiKey,
  validateCode,
  validateInstruction,
  validateNewEmail,
  validateNewPassword,
  validatePasswordChange,
  validatePhone,
} from "../../web/src/features/settings/validation";

describe("password change", () => {
  const ok = { current: "old-secret", next: "new-secret", confirm: "new-secret" };
  it("needs every field", () => {
    expect(validatePasswordChange({ ...ok, current: "" })).toBe("password.fillAll");
    expect(validatePasswordChange({ ...ok, confirm: "" })).toBe("password.fillAll");
  });
  it("needs the new passwords to match", () => {
    expect(validatePasswordChange({ ...ok, confirm: "new-secreT" })).toBe("password.mismatch");
  });
  it("needs at least 6 characters", () => {
    expect(validatePasswordChange({ current: "old-secret", next: "12345", confirm: "12345" })).toBe(
      "password.tooShort",
    );
    expect(validatePasswordChange({ current: "old-secret", next: "123456", confirm: "123456" })).toBeNull();
  });
  it("needs a password different from the current one", () => {
    expect(validatePasswordChange({ current: "same-pass", next: "same-pass", confirm: "same-pass" })).toBe(
      "password.same",
    );
  });
});

describe("reset password", () => {
  it("needs 8 characters and a matching confirmation", () => {
    expect(validateNewPassword({ next: "", confirm: "" })).toBe("password.fillAll");
    expect(validateNewPassword({ next: "1234567", confirm: "1234567" })).toBe("reset.tooShort");
    expect(validateNewPassword({ next: "12345678", confirm: "12345679" })).toBe("password.mismatch");
    expect(validateNewPassword({ next: "12345678", confirm: "12345678" })).toBeNull();
  });
  it("checks the email before asking for a code", () => {
    expect(emailRule(" ")).toBe("validation.required");
    expect(emailRule("lan@")).toBe("validation.email");
    expect(emailRule(" lan@example.vn ")).toBeNull();
    expect(emailRule("lan@mail.example.vn")).toBeNull();
    expect(emailRule("lan@example.vn@x.vn")).toBe("validation.email");
    expect(emailRule("lan@exa mple.vn")).toBe("validation.email");
    expect(emailRule("lan@example.")).toBe("validation.email");
  });
});

describe("email change", () => {
  it("needs a new, valid email that is not the current one", () => {
    expect(validateNewEmail("  ", "lan@example.vn")).toBe("email.required");
    expect(validateNewEmail("lan.example.vn", "lan@example.vn")).toBe("email.invalid");
    expect(validateNewEmail("LAN@example.vn", "lan@example.vn")).toBe("email.same");
    expect(validateNewEmail("mai@example.vn", "lan@example.vn")).toBeNull();
  });
  it("needs the full 6-digit code", () => {
    expect(validateCode("12345")).toBe("email.codeIncomplete");
    expect(validateCode("12345a")).toBe("email.codeIncomplete");
    expect(validateCode("123456")).toBeNull();
  });
  it("keeps only six digits of what is typed or pasted", () => {
    expect(codeInput("12 34-56 78")).toBe("123456");
    expect(codeInput("abc")).toBe("");
  });
  it("counts whole seconds down to the resend time", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(secondsUntil("2026-01-01T00:01:00Z", now)).toBe(60);
    expect(secondsUntil("2026-01-01T00:00:00.200Z", now)).toBe(1);
    expect(secondsUntil("2025-12-31T23:59:00Z", now)).toBe(0);
    expect(secondsUntil(null, now)).toBe(0);
  });
});

describe("custom instruction", () => {
  it("allows 1,500 characters, counted as a person counts them", () => {
    expect(validateInstruction("a".repeat(1500))).toBeNull();
    expect(validateInstruction("a".repeat(1501))).toBe("personalization.tooLong");
    expect(validateInstruction("😀".repeat(1500))).toBeNull(); // 3,000 UTF-16 units, 1,500 characters
  });
});

describe("external model key", () => {
  it("needs a non-empty key of printable characters", () => {
    expect(validateApiKey("   ")).toBe("models.keyRequired");
    expect(validateApiKey("sk ab")).toBe("models.keyInvalid");
    expect(validateApiKey(" xai-123abc ")).toBeNull();
  });
});

describe("profile", () => {
  it("accepts an empty or plausible phone number", () => {
    expect(validatePhone("")).toBeNull();
    expect(validatePhone("+84 912 345 678")).toBeNull();
    expect(validatePhone("call me")).toBe("profile.phoneInvalid");
  });
});

describe("device names", () => {
  it("names the browser and the system", () => {
    expect(
      describeDevice(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
      ),
    ).toEqual({
      browser: "Chrome",
      os: "Windows",
    });
    expect(
      describeDevice(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      ),
    ).toEqual({
      browser: "Safari",
      os: "iOS",
    });
    expect(describeDevice("Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0")).toEqual({
      browser: "Firefox",
      os: "Linux",
    });
    expect(describeDevice("curl/8.0")).toEqual({ browser: null, os: null });
  });
});
