// Chat-session queries. The user is always in the WHERE: another user's chat is simply not found.
import { and, desc, eq, lt, or, sql } from "drizzle-orm";
import type { Db } from "./client";
import type { PublicChat } from "../protocol/resources";
import { DEFAULT_TITLE } from "../protocol/rules";
import { isoOrNull, sqlDateTime } from "../lib/time";
import { deleteFeedbackOfChats } from "./feedback";
import { chatOwners, chatSessions } from "./schema";
import type { StateOwner } from "./state-owner";
import { EXPERT_PERSONAS, type ExpertPersonaId } from "../protocol/settings";

export type ChatRow = typeof chatSessions.$inferSelect;

/** The persona of a stored chat's column, or null (none, or one no longer offered). */
export function asPersona(value: string | null | undefined): ExpertPersonaId | null {
  return value && (EXPERT_PERSONAS as readonly string[]).includes(value) ? (value as ExpertPersonaId) : null;
}

export function publicChat(c: ChatRow): PublicChat {
  return {
    id: c.id,
    title: c.title,
    status: c.status,
    is_starred: c.isStarred,
    persona: asPersona(c.persona),
    last_message_at: sqlDateTime(c.lastMessageAt),
    created_at: isoOrNull(c.createdAt),
    updated_at: isoOrNull(c.updatedAt),
    project_id: c.projectId,
    system_prompt: c.systemPrompt,
    temperature: c.temperature,
    max_tokens: c.maxTokens,
  };
}

/** What a turn in the chat needs from its row besides messages (the user's object keeps it: state/chats.ts). */
export function chatContextOf(c: ChatRow) {
  return {
    persona: c.persona,
    projectId: c.projectId,
    systemPrompt: c.systemPrompt,
    temperature: c.temperature,
    maxTokens: c.maxTokens,
  };
}

/** An active (not deleted) chat of this user, or undefined. */
export async function getChat({ db, id, userId }: { db: Db; id: string; userId: string }) {
  return db.query.chatSessions.findFirst({
    where: and(eq(chatSessions.id, id), eq(chatSessions.userId, userId), eq(chatSessions.status, "active")),
  });
}

/**
 * A chat id drawn by the server: a random UUID marked version 8 ("custom", RFC 9562) where random UUIDs carry 4.
 * 122 random bits make it unique across all shards without recording it anywhere; the mark tells it apart from an id
 * a client picked for itself, which is recorded (chat_owners) because a client may pick any id.
 */
export function newChatId(): string {
  const id = crypto.randomUUID();
  return `${id.slice(0, 14)}8${id.slice(15)}`;
}

const SERVER_CHAT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** True for an id of the server's form (newChatId): only the server creates a chat with such an id. */
export function isServerChatId(id: string): boolean {
  return SERVER_CHAT_ID.test(id);
}

/**
 * Creates a chat in the user's shard (`db`). Its id is unique across all shards: one the server draws (newChatId) by
 * its randomness, one the caller picks (the media API's initialize) by being claimed first in the main database
 * (`main`, chat_owners), in the same round trip as the owner is read back. Undefined when the caller's id is another
 * user's, is of the server's form (a client cannot create one: it can only copy another chat's), or is already a
 * chat of this user's.
 */
