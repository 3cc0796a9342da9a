// Sorting the chat history into groups by last_message_at: today, yesterday, 3-7 days ago, 7+ days ago.
// last_message_at is UTC ('YYYY-MM-DD HH:MM:SS'); groups are by the user's local calendar days, so a chat from
// 23:30 UTC can be "today" in Hà Nội and "yesterday" in London. Starred chats are listed on their own, first; a chat in
// a project is listed under its project (projects/), not in the date groups.
import type { Chat } from "../chat/chat.schemas";

export type DateGroup = "today" | "yesterday" | "last7" | "older";
export const DATE_GROUPS: readonly DateGroup[] = ["today", "yesterday", "last7", "older"];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Parses the API's 'YYYY-MM-DD HH:MM:SS' as UTC (also accepts ISO strings). Invalid input gives NaN time. */
export function parseUtcDateTime(value: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(
    value.trim(),
  );
  if (!m) return new Date(Number.NaN);
  if (m[8]) return new Date(value.trim().replace(" ", "T"));
  const [, y, mo, d, h, mi, s, frac] = m;
  const ms = frac ? Number(frac.slice(0, 3).padEnd(3, "0")) : 0;
  return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0), ms));
}

function startOfLocalDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** Whole local calendar days between `date` and `now` (0 = same day); future dates count as today. */
export function daysAgo(date: Date, now: Date): number {
  // Math.round absorbs the 23/25-hour days of daylight-saving changes
  return Math.max(0, Math.round((startOfLocalDay(now) - startOfLocalDay(date)) / DAY_MS));
}

export function dateGroupOf(date: Date, now: Date): DateGroup {
  if (Number.isNaN(date.getTime())) return "older";
  const days = daysAgo(date, now);
  if (days === 0) return "today";
  if (days === 1) return "yesterday";
  if (days <= 7) return "last7";
  return "older";
}

export interface HistoryGroup {
  key: DateGroup | "starred";
  chats: Chat[];
}

/** Starred first, then the date groups (without the chats of projects) in order; each newest first; no empty group. */
export function groupHistory(chats: readonly Chat[], now: Date = new Date()): HistoryGroup[] {
  const time = (c: Chat) => parseUtcDateTime(c.last_message_at).getTime() || 0;
  const newestFirst = [...chats].sort((a, b) => time(b) - time(a));
  const starred = newestFirst.filter((c) => c.is_starred);
  const byGroup = new Map<DateGroup, Chat[]>(DATE_GROUPS.map((g) => [g, []]));
  for (const chat of newestFirst) {
    if (chat.is_starred || chat.project_id) continue;
    byGroup.get(dateGroupOf(parseUtcDateTime(chat.last_message_at), now))!.push(chat);
  }
  const groups: HistoryGroup[] = starred.length ? [{ key: "starred", chats: starred }] : [];
  for (const key of DATE_GROUPS) {
    const list = byGroup.get(key)!;
    if (list.length) groups.push({ key, chats: list });
  }
  return groups;
}
