// The daily-usage headers that every model, search and image answer carries, declared once: the worker writes them
// (usageHeaders) and the SPA reads them (readUsageHeaders). X-Remaining-Usage is the uses of the quota left after this
// one, X-Warning-Level its warning level (rules.ts), X-Total-Usage the day's total; a refusal for a used-up quota
// (403 quota_exhausted) carries 0 and zero_remaining. An answer that took no use (an external model on the user's own
// key) carries none of them.
import { WARNING_LEVELS, type WarningLevel } from "./rules";

export const USAGE_HEADERS = {
  remaining: "X-Remaining-Usage",
  level: "X-Warning-Level",
  total: "X-Total-Usage",
} as const;

export interface Usage {
  /** Uses left today after this one. */
  remaining: number;
  level: WarningLevel;
}

/** The headers of an answer that took a use; `total` (the day's uses) is sent when known. */
export function usageHeaders(usage: Usage & { total?: number }): Record<string, string> {
  return {
    [USAGE_HEADERS.remaining]: String(usage.remaining),
    [USAGE_HEADERS.level]: usage.level,
    ...(usage.total === undefined ? {} : { [USAGE_HEADERS.total]: String(usage.total) }),
  };
}

/** The headers of a refusal because the quota is used up. */
export const USED_UP_HEADERS = usageHeaders({ remaining: 0, level: "zero_remaining" });

/** The usage an answer reports, or null when it reports none (or a count that is not a number). */
export function readUsageHeaders(headers: Headers): Usage | null {
  const raw = headers.get(USAGE_HEADERS.remaining);
  const remaining = Number(raw);
  if (raw === null || raw.trim() === "" || !Number.isFinite(remaining)) return null;
  const level = headers.get(USAGE_HEADERS.level);
  return { remaining, level: WARNING_LEVELS.find((l) => l === level) ?? "none" };
}
