// Paid time as a queue of periods, each with its own plan level, so no paid day is ever lost or downgraded. The queue
// from now on runs from the highest level down: a period bought is placed after every running or scheduled period of
// its level or higher, and whatever lower-level time it lands on moves later by exactly its length. So a lower level
// bought during a higher one starts when the higher one ends, a higher level bought during a lower one starts now
// (the lower one's unused time resumes after it), and a renewal of the same level queues after the running one.
// The plan in force is the level of the period covering now; the user's premium fields follow from the queue.
// Pure functions of the periods and `now`, shared by the payment webhook and (later) an operator's grant.
//
// A period bought runs whole calendar months in Asia/Ho_Chi_Minh (the product's day, as for quotas): the same
// day-of-month and time, clamped to the last day of shorter months (Jan 31 + 1 month = Feb 28, or Feb 29 in a leap
// year; Feb 29 + 1 year = Feb 28). Time that moves keeps its exact length in milliseconds instead: re-measuring the
// unused days of a Basic month in calendar months after an inserted Advanced+ month would stretch or shrink them by
// up to 3 days depending on which months they land in (a Basic month bought Jan 31 is 28 days; moved to March as
// "the rest of a month" it could become 31). Shifting by the inserted period's exact duration gives back exactly the
// time that was not used.

/** Asia/Ho_Chi_Minh is UTC+7 all year (no daylight saving). */
const HO_CHI_MINH_OFFSET_MS = 7 * 60 * 60 * 1000;

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/** `ms` plus `months` calendar months in Asia/Ho_Chi_Minh, clamping the day to the target month's last day. */
export function addCalendarMonths(ms: number, months: number): number {
  const local = new Date(ms + HO_CHI_MINH_OFFSET_MS);
  const total = local.getUTCFullYear() * 12 + local.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const day = Math.min(local.getUTCDate(), daysInMonth(year, month));
  const shifted = Date.UTC(
    year,
    month,
    day,
    local.getUTCHours(),
    local.getUTCMinutes(),
    local.getUTCSeconds(),
    local.getUTCMilliseconds(),
  );
  return shifted - HO_CHI_MINH_OFFSET_MS;
}

/** The user's premium fields (users.is_premium, premium_start, premium_end). */
export interface PremiumState {
  isPremium: number;
  premiumStart: number | null;
  premiumEnd: number | null;
}

/** One stretch of paid time at one level, [start, end) in ms since the epoch. */
export interface PremiumPeriod {
  /** The stored period's id; null for a period made here (the one bought, or the moved rest of a split one). */
  id: string | null;
  /** users.is_premium while it runs: 1 Basic, 2 Advanced+. */
  level: number;
  start: number;
  end: number;
  /** What paid for it (its subscription history row); the moved rest of a split period keeps its payer. */
  source: string | null;
}

/** Paid time to add: a package (worker/plans/packages.ts), or any level for whole months (an operator's grant). */
export interface PaidTime {
  /** 1 Basic, 2 Advanced+ (a package's level). */
  level: number;
  months: number;
}

const byStart = (a: PremiumPeriod, b: PremiumPeriod) => a.start - b.start || a.end - b.end;

/**
 * The queue after buying `bought` at `now`: the new period starts after every running or scheduled period of its
 * level or higher (else now) and runs `bought.months` calendar months; every period it lands on or before moves later
 * by its exact length, and a lower-level period running at that moment is split there: its used part keeps its id
 * and ends now, its unused rest resumes (as a new period of the same payer) after the new one. Ended periods are
 * untouched. Returns the whole queue, oldest first, and the period bought.
 */
export function addPaidPeriod(
  periods: readonly PremiumPeriod[],
  bought: PaidTime,
  now: number,
): { periods: PremiumPeriod[]; added: PremiumPeriod } {
  const sorted = [...periods].sort(byStart);
  const ended = sorted.filter((p) => p.end <= now);
  const live = sorted.filter((p) => p.end > now);
  let ahead = 0;
  while (ahead < live.length && live[ahead]!.level >= bought.level) ahead++;
  const start = ahead === 0 ? now : live[ahead - 1]!.end;
  const end = addCalendarMonths(start, bought.months);
  const shift = end - start;
  const added: PremiumPeriod = { id: null, level: bought.level, start, end, source: null };
  const moved = live.slice(ahead).flatMap((p): PremiumPeriod[] =>
    p.start < start
      ? [
          { ...p, end: start },
          { ...p, id: null, start: end, end: p.end + shift },
        ]
      : [{ ...p, start: p.start + shift, end: p.end + shift }],
  );
  return { periods: [...ended, ...live.slice(0, ahead), added, ...moved].sort(byStart), added };
}

/** The period covering `at` (the highest level if several overlap), or null. */
export function periodAt(periods: readonly PremiumPeriod[], at: number): PremiumPeriod | null {
  let found: PremiumPeriod | null = null;
  for (const p of periods) if (p.start <= at && at < p.end && (!found || p.level > found.level)) found = p;
  return found;
}

/**
 * The user's premium fields at `now`: is_premium is the level of the period covering now (0 when none does);
 * premium_start and premium_end bound the unbroken paid stretch around now (periods that touch or overlap), or,
 * once it has ended, the last stretch (so "ended on" can still be shown). Null when there are no periods at all:
 * the user row's own fields then stand (premium set before periods were kept).
 */
export function premiumFields(periods: readonly PremiumPeriod[], now: number): PremiumState | null {
  if (periods.length === 0) return null;
  const current = periodAt(periods, now);
  const anchor = current ?? periods.filter((p) => p.start <= now).sort((a, b) => b.end - a.end)[0];
  if (!anchor) return { isPremium: 0, premiumStart: null, premiumEnd: null };
  let start = anchor.start;
  let end = anchor.end;
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of periods) {
      if (p.start < start && p.end >= start) [start, grew] = [p.start, true];
      if (p.end > end && p.start <= end) [end, grew] = [p.end, true];
    }
  }
  return { isPremium: current?.level ?? 0, premiumStart: start, premiumEnd: end };
}

export function samePremium(a: PremiumState, b: PremiumState): boolean {
  return a.isPremium === b.isPremium && a.premiumStart === b.premiumStart && a.premiumEnd === b.premiumEnd;
}

/**
 * The first moment after `now` when the premium fields change (a period of another level takes over, the paid
 * stretch ends or a later one begins): when the user's object must switch the plan. Null when nothing changes.
 */
export function nextPremiumChange(periods: readonly PremiumPeriod[], now: number): number | null {
  const current = premiumFields(periods, now);
  if (!current) return null;
  const boundaries = [...new Set(periods.flatMap((p) => [p.start, p.end]))]
    .filter((t) => t > now)
    .sort((a, b) => a - b);
  return boundaries.find((t) => !samePremium(premiumFields(periods, t)!, current)) ?? null;
}

/**
 * The queue to add to for a user: their periods, or, for premium set on the user row before periods were kept (and
 * still running), that premium as one period, so buying more never drops it.
 */
export function queueOf(periods: readonly PremiumPeriod[], user: PremiumState, now: number): PremiumPeriod[] {
  if (periods.length > 0 || user.isPremium <= 0 || user.premiumEnd === null || user.premiumEnd <= now)
    return [...periods];
  return [
    {
      id: null,
      level: user.isPremium,
      start: Math.min(user.premiumStart ?? now, now),
      end: user.premiumEnd,
      source: null,
    },
  ];
}
