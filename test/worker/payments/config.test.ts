import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { bankAccount, commissionOf, commissionRateBps, DEFAULT_COMMISSION_BPS } from "../../../worker/payments/config";

describe("payment configuration", () => {
  it("reads the bank account from the Worker's vars", () => {
    expect(bankAccount(env)).toEqual({
      bin: env.BANK_BIN,
      accountNumber: env.BANK_ACCOUNT_NUMBER,
      accountName: env.BANK_ACCOUNT_NAME,
      bankName: env.BANK_NAME,
    });
  });

  it("refuses a BIN or account a QR code could not carry with server_misconfigured", () => {
    expect(() => bankAccount({ ...env, BANK_BIN: "9704" })).toThrow(
      expect.objectContaining({ code: "server_misconfigured" }),
    );
    expect(() => bankAccount({ ...env, BANK_ACCOUNT_NUMBER: "12 34" })).toThrow(
      expect.objectContaining({ code: "server_misconfigured" }),
    );
  });

  it("reads the commission rate as a fraction, 20% when unset, and refuses nonsense", () => {
    expect(commissionRateBps({ ...env, AFFILIATE_COMMISSION_RATE: "0.15" })).toBe(1500);
    expect(commissionRateBps({ ...env, AFFILIATE_COMMISSION_RATE: "" })).toBe(DEFAULT_COMMISSION_BPS);
    for (const bad of ["1.5", "-0.1", "20%", "abc"]) {
      expect(() => commissionRateBps({ ...env, AFFILIATE_COMMISSION_RATE: bad }), bad).toThrow();
    }
  });

  it("rounds a commission down to whole dong", () => {
    expect(commissionOf(149_000, 2000)).toBe(29_800);
    expect(commissionOf(149_999, 333)).toBe(4994);
  });
});
