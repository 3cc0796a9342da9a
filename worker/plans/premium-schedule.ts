// When the user's Durable Object pushes `premium_expiration`: 3 days before premium ends, 1 day before, and at the
// end itself (when the plan's limits fall back to Free). Pure functions of premium_end and now, so the object's alarm
// can ask "which reminder is due now?" and "when is the next one?" after every wake-up, hibernation or plan change.

const DAY_MS = 24 * 60 * 60 * 1000;

export type PremiumReminderKind = "three_days" | "one_day" | "ended";

/** Reminder offsets before premium_end, earliest first: 3 days, 1 day, and 0 (the end). */
export const PREMIUM_REMINDERS: readonly { kind: PremiumReminderKind; beforeEndMs: number }[] = [
  { kind: "three_days", beforeEndMs: 3 * DAY_MS },
  { kind: "one_day", beforeEndMs: 1 * DAY_MS },
  { kind: "ended", beforeEndMs: 0 },
];

export interface PremiumReminder {
  kind: PremiumReminderKind;
  /** When it is due, ms since the epoch. */
  at: number;
}

/**
 * The next reminder strictly after `now`, or null when none is left (premium already ended, or never started).
 * A reminder whose time passed before the purchase (bought with 2 days left) is skipped, not sent late.
 */
export function nextPremiumReminder({
  premiumEnd,
  now,
}: {
  premiumEnd: number | null;
  now: number;
}): PremiumReminder | null {
  if (premiumEnd === null) return null;
  for (const r of PREMIUM_REMINDERS) {
    const at = premiumEnd - r.beforeEndMs;
    if (at > now) return { kind: r.kind, at };
  }
  return null;
}

/**
 * The reminder due at `now`: the latest one whose time has come, provided it came within `graceMs` (an alarm that
 * fires late still sends it; one that was already due long before, e.g. on an object woken days later, does not
 * repeat an old warning). Default grace: 1 day.
 */
export function duePremiumReminder({
  premiumEnd,
  now,
  graceMs = DAY_MS,
}: {
  premiumEnd: number | null;
  now: number;
  graceMs?: number;
}): PremiumReminder | null {
  if (premiumEnd === null) return null;
  let due: PremiumReminder | null = null;
  for (const r of PREMIUM_REMINDERS) {
    const at = premiumEnd - r.beforeEndMs;
    if (at <= now) due = { kind: r.kind, at };
  }
  return due && now - due.at <= graceMs ? due : null;
}

/** The `premium_expiration` frame's fields (worker/protocol/socket.ts) for premium_end at `now`. */
export function premiumExpirationFields({ premiumEnd, now }: { premiumEnd: number; now: number }) {
  const expired = premiumEnd <= now;
  return {
    premium_end: new Date(premiumEnd).toISOString(),
    expired,
    days_left: expired ? 0 : Math.ceil((premiumEnd - now) / DAY_MS),
  };
}
