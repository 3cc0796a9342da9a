// User-session queries. Creating a session and ending the oldest ones past the plan's limit happen in one D1 batch,
// and the "keep the newest N" rule is a single UPDATE, so concurrent logins can never leave more than N active.
import { and, desc, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../env";
import { userSessions, users } from "./schema";
import type { LogoutReason } from "../protocol/socket";

export async function createSession({
  db,
  id,
  userId,
  tokenHash,
  userAgent,
  ip,
  expiresAt,
  limit,
}: {
  db: Db;
  id: string;
  userId: string;
  tokenHash: string;
  userAgent: string;
  ip: string | null;
  expiresAt: number;
  limit: number;
}): Promise<{ revokedIds: string[] }> {
  const now = Date.now();
  const [, revoked] = await db.batch([
    db.insert(userSessions).values({ id, userId, tokenHash, userAgent, ip, createdAt: now, lastSeenAt: now, expiresAt }),
    db
      .update(userSessions)
      .set({ revokedAt: now, revokedReason: "replaced" })
      .where(
        and(
          eq(userSessions.userId, userId),
          isNull(userSessions.revokedAt),
          sql`${userSessions.id} NOT IN (SELECT ${userSessions.id} FROM ${userSessions} WHERE ${userSessions.userId} = ${userId}
              AND ${userSessions.revokedAt} IS NULL AND ${userSessions.expiresAt} > ${now}
              ORDER BY ${userSessions.createdAt} DESC, rowid DESC LIMIT ${limit})`,
        ),
      )
      .returning({ id: userSessions.id }),
  ]);
  return { revokedIds: revoked.map((r) => r.id).filter((r) => r !== id) };
}

/** The session and its user when the session is active and unexpired; null otherwise. */
export async function getActiveSession({ db, id, userId }: { db: Db; id: string; userId: string }) {
  const now = Date.now();
  const [row] = await db
    .select({ session: userSessions, user: users })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(
      and(eq(userSessions.id, id), eq(userSessions.userId, userId), isNull(userSessions.revokedAt), gt(userSessions.expiresAt, now)),
    )
    .limit(1);
  return row ?? null;
}

export async function listActiveSessions({ db, userId }: { db: Db; userId: string }) {
  return db
    .select()
    .from(userSessions)
    .where(and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt), gt(userSessions.expiresAt, Date.now())))
    .orderBy(desc(userSessions.createdAt));
}

/** Ends one of the user's sessions, found by id or token hash. Returns its id, or null if there is no such session. */
export async function revokeSession({
  db,
  userId,
  id,
  tokenHash,
  reason,
}: {
  db: Db;
  userId: string;
  id?: string;
  tokenHash?: string;
  reason: LogoutReason;
}): Promise<string | null> {
  const match = id !== undefined ? eq(userSessions.id, id) : tokenHash !== undefined ? eq(userSessions.tokenHash, tokenHash) : undefined;
  if (!match) return null;
  const [row] = await db
    .update(userSessions)
    .set({ revokedAt: Date.now(), revokedReason: reason })
    .where(and(match, eq(userSessions.userId, userId), isNull(userSessions.revokedAt)))
    .returning({ id: userSessions.id });
  return row?.id ?? null;
}

/** Ends several of the user's active sessions: these ids, or all but `allExcept`. Returns the ids ended. */
export async function revokeSessions({
  db,
  userId,
  reason,
  ...which
}: { db: Db; userId: string; reason: LogoutReason } & ({ sessionIds: string[] } | { allExcept: string | null })): Promise<string[]> {
  const match =
    "sessionIds" in which
      ? which.sessionIds.length > 0
        ? inArray(userSessions.id, which.sessionIds)
        : undefined
      : which.allExcept !== null
        ? ne(userSessions.id, which.allExcept)
        : sql`1 = 1`;
  if (!match) return [];
  const rows = await db
    .update(userSessions)
    .set({ revokedAt: Date.now(), revokedReason: reason })
    .where(and(match, eq(userSessions.userId, userId), isNull(userSessions.revokedAt)))
    .returning({ id: userSessions.id });
  return rows.map((r) => r.id);
}

export async function touchSession({ db, id, userId }: { db: Db; id: string; userId: string }) {
  await db
    .update(userSessions)
    .set({ lastSeenAt: Date.now() })
    .where(and(eq(userSessions.id, id), eq(userSessions.userId, userId)));
}
