// The operator console's audit log: every change an operator makes is written here, who, what, on what, before and
// after, in the same batch as the change where there is one (so a change without its row cannot happen), and read
// back newest first for the console. The table refuses updates and deletes (migration 0016).
import { desc, lt } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../db/client";
import { adminAudit } from "../db/schema";

export interface AuditEntry {
  admin: { id: string; email: string };
  /** What was done, e.g. "end_sessions", "grant_plan". */
  action: string;
  /** What it was done to, e.g. "user:<id>", "transfer:<id>". */
  target: string;
  before: unknown;
  after: unknown;
}

/** The statement that appends one entry (batchable with the change it records). */
export function auditStatement({ db, entry }: { db: Db; entry: AuditEntry }): BatchItem<"sqlite"> {
  return db.insert(adminAudit).values({
    id: crypto.randomUUID(),
    adminId: entry.admin.id,
    adminEmail: entry.admin.email,
    action: entry.action,
    target: entry.target,
    before: entry.before ?? null,
    after: entry.after ?? null,
    at: Date.now(),
  });
}

/** Entries newest first, `limit` at most, older than `before` (ms) when given. */
export function readAudit({ db, limit, before }: { db: Db; limit: number; before?: number }) {
  return db
    .select()
    .from(adminAudit)
    .where(before === undefined ? undefined : lt(adminAudit.at, before))
    .orderBy(desc(adminAudit.at), desc(adminAudit.id))
    .limit(limit);
}
