// When a paid package starts and ends. Paid premium starts at max(now, premium_end), so a renewal bought early
// queues after the running period instead of overlapping it, and runs whole calendar months in Asia/Ho_Chi_Minh
// (the product's day, as for quotas): the same day-of-month and time, clamped to the last day of shorter months
// (Jan 31 + 1 month = Feb 28, or Feb 29 in a leap year; Feb 29 + 1 year = Feb 28).
import type { PremiumPackage } from "../plans/packages";

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

export interface PremiumState {
  isPremium: number;
  premiumStart: number | null;
  premiumEnd: number | null;
}

export interface PaidPeriod {
  /** The subscription row's period. */
  start: number;
  end: number;
  /** The user's new premium fields. */
  isPremium: number;
  premiumStart: number;
  premiumEnd: number;
}

/**
 * The period a paid package buys for a user in `current` state at `now`: it starts at max(now, premium_end) and runs
 * the package's months. While premium is still running, premium_start keeps the start of the running stretch;
 * otherwise the new stretch starts now. is_premium becomes the package's level at once.
 */
export function paidPeriod(current: PremiumState, pkg: PremiumPackage, now: number): PaidPeriod {
  const running = current.premiumEnd !== null && current.premiumEnd > now;
  const start = running ? current.premiumEnd! : now;
  const end = addCalendarMonths(start, pkg.months);
  return {
    start,
    end,
    isPremium: pkg.level,
    premiumStart: running && current.isPremium > 0 && current.premiumStart !== null ? current.premiumStart : now,
    premiumEnd: end,
  };
}
