// Time helpers: the quota day turns at 00:00 Asia/Ho_Chi_Minh (UTC+7, no daylight saving), and the API shows
// last_message_at as 'YYYY-MM-DD HH:MM:SS' (UTC) as the spec gives it.

const HO_CHI_MINH_OFFSET_MS = 7 * 60 * 60 * 1000;

/** The quota day for an instant, as YYYY-MM-DD in Asia/Ho_Chi_Minh. */
export function quotaDay(nowMs = Date.now()): string {
  return new Date(nowMs + HO_CHI_MINH_OFFSET_MS).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD HH:MM:SS' in UTC. */
export function sqlDateTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace("T", " ");
}

export function isoOrNull(ms: number | null | undefined): string | null {
  return ms === null || ms === undefined ? null : new Date(ms).toISOString();
}
