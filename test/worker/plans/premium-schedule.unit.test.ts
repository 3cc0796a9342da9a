import { describe, expect, it } from "vitest";
import {
  duePremiumReminder,
  nextPremiumReminder,
  premiumExpirationFields,
} from "../../../worker/plans/premium-schedule";

const DAY = 24 * 60 * 60 * 1000;
const END = Date.parse("2026-05-20T10:00:00Z");

describe("nextPremiumReminder", () => {
  it("is 3 days before the end while more than 3 days are left", () => {
    expect(nextPremiumReminder({ premiumEnd: END, now: END - 10 * DAY })).toEqual({
      kind: "three_days",
      at: END - 3 * DAY,
    });
  });

  it("moves to 1 day before once the 3-day reminder is due, then to the end itself", () => {
    expect(nextPremiumReminder({ premiumEnd: END, now: END - 3 * DAY })).toEqual({ kind: "one_day", at: END - DAY });
    expect(nextPremiumReminder({ premiumEnd: END, now: END - 2 * DAY })).toEqual({ kind: "one_day", at: END - DAY });
    expect(nextPremiumReminder({ premiumEnd: END, now: END - DAY })).toEqual({ kind: "ended", at: END });
    expect(nextPremiumReminder({ premiumEnd: END, now: END - 1 })).toEqual({ kind: "ended", at: END });
  });

  it("has nothing left at or after the end, or without premium", () => {
    expect(nextPremiumReminder({ premiumEnd: END, now: END })).toBeNull();
    expect(nextPremiumReminder({ premiumEnd: END, now: END + DAY })).toBeNull();
    expect(nextPremiumReminder({ premiumEnd: null, now: END })).toBeNull();
  });
});

describe("duePremiumReminder", () => {
  it("names the reminder whose time has just come", () => {
    expect(duePremiumReminder({ premiumEnd: END, now: END - 3 * DAY })).toEqual({
      kind: "three_days",
      at: END - 3 * DAY,
    });
    expect(duePremiumReminder({ premiumEnd: END, now: END - DAY + 5000 })).toEqual({ kind: "one_day", at: END - DAY });
    expect(duePremiumReminder({ premiumEnd: END, now: END + 60_000 })).toEqual({ kind: "ended", at: END });
  });

  it("is nothing before the first reminder, or long after the last one", () => {
    expect(duePremiumReminder({ premiumEnd: END, now: END - 4 * DAY })).toBeNull();
    expect(duePremiumReminder({ premiumEnd: END, now: END + 2 * DAY })).toBeNull();
    expect(duePremiumReminder({ premiumEnd: null, now: END })).toBeNull();
  });
});

describe("premiumExpirationFields", () => {
  it("counts whole days left, rounding up, and says when premium has expired", () => {
    expect(premiumExpirationFields({ premiumEnd: END, now: END - 3 * DAY })).toEqual({
      premium_end: "2026-05-20T10:00:00.000Z",
      expired: false,
      days_left: 3,
    });
    expect(premiumExpirationFields({ premiumEnd: END, now: END - DAY + 1 })).toMatchObject({
      expired: false,
      days_left: 1,
    });
    expect(premiumExpirationFields({ premiumEnd: END, now: END })).toMatchObject({ expired: true, days_left: 0 });
  });
});
