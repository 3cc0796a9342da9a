import { describe, expect, it } from "vitest";
import { findOrderCode, isOrderCode, newOrderCode } from "../../../worker/payments/order-code";

describe("order codes", () => {
  it("are MAY plus 8 characters of Crockford's base32, and differ every time", () => {
    const codes = new Set(Array.from({ length: 200 }, newOrderCode));
    expect(codes.size).toBe(200);
    for (const c of codes) {
      expect(c).toMatch(/^MAY[0-9A-HJKMNP-TV-Z]{8}$/);
      expect(isOrderCode(c)).toBe(true);
    }
  });

  it("are found in a memo whatever the bank did to case, spaces and dots", () => {
    expect(findOrderCode(null, "NGUYEN VAN A chuyen tien MAYK7Q2XD9P")).toBe("MAYK7Q2XD9P");
    expect(findOrderCode(undefined, "ibft maYk7q2xd9p thanh toan")).toBe("MAYK7Q2XD9P");
    expect(findOrderCode(null, "MAY K7Q2-XD9P")).toBe("MAYK7Q2XD9P");
    expect(findOrderCode("MAYK7Q2XD9P", "something else MAY00000000")).toBe("MAYK7Q2XD9P");
    expect(findOrderCode(null, null, "desc MAYK7Q2XD9P")).toBe("MAYK7Q2XD9P");
  });

  it("are not found in memos without one", () => {
    expect(findOrderCode(null, "tien an trua", "")).toBeNull();
    expect(findOrderCode("MAYBE", "MAY1234567")).toBeNull();
    expect(isOrderCode("MAYK7Q2XD9")).toBe(false);
    expect(isOrderCode("MAYK7Q2XD9I")).toBe(false);
  });
});