export async function createChat({
  db,
  main,
  userId,
  id,
  title,
  persona,
  projectId,
}: {
  db: Db;
  main: Db;
  userId: string;
  id?: string;
  title?: string;
  persona?: ExpertPersonaId | null;
  /** The project the chat starts in (the caller has checked it is the user's), or none. */
  projectId?: string | null;
}) {
  const chatId = id ?? newChatId();
  if (id !== undefined) {
    if (isServerChatId(id)) return undefined;
    // Claimed now or before (a create that failed after its claim can be retried): the id is this user's.
    const [, [owner]] = await main.batch([
      main.insert(chatOwners).values({ chatId, userId }).onConflictDoNothing(),
      main.select({ userId: chatOwners.userId }).from(chatOwners).where(eq(chatOwners.chatId, chatId)),
    ]);
    if (owner?.userId !== userId) return undefined;
  }
  const now = Date.now();
  const [row] = await db
    .insert(chatSessions)
    .values({
      id: chatId,
      userId,
      title: title?.trim() || DEFAULT_TITLE,
      persona: persona ?? null,
      projectId: projectId ?? null,
      createdAt: now,
      updatedAt: now,
      lastMessageAt: now,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

/**
 * The user's active chats, newest last_message_at first; `before` pages on (last_message_at, id). With `projectId`,
 * only that project's chats.
 */
export async function listChats({
  db,
  userId,
  limit,
  before,
  projectId,
}: {
  db: Db;
  userId: string;
  limit: number;
  before?: { lastMessageAt: number; id: string };
  projectId?: string;
}) {
  const page = before
    ? or(
        lt(chatSessions.lastMessageAt, before.lastMessageAt),
        and(eq(chatSessions.lastMessageAt, before.lastMessageAt), lt(chatSessions.id, before.id)),
      )
    : undefined;
  return db
    .select()
    .from(chatSessions)
    .where(
      and(
        eq(chatSessions.userId, userId),
        eq(chatSessions.status, "active"),
        projectId === undefined ? undefined : eq(chatSessions.projectId, projectId),
        page,
      ),
    )
    .orderBy(desc(chatSessions.lastMessageAt), desc(chatSessions.id))
    .limit(limit);
}

export type ChatPatch = Partial<{
  title: string;
  status: "active" | "deleted";
  isStarred: boolean;
  /** The project the chat moves into (the caller has checked it is the user's), or null to take it out. */
  projectId: string | null;
}>;

/**
 * After chats of the user were marked deleted: the user's object forgets them, and their ratings go with their counts
 * (message_feedback, in the main database `main`). The ratings cannot go in the batch that marks the chats: the chats
 * are in the user's chat shard, another D1 database for every user placed on one, and a batch runs in one database.
 * So they go once the chats' rows are written (a new rating of a deleted chat is refused: the rating route checks the
 * chat is active). Should this fail, the chats stay deleted with their ratings still counted.
 */
async function afterDelete({
  main,
  owner,
  userId,
  chatIds,
}: {
  main: Db;
  owner: StateOwner;
  userId: string;
  /** null: every chat of the user. */
  chatIds: string[] | null;
}) {
  await Promise.all([owner.forgetChats(chatIds ?? "all"), deleteFeedbackOfChats({ db: main, userId, chatIds })]);
}

/**
 * Renames, stars or deletes an active chat of the user. A deleted chat is forgotten by the user's object, which
 * answers turns from its own copy of the chat: a later turn in it is refused; its ratings go (in `main`).
 */
export async function updateChat({
  db,
  main,
  owner,
  id,
  userId,
  patch,
}: {
  db: Db;
  /** The main database, where the chat's ratings are. */
  main: Db;
  owner: StateOwner;
  id: string;
  userId: string;
  patch: ChatPatch;
}) {
  const [row] = await db
    .update(chatSessions)
    .set({ ...patch, updatedAt: Date.now() })
    .where(and(eq(chatSessions.id, id), eq(chatSessions.userId, userId), eq(chatSessions.status, "active")))
    .returning();
  if (row && patch.status === "deleted") await afterDelete({ main, owner, userId, chatIds: [id] });
  else if (row && patch.status !== undefined) await owner.forgetChats([id]);
  return row;
}

export async function toggleStar({ db, id, userId, value }: { db: Db; id: string; userId: string; value?: boolean }) {
  const [row] = await db
    .update(chatSessions)
    .set({ isStarred: value ?? sql`NOT ${chatSessions.isStarred}`, updatedAt: Date.now() })
    .where(and(eq(chatSessions.id, id), eq(chatSessions.userId, userId), eq(chatSessions.status, "active")))
    .returning();
  return row;
}

/**
 * Marks the user's active chats in a project deleted (the project is deleted with its chats), as PATCH status
 * 'deleted' does one chat: the user's object forgets them and their ratings go (in `main`). Returns their ids.
 */
export async function deleteChatsOfProject({
  db,
  main,
  owner,
  userId,
  projectId,
}: {
  db: Db;
  /** The main database, where the chats' ratings are. */
  main: Db;
  owner: StateOwner;
  userId: string;
  projectId: string;
}) {
  const rows = await db
    .update(chatSessions)
    .set({ status: "deleted", updatedAt: Date.now() })
    .where(
      and(eq(chatSessions.userId, userId), eq(chatSessions.projectId, projectId), eq(chatSessions.status, "active")),
    )
    .returning({ id: chatSessions.id });
  const ids = rows.map((r) => r.id);
  if (ids.length > 0) await afterDelete({ main, owner, userId, chatIds: ids });
  return ids;
}

/**
 * Marks every active chat of the user deleted ("clear conversations"), forgotten by the user's object, and takes back
 * every rating of theirs (in `main`: all their chats are deleted now); returns how many chats.
 */
export async function deleteAllChats({
  db,
  main,
  owner,
  userId,
}: {
  db: Db;
  /** The main database, where the chats' ratings are. */
  main: Db;
  owner: StateOwner;
  userId: string;
}) {
  const rows = await db
    .update(chatSessions)
    .set({ status: "deleted", updatedAt: Date.now() })
    .where(and(eq(chatSessions.userId, userId), eq(chatSessions.status, "active")))
    .returning({ id: chatSessions.id });
  await afterDelete({ main, owner, userId, chatIds: null });
  return rows.length;
}
