import { describe, expect, it } from "vitest";
import { addCalendarMonths, paidPeriod } from "../../../worker/payments/premium-period";
import { PACKAGES } from "../../../worker/plans/packages";

/** An instant given as Asia/Ho_Chi_Minh wall time (UTC+7). */
const vn = (iso: string) => Date.parse(`${iso}+07:00`);

describe("addCalendarMonths (Asia/Ho_Chi_Minh calendar)", () => {
  it("keeps the day of month and the time of day", () => {
    expect(addCalendarMonths(vn("2026-03-15T10:30:00"), 1)).toBe(vn("2026-04-15T10:30:00"));
    expect(addCalendarMonths(vn("2026-03-15T10:30:00"), 12)).toBe(vn("2027-03-15T10:30:00"));
  });

  it("clamps to the last day of a shorter month: Jan 31 + 1 month is Feb 28, or Feb 29 in a leap year", () => {
    expect(addCalendarMonths(vn("2026-01-31T09:00:00"), 1)).toBe(vn("2026-02-28T09:00:00"));
    expect(addCalendarMonths(vn("2028-01-31T09:00:00"), 1)).toBe(vn("2028-02-29T09:00:00"));
    expect(addCalendarMonths(vn("2026-03-31T09:00:00"), 1)).toBe(vn("2026-04-30T09:00:00"));
    expect(addCalendarMonths(vn("2028-02-29T09:00:00"), 12)).toBe(vn("2029-02-28T09:00:00"));
  });

  it("crosses the year end", () => {
    expect(addCalendarMonths(vn("2026-12-31T23:59:59"), 1)).toBe(vn("2027-01-31T23:59:59"));
  });

  it("uses the Vietnamese date, not UTC's: 00:30 on Mar 1 in Hanoi is still Feb 28 in UTC", () => {
    // In UTC this instant is Feb 28 17:30; a UTC calendar would give Mar 28, the Vietnamese one gives Apr 1.
    expect(addCalendarMonths(vn("2026-03-01T00:30:00"), 1)).toBe(vn("2026-04-01T00:30:00"));
  });
});

describe("paidPeriod", () => {
  const now = vn("2026-01-31T12:00:00");

  it("starts now for a free user and runs one calendar month (month-end safe)", () => {
    const p = paidPeriod({ isPremium: 0, premiumStart: null, premiumEnd: null }, PACKAGES.BS_1T, now);
    expect(p).toEqual({ start: now, end: vn("2026-02-28T12:00:00"), isPremium: 1, premiumStart: now, premiumEnd: vn("2026-02-28T12:00:00") });
  });

  it("starts now when premium has already ended", () => {
    const p = paidPeriod({ isPremium: 2, premiumStart: vn("2025-01-01T00:00:00"), premiumEnd: now - 1 }, PACKAGES.AD_1Y, now);
    expect(p.start).toBe(now);
    expect(p.end).toBe(vn("2027-01-31T12:00:00"));
    expect(p.premiumStart).toBe(now);
    expect(p.isPremium).toBe(2);
  });

  it("queues after a running period: starts at premium_end and keeps the running premium_start", () => {
    const runningStart = vn("2026-01-10T08:00:00");
    const runningEnd = vn("2026-02-10T08:00:00");
    const p = paidPeriod({ isPremium: 1, premiumStart: runningStart, premiumEnd: runningEnd }, PACKAGES.BS_1Y, now);
    expect(p.start).toBe(runningEnd);
    expect(p.end).toBe(vn("2027-02-10T08:00:00"));
    expect(p.premiumStart).toBe(runningStart);
  });
});
