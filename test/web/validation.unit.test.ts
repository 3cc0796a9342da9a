// @vitest-environment node
// Sign-in and sign-up rules: required fields, a valid email, a password of at least 8 characters, a matching confirmation.
import { describe, expect, it } from "vitest";
import { validateLogin, validateRegister } from "../../web/src/features/auth/validation";

describe("validateLogin", () => {
  it("requires both fields", () => {
    expect(validateLogin({ email: " ", password: "" })).toEqual({
      email: "validation.required",
      password: "validation.required",
    });
  });

  it("rejects a malformed email", () => {
    expect(validateLogin({ email: "an@", password: "x" })).toEqual({ email: "validation.email" });
    expect(validateLogin({ email: "an example@x.vn", password: "x" })).toEqual({ email: "validation.email" });
  });

  it("accepts a good email with any non-empty password (the server judges it)", () => {
    expect(validateLogin({ email: " an@example.vn ", password: "x" })).toEqual({});
  });
});

describe("validateRegister", () => {
  const good = { name: "An", email: "an@example.vn", password: "12345678", confirm: "12345678" };

  it("accepts a complete form", () => {
    expect(validateRegister(good)).toEqual({});
  });

  it("requires every field", () => {
    expect(validateRegister({ name: "", email: "", password: "", confirm: "" })).toEqual({
      name: "validation.required",
      email: "validation.required",
      password: "validation.required",
      confirm: "validation.required",
    });
  });

  it("needs at least 8 characters of password", () => {
    expect(validateRegister({ ...good, password: "1234567", confirm: "1234567" })).toEqual({
      password: "validation.passwordMin",
    });
  });

  it("needs the confirmation to match", () => {
    expect(validateRegister({ ...good, confirm: "12345679" })).toEqual({ confirm: "validation.passwordMismatch" });
  });
});
