// D1's copy of the user sessions. The user's Durable Object owns the live session state (durable-objects/state/sessions.ts)
// and writes every change through to here, so D1 keeps the record for reporting and for migrating an object that
// has not loaded its state yet. Nothing on a request path reads sessions from D1.
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "./client";
import type { LogoutReason } from "../protocol/socket";
import { userSessions } from "./schema";

export interface SessionRow {
  id: string;
  userId: string;
  tokenHash: string;
  userAgent: string;
  ip: string | null;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
}

/** Records a new session and the ones it replaced (past the plan's limit), in one batch. */
export async function recordSession({
  db,
  session,
  replacedIds,
}: {
  db: Db;
  session: SessionRow;
  replacedIds: string[];
}) {
  const insert = db.insert(userSessions).values(session);
  if (replacedIds.length === 0) {
    await insert;
    return;
  }
  await db.batch([
    insert,
    db
      .update(userSessions)
      .set({ revokedAt: session.createdAt, revokedReason: "replaced" })
      .where(
        and(
          eq(userSessions.userId, session.userId),
          inArray(userSessions.id, replacedIds),
          isNull(userSessions.revokedAt),
        ),
      ),
  ]);
}

/** Records that these sessions of the user ended. */
export async function recordRevoked({
  db,
  userId,
  ids,
  reason,
}: {
  db: Db;
  userId: string;
  ids: string[];
  reason: LogoutReason;
}) {
  if (ids.length === 0) return;
  await db
    .update(userSessions)
    .set({ revokedAt: Date.now(), revokedReason: reason })
    .where(and(eq(userSessions.userId, userId), inArray(userSessions.id, ids), isNull(userSessions.revokedAt)));
}

export async function recordSeen({ db, id, userId, at }: { db: Db; id: string; userId: string; at: number }) {
  await db
    .update(userSessions)
    .set({ lastSeenAt: at })
    .where(and(eq(userSessions.id, id), eq(userSessions.userId, userId)));
}
