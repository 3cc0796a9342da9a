import { describe, expect, it } from "vitest";
import {
  addCalendarMonths,
  addPaidPeriod,
  nextPremiumChange,
  premiumFields,
  queueOf,
  type PaidTime,
  type PremiumPeriod,
} from "../../../worker/plans/premium-period";
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

/** The queue after buying each package at its moment, in order, the way the webhook adds them (ids given as stored). */
function buy(...purchases: [PaidTime, number][]): PremiumPeriod[] {
  let periods: PremiumPeriod[] = [];
  let n = 0;
  for (const [pkg, at] of purchases) {
    const next = addPaidPeriod(periods, pkg, at);
    const source = `order-${++n}`;
    periods = next.periods.map((p) =>
      p.id !== null ? p : { ...p, id: `p${n}-${p.start}`, source: p === next.added ? source : p.source },
    );
  }
  return periods;
}

/** The queue as [level, start, end] in Hanoi wall time, easy to read in a failure. */
const spans = (periods: PremiumPeriod[]) =>
  periods.map((p) => [
    p.level,
    new Date(p.start + 7 * 3600_000).toISOString().slice(0, 16),
    new Date(p.end + 7 * 3600_000).toISOString().slice(0, 16),
  ]);

const BASIC = 1;
const ADVANCED = 2;

