// Users' own prompts (schema.ts userPrompts, "My prompts" in the library): every query puts the user in its WHERE, so
// another user's prompt is simply not found. The per-user limit is checked inside the insert itself, so two saves at
// once cannot pass it together.
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "./client";
import { userPrompts, users } from "./schema";

export type UserPromptRow = typeof userPrompts.$inferSelect;

/**
 * The user's prompts, the most recently changed first, the later saved first within a millisecond (at most `max`: the
 * per-user limit).
 */
export function listUserPrompts({ db, userId, max }: { db: Db; userId: string; max: number }) {
  return db
    .select()
    .from(userPrompts)
    .where(eq(userPrompts.userId, userId))
    .orderBy(desc(userPrompts.updatedAt), sql`rowid DESC`)
    .limit(max);
}

/** Saves a new prompt for the user; undefined when the user already keeps `max` prompts (nothing written). */
export async function insertUserPrompt({
  db,
  userId,
  title,
  text,
  now,
  max,
}: {
  db: Db;
  userId: string;
  title: string;
  text: string;
  now: number;
  max: number;
}): Promise<UserPromptRow | undefined> {
  const kept = db.select({ n: count() }).from(userPrompts).where(eq(userPrompts.userId, userId));
  // INSERT INTO user_prompts SELECT id, user, title, text, now, now FROM users WHERE id = user AND (kept) < max
  const [row] = await db
    .insert(userPrompts)
    .select(
      db
        .select({
          id: sql<string>`${crypto.randomUUID()}`.as("id"),
          userId: users.id,
          title: sql<string>`${title}`.as("title"),
          text: sql<string>`${text}`.as("text"),
          createdAt: sql<number>`${now}`.as("created_at"),
          updatedAt: sql<number>`${now}`.as("updated_at"),
        })
        .from(users)
        .where(and(eq(users.id, userId), sql`(${kept}) < ${max}`)),
    )
    .returning();
  return row;
}

/** Changes the user's prompt; the row after the change, or undefined when it is not theirs. */
export async function updateUserPrompt({
  db,
  userId,
  id,
  title,
  text,
  now,
}: {
  db: Db;
  userId: string;
  id: string;
  title?: string;
  text?: string;
  now: number;
}): Promise<UserPromptRow | undefined> {
  const [row] = await db
    .update(userPrompts)
    .set({ title, text, updatedAt: now })
    .where(and(eq(userPrompts.id, id), eq(userPrompts.userId, userId)))
    .returning();
  return row;
}

/** Deletes the user's prompt; its id, or undefined when it is not theirs. */
export async function deleteUserPrompt({ db, userId, id }: { db: Db; userId: string; id: string }) {
  const [row] = await db
    .delete(userPrompts)
    .where(and(eq(userPrompts.id, id), eq(userPrompts.userId, userId)))
    .returning({ id: userPrompts.id });
  return row?.id;
}
