// Time helpers: the quota day turns at 00:00 Asia/Ho_Chi_Minh (UTC+7, no daylight saving), and the API shows
// last_message_at as 'YYYY-MM-DD HH:MM:SS' (UTC), the form clients parse.

/** The quota day (Asia/Ho_Chi_Minh), declared with the rules the SPA shares. */
export { quotaDay } from "../protocol/rules";

/** 'YYYY-MM-DD HH:MM:SS' in UTC. */
export function sqlDateTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace("T", " ");
}

export function isoOrNull(ms: number | null | undefined): string | null {
  return ms === null || ms === undefined ? null : new Date(ms).toISOString();
}