describe("addPaidPeriod: every order of purchases", () => {
  it("starts now for a free user and runs one calendar month, month-end safe (Jan 31 → Feb 28)", () => {
    const now = vn("2026-01-31T12:00:00");
    const { periods, added } = addPaidPeriod([], PACKAGES.BS_1T, now);
    expect(added).toEqual({ id: null, level: BASIC, start: now, end: vn("2026-02-28T12:00:00"), source: null });
    expect(periods).toEqual([added]);
    expect(premiumFields(periods, now)).toEqual({
      isPremium: BASIC,
      premiumStart: now,
      premiumEnd: vn("2026-02-28T12:00:00"),
    });
  });

  it("runs to Feb 29 in a leap year, and a year from Feb 29 ends Feb 28", () => {
    expect(spans(buy([PACKAGES.AD_1T, vn("2028-01-31T08:00:00")]))).toEqual([
      [ADVANCED, "2028-01-31T08:00", "2028-02-29T08:00"],
    ]);
    expect(spans(buy([PACKAGES.AD_1Y, vn("2028-02-29T08:00:00")]))).toEqual([
      [ADVANCED, "2028-02-29T08:00", "2029-02-28T08:00"],
    ]);
  });

  it("same level twice: the renewal queues after the running month (Jan 31 → Feb 28 → Mar 28)", () => {
    const q = buy([PACKAGES.BS_1T, vn("2026-01-31T12:00:00")], [PACKAGES.BS_1T, vn("2026-02-05T09:00:00")]);
    expect(spans(q)).toEqual([
      [BASIC, "2026-01-31T12:00", "2026-02-28T12:00"],
      [BASIC, "2026-02-28T12:00", "2026-03-28T12:00"],
    ]);
    expect(premiumFields(q, vn("2026-02-05T09:00:00"))).toEqual({
      isPremium: BASIC,
      premiumStart: vn("2026-01-31T12:00:00"),
      premiumEnd: vn("2026-03-28T12:00:00"),
    });
    // no change of plan at the seam between the two months
    expect(nextPremiumChange(q, vn("2026-02-05T09:00:00"))).toBe(vn("2026-03-28T12:00:00"));
  });

  it("high → low: Basic bought during Advanced+ starts when Advanced+ ends, and the plan stays Advanced+ until then", () => {
    const now = vn("2026-02-10T10:00:00");
    const q = buy([PACKAGES.AD_1T, vn("2026-01-31T12:00:00")], [PACKAGES.BS_1T, now]);
    expect(spans(q)).toEqual([
      [ADVANCED, "2026-01-31T12:00", "2026-02-28T12:00"],
      [BASIC, "2026-02-28T12:00", "2026-03-28T12:00"],
    ]);
    expect(premiumFields(q, now)).toEqual({
      isPremium: ADVANCED,
      premiumStart: vn("2026-01-31T12:00:00"),
      premiumEnd: vn("2026-03-28T12:00:00"),
    });
    expect(nextPremiumChange(q, now)).toBe(vn("2026-02-28T12:00:00"));
    expect(premiumFields(q, vn("2026-02-28T12:00:00"))?.isPremium).toBe(BASIC);
    expect(premiumFields(q, vn("2026-02-28T11:59:59"))?.isPremium).toBe(ADVANCED);
  });

  it("low → high: Advanced+ starts now and Basic's unused 18 days resume after it, not lost", () => {
    const bought = vn("2026-01-31T12:00:00");
    const now = vn("2026-02-10T12:00:00");
    const q = buy([PACKAGES.BS_1T, bought], [PACKAGES.AD_1T, now]);
    expect(spans(q)).toEqual([
      [BASIC, "2026-01-31T12:00", "2026-02-10T12:00"], // used
      [ADVANCED, "2026-02-10T12:00", "2026-03-10T12:00"],
      [BASIC, "2026-03-10T12:00", "2026-03-28T12:00"], // Feb 10 → Feb 28 was unused: 18 days
    ]);
    // the used part keeps its row, the rest is a new period of the same order
    expect(q[0]).toMatchObject({ id: `p1-${bought}`, source: "order-1" });
    expect(q[2]).toMatchObject({ source: "order-1" });
    expect(q[2]!.id).not.toBe(q[0]!.id);
    expect(premiumFields(q, now)).toEqual({
      isPremium: ADVANCED,
      premiumStart: bought,
      premiumEnd: vn("2026-03-28T12:00:00"),
    });
    expect(nextPremiumChange(q, now)).toBe(vn("2026-03-10T12:00:00"));
  });

  it("low → high → low: the second Basic month queues after Basic's resumed days", () => {
    const q = buy(
      [PACKAGES.BS_1T, vn("2026-01-31T12:00:00")],
      [PACKAGES.AD_1T, vn("2026-02-10T12:00:00")],
      [PACKAGES.BS_1T, vn("2026-03-01T08:00:00")],
    );
    expect(spans(q)).toEqual([
      [BASIC, "2026-01-31T12:00", "2026-02-10T12:00"],
      [ADVANCED, "2026-02-10T12:00", "2026-03-10T12:00"],
      [BASIC, "2026-03-10T12:00", "2026-03-28T12:00"],
      [BASIC, "2026-03-28T12:00", "2026-04-28T12:00"],
    ]);
  });

  it("Advanced+ again while Advanced+ runs ahead of resumed Basic days: it goes before them and they move again", () => {
    const q = buy(
      [PACKAGES.BS_1T, vn("2026-01-31T12:00:00")],
      [PACKAGES.AD_1T, vn("2026-02-10T12:00:00")],
      [PACKAGES.AD_1T, vn("2026-03-01T08:00:00")],
    );
    expect(spans(q)).toEqual([
      [BASIC, "2026-01-31T12:00", "2026-02-10T12:00"],
      [ADVANCED, "2026-02-10T12:00", "2026-03-10T12:00"],
      [ADVANCED, "2026-03-10T12:00", "2026-04-10T12:00"],
      [BASIC, "2026-04-10T12:00", "2026-04-28T12:00"], // still 18 days
    ]);
  });

  it("yearly over monthly, same level: the year starts when the month ends (Feb 29 leap month end)", () => {
    const q = buy([PACKAGES.BS_1T, vn("2028-01-31T12:00:00")], [PACKAGES.BS_1Y, vn("2028-02-20T12:00:00")]);
    expect(spans(q)).toEqual([
      [BASIC, "2028-01-31T12:00", "2028-02-29T12:00"],
      [BASIC, "2028-02-29T12:00", "2029-02-28T12:00"],
    ]);
  });

  it("Advanced+ yearly over Basic monthly: the year starts now, Basic's unused days follow it", () => {
    const q = buy([PACKAGES.BS_1T, vn("2026-12-31T23:00:00")], [PACKAGES.AD_1Y, vn("2027-01-15T23:00:00")]);
    expect(spans(q)).toEqual([
      [BASIC, "2026-12-31T23:00", "2027-01-15T23:00"],
      [ADVANCED, "2027-01-15T23:00", "2028-01-15T23:00"],
      [BASIC, "2028-01-15T23:00", "2028-01-31T23:00"], // Jan 15 → Jan 31 unused: 16 days
    ]);
  });

  it("Basic monthly over Advanced+ yearly: the month waits for the year", () => {
    const q = buy([PACKAGES.AD_1Y, vn("2026-03-31T10:00:00")], [PACKAGES.BS_1T, vn("2026-04-01T10:00:00")]);
    expect(spans(q)).toEqual([
      [ADVANCED, "2026-03-31T10:00", "2027-03-31T10:00"],
      [BASIC, "2027-03-31T10:00", "2027-04-30T10:00"],
    ]);
  });

  it("starts now again once everything has ended, leaving ended periods as they were", () => {
    const q = buy([PACKAGES.AD_1T, vn("2026-01-05T10:00:00")], [PACKAGES.BS_1T, vn("2026-03-20T10:00:00")]);
    expect(spans(q)).toEqual([
      [ADVANCED, "2026-01-05T10:00", "2026-02-05T10:00"],
      [BASIC, "2026-03-20T10:00", "2026-04-20T10:00"],
    ]);
    expect(premiumFields(q, vn("2026-03-20T10:00:00"))).toEqual({
      isPremium: BASIC,
      premiumStart: vn("2026-03-20T10:00:00"),
      premiumEnd: vn("2026-04-20T10:00:00"),
    });
  });

  it("takes an operator's {level, months} like a package", () => {
    const q = buy(
      [PACKAGES.BS_1T, vn("2026-01-31T12:00:00")],
      [{ level: ADVANCED, months: 3 }, vn("2026-02-10T12:00:00")],
    );
    expect(spans(q).slice(1)).toEqual([
      [ADVANCED, "2026-02-10T12:00", "2026-05-10T12:00"],
      [BASIC, "2026-05-10T12:00", "2026-05-28T12:00"],
    ]);
  });

  it("never loses or overlaps paid time, and never puts a lower level ahead of a higher one (300 random histories)", () => {
    let seed = 20260131;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const types = Object.values(PACKAGES);
    for (let run = 0; run < 300; run++) {
      let periods: PremiumPeriod[] = [];
      let at = vn("2027-12-31T23:30:00") + Math.floor(rand() * 400) * 86_400_000;
      let paid = 0;
      for (let k = 0; k < 1 + Math.floor(rand() * 5); k++) {
        const pkg = types[Math.floor(rand() * types.length)]!;
        const next = addPaidPeriod(periods, pkg, at);
        paid += next.added.end - next.added.start;
        periods = next.periods.map((p, i) => (p.id === null ? { ...p, id: `${run}-${k}-${i}` } : p));
        const live = periods.filter((p) => p.end > at);
        // the bought level is in force now, or a higher one
        expect(premiumFields(periods, at)!.isPremium).toBeGreaterThanOrEqual(pkg.level);
        for (let i = 1; i < live.length; i++) expect(live[i]!.level).toBeLessThanOrEqual(live[i - 1]!.level);
        at += Math.floor(rand() * 60) * 86_400_000 + Math.floor(rand() * 86_400_000);
      }
      const sorted = [...periods].sort((a, b) => a.start - b.start);
      for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.start).toBeGreaterThanOrEqual(sorted[i - 1]!.end);
      expect(sorted.reduce((sum, p) => sum + (p.end - p.start), 0)).toBe(paid);
    }
  });
});

