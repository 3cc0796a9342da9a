// Types of local-db.mjs, for the TypeScript that imports it (the browser tests prepare one database for their
// products).
/** What wrangler needs to run offline: no metrics, no update banner, no request.cf lookup. */
export const OFFLINE_WRANGLER_ENV: Record<string, string>;
/** Migrates and seeds the local database in `persistTo` (wrangler's default state folder when absent). */
export function prepareLocalDatabase(opts?: { persistTo?: string; stdio?: "inherit" | "pipe" }): Promise<void>;
