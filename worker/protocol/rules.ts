// Rules the worker and the SPA must agree on, declared once: the chat title rule and the usage warning level.
// web/ imports this module (and the other protocol modules) and nothing else from the worker.

export const DEFAULT_TITLE = "New Chat";
const TITLE_MAX = 35;
const TITLE_CUT = 30;

export function titleFromPrompt(prompt: string): string {
  const text = prompt.replace(/\s+/g, " ").trim();
  if (!text) return DEFAULT_TITLE;
  const chars = Array.from(text); // count characters, not UTF-16 units, so Vietnamese and emoji cut cleanly
  return chars.length > TITLE_MAX ? `${chars.slice(0, TITLE_CUT).join("")}…` : text;
}

/** The usage warning levels, from nothing left to nothing to say. */
export const WARNING_LEVELS = ["zero_remaining", "critical", "warning", "notice", "none"] as const;
export type WarningLevel = (typeof WARNING_LEVELS)[number];

/** The level for the uses left after this one: 0 zero_remaining, 1–2 critical, exactly 5 warning, exactly 15 notice. */
export function warningLevel(remainingAfterUse: number): WarningLevel {
  const r = Math.max(0, remainingAfterUse);
  if (r === 0) return "zero_remaining";
  if (r <= 2) return "critical";
  if (r === 5) return "warning";
  if (r === 15) return "notice";
  return "none";
}

/** Asia/Ho_Chi_Minh is UTC+7 all year (no daylight saving time). */
const HO_CHI_MINH_OFFSET_MS = 7 * 60 * 60 * 1000;

/**
 * The quota day of an instant, as YYYY-MM-DD in Asia/Ho_Chi_Minh: daily uses count per this day on the server, and
 * the SPA's warnings and disabled lists last for the same day, wherever the browser is.
 */
export function quotaDay(nowMs = Date.now()): string {
  return new Date(nowMs + HO_CHI_MINH_OFFSET_MS).toISOString().slice(0, 10);
}
