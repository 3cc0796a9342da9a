import { describe, expect, it } from "vitest";
import {
  buildVietQrPayload,
  crc16CcittFalse,
  hasValidCrc,
  parseTlv,
  sanitizeMemo,
  tlv,
} from "../../../worker/payments/vietqr";

/**
 * Published VietQR payloads with their CRCs, from outside this code base (a builder checked only against itself would
 * agree with any wrong CRC parameters):
 * - README of the `vietnam-qr-pay` npm package (github.com/xuannghia/vietnam-qr-pay): BIN 970416, account 257678859,
 *   1,000 VND, memo "Chuyen tien", CRC BBB8.
 * - The sample of the NAPAS QR switching specification (Technical Specifications on NAPAS QR Switching, v1.5.2), as
 *   quoted by VietQR parsers: BIN 970436, account 0011001800879, 100,000 VND, memo "nhan tien", CRC D1EF.
 * - A VietinBank donation code (BIN 970415, account 0011001932418, 120,000 VND, "ung ho lu lut"), CRC C15C.
 * Each CRC was also recomputed independently (Python, poly 0x1021, init 0xFFFF) when this test was written.
 */
const PUBLISHED = [
  {
    payload:
      "00020101021238530010A0000007270123000697041601092576788590208QRIBFTTA5303704540410005802VN62150811Chuyen tien6304BBB8",
    input: { bankBin: "970416", accountNumber: "257678859", amount: 1000, memo: "Chuyen tien" },
  },
  {
    payload:
      "00020101021238570010A00000072701270006970436011300110018008790208QRIBFTTA530370454061000005802VN62130809nhan tien6304D1EF",
    input: { bankBin: "970436", accountNumber: "0011001800879", amount: 100_000, memo: "nhan tien" },
  },
  {
    payload:
      "00020101021238570010A00000072701270006970415011300110019324180208QRIBFTTA530370454061200005802VN62170813ung ho lu lut6304C15C",
    input: { bankBin: "970415", accountNumber: "0011001932418", amount: 120_000, memo: "ung ho lu lut" },
  },
];

describe("CRC-16/CCITT-FALSE", () => {
  it("reproduces the CRC of every published payload, computed over the data including '6304'", () => {
    for (const { payload } of PUBLISHED) {
      expect(crc16CcittFalse(payload.slice(0, -4))).toBe(payload.slice(-4));
      expect(crc16CcittFalse(payload.slice(0, -8))).not.toBe(payload.slice(-4));
    }
  });

  it("matches the standard check value for '123456789' (0x29B1)", () => {
    expect(crc16CcittFalse("123456789")).toBe("29B1");
  });

  it("always gives four uppercase hex digits", () => {
    for (const s of ["", "a", "hello"]) expect(crc16CcittFalse(s)).toMatch(/^[0-9A-F]{4}$/);
  });
});

describe("buildVietQrPayload", () => {
  it("builds exactly the published payloads from their bank, account, amount and memo", () => {
    for (const { payload, input } of PUBLISHED) expect(buildVietQrPayload(input)).toBe(payload);
  });

  it("lays out fields 00, 01, 38, 53, 54, 58, 62, 63 with the NAPAS GUID, BIN and account, and the memo in 62.08", () => {
    const payload = buildVietQrPayload({
      bankBin: "970436",
      accountNumber: "1234567890",
      amount: 1_428_000,
      memo: "MAYK7Q2XD9P",
    });
    const fields = parseTlv(payload);
    expect(fields.map(([id]) => id)).toEqual(["00", "01", "38", "53", "54", "58", "62", "63"]);
    const top = Object.fromEntries(fields);
    expect(top["00"]).toBe("01");
    expect(top["01"]).toBe("12");
    expect(top["53"]).toBe("704");
    expect(top["54"]).toBe("1428000");
    expect(top["58"]).toBe("VN");
    const merchant = Object.fromEntries(parseTlv(top["38"]!));
    expect(merchant["00"]).toBe("A000000727");
    expect(merchant["02"]).toBe("QRIBFTTA");
    expect(Object.fromEntries(parseTlv(merchant["01"]!))).toEqual({ "00": "970436", "01": "1234567890" });
    expect(Object.fromEntries(parseTlv(top["62"]!))).toEqual({ "08": "MAYK7Q2XD9P" });
    expect(hasValidCrc(payload)).toBe(true);
  });

  it("makes a static QR (01 = 11, no 54 or 62) without amount and memo", () => {
    const ids = parseTlv(buildVietQrPayload({ bankBin: "970436", accountNumber: "1234567890" })).map(([id]) => id);
    expect(ids).toEqual(["00", "01", "38", "53", "58", "63"]);
  });

  it("refuses a BIN, account, amount or memo a bank could not read", () => {
    const ok = { bankBin: "970436", accountNumber: "1234567890", amount: 1000, memo: "X1" };
    expect(() => buildVietQrPayload({ ...ok, bankBin: "97043" })).toThrow();
    expect(() => buildVietQrPayload({ ...ok, accountNumber: "12-34" })).toThrow();
    expect(() => buildVietQrPayload({ ...ok, accountNumber: "1".repeat(20) })).toThrow();
    for (const amount of [0, -5, 1.5, Number.NaN, 1e14]) expect(() => buildVietQrPayload({ ...ok, amount })).toThrow();
    expect(() => buildVietQrPayload({ ...ok, memo: "!!!" })).toThrow();
  });

  it("detects a corrupted payload by its CRC", () => {
    const payload = PUBLISHED[0]!.payload;
    expect(hasValidCrc(payload)).toBe(true);
    expect(hasValidCrc(payload.replace("54041000", "54041001"))).toBe(false);
  });
});

describe("sanitizeMemo", () => {
  it("drops Vietnamese diacritics and punctuation and caps the memo at 25 characters", () => {
    expect(sanitizeMemo("Thanh toán đơn #42")).toBe("Thanh toan don 42");
    expect(sanitizeMemo("x".repeat(40))).toHaveLength(25);
  });
});

describe("tlv", () => {
  it("writes a two-digit length and refuses values over 99 characters", () => {
    expect(tlv("53", "704")).toBe("5303704");
    expect(() => tlv("62", "x".repeat(100))).toThrow();
  });
});
