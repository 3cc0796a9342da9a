// Shared links' rows in the main database (schema.ts sharedLinks): the owner's list and revoke put the user in the
// WHERE, so another user's link is simply not found; the public page finds a link by its id alone (the id is the
// secret) with the sharer's affiliate code for its sign-up link.
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "./client";
import { sharedLinks, users } from "./schema";

export type SharedLinkRow = typeof sharedLinks.$inferSelect;

/** Links listed per user, newest first: the settings screen shows them all. */
export const SHARES_LIST_MAX = 500;

export function insertShare({ db, row }: { db: Db; row: typeof sharedLinks.$inferInsert }) {
  return db.insert(sharedLinks).values(row).returning();
}

export function listShares({ db, userId }: { db: Db; userId: string }) {
  return db
    .select()
    .from(sharedLinks)
    .where(eq(sharedLinks.userId, userId))
    .orderBy(desc(sharedLinks.createdAt), desc(sharedLinks.id))
    .limit(SHARES_LIST_MAX);
}

/** A live link and its sharer's affiliate code (null when they have none), or undefined once revoked. */
export async function findShare({ db, id }: { db: Db; id: string }) {
  const [row] = await db
    .select({ link: sharedLinks, affiliateCode: users.affiliateCode })
    .from(sharedLinks)
    .innerJoin(users, eq(users.id, sharedLinks.userId))
    .where(eq(sharedLinks.id, id))
    .limit(1);
  return row;
}

/** Revokes the user's link; the deleted row, or undefined when it is not theirs. */
export async function deleteShare({ db, id, userId }: { db: Db; id: string; userId: string }) {
  const [row] = await db
    .delete(sharedLinks)
    .where(and(eq(sharedLinks.id, id), eq(sharedLinks.userId, userId)))
    .returning({ id: sharedLinks.id });
  return row;
}

/**
 * Revokes the user's links to these chats (a deleted chat is shared no more), or to all their chats when `chatIds` is
 * null ("clear all"); the ids of the deleted rows, whose snapshots the caller removes from R2.
 */
export async function deleteSharesOfChats({
  db,
  userId,
  chatIds,
}: {
  db: Db;
  userId: string;
  chatIds: string[] | null;
}) {
  const rows = await db
    .delete(sharedLinks)
    .where(
      chatIds === null
        ? eq(sharedLinks.userId, userId)
        : and(eq(sharedLinks.userId, userId), inArray(sharedLinks.chatId, chatIds)),
    )
    .returning({ id: sharedLinks.id });
  return rows.map((r) => r.id);
}