describe("premiumFields and nextPremiumChange", () => {
  const q = buy([PACKAGES.BS_1T, vn("2026-01-31T12:00:00")], [PACKAGES.AD_1T, vn("2026-02-10T12:00:00")]);

  it("follows the queue through each boundary: Basic, Advanced+, Basic again, then nothing in force", () => {
    expect(premiumFields(q, vn("2026-02-01T00:00:00"))?.isPremium).toBe(BASIC);
    expect(premiumFields(q, vn("2026-03-01T00:00:00"))?.isPremium).toBe(ADVANCED);
    expect(premiumFields(q, vn("2026-03-20T00:00:00"))).toEqual({
      isPremium: BASIC,
      premiumStart: vn("2026-01-31T12:00:00"),
      premiumEnd: vn("2026-03-28T12:00:00"),
    });
    // after the end: not in force, but the last stretch is still described ("ended on")
    expect(premiumFields(q, vn("2026-04-01T00:00:00"))).toEqual({
      isPremium: 0,
      premiumStart: vn("2026-01-31T12:00:00"),
      premiumEnd: vn("2026-03-28T12:00:00"),
    });
    expect(nextPremiumChange(q, vn("2026-03-10T12:00:00"))).toBe(vn("2026-03-28T12:00:00"));
    expect(nextPremiumChange(q, vn("2026-03-28T12:00:00"))).toBeNull();
  });

  it("is null without periods (the user row's own fields stand)", () => {
    expect(premiumFields([], Date.now())).toBeNull();
    expect(nextPremiumChange([], Date.now())).toBeNull();
  });
});

describe("queueOf", () => {
  const now = vn("2026-02-10T12:00:00");

  it("counts running premium set on the user row before periods were kept as a period, so buying keeps it", () => {
    const row = { isPremium: ADVANCED, premiumStart: vn("2026-02-01T00:00:00"), premiumEnd: vn("2026-03-01T00:00:00") };
    const queue = queueOf([], row, now);
    expect(queue).toEqual([{ id: null, level: ADVANCED, start: row.premiumStart, end: row.premiumEnd, source: null }]);
    expect(spans(addPaidPeriod(queue, PACKAGES.BS_1T, now).periods)).toEqual([
      [ADVANCED, "2026-02-01T00:00", "2026-03-01T00:00"],
      [BASIC, "2026-03-01T00:00", "2026-04-01T00:00"],
    ]);
  });

  it("ignores the row once periods exist, or when its premium has ended", () => {
    const period: PremiumPeriod = { id: "a", level: BASIC, start: now - 1000, end: now + 1000, source: "s" };
    expect(queueOf([period], { isPremium: ADVANCED, premiumStart: null, premiumEnd: now + 5000 }, now)).toEqual([
      period,
    ]);
    expect(queueOf([], { isPremium: ADVANCED, premiumStart: null, premiumEnd: now }, now)).toEqual([]);
  });
});
