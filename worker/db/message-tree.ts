// A chat's messages form a tree: each names the message it follows (parent_id), so an edited question and a
// regenerated answer are new versions beside what they replace instead of overwriting it. The chat shows one branch,
// the path from its first message down to one leaf; its rows carry on_path = 1, so every reader of a chat (its pages,
// the model's context, exports) reads the path as a plain ordered list: along a path each message is newer than the
// one it follows. Choosing a version moves the path (one UPDATE); a fork copies a path into a new chat.
import { and, asc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { Db } from "./client";
import { newChatId } from "./chats";
import { chatSessions, messages } from "./schema";

/**
 * Depth bound of the recursive walks, in messages: far past any real chat (the longest paged test chat has 1,000),
 * and a stop should rows ever point at each other.
 */
const MAX_DEPTH = 100_000;

/** The recursive CTE `up(id, …)`: the message and each one it follows, up to the chat's first. */
function upFrom(chatId: string, userId: string, messageId: string): SQL {
  return sql`up(id, parent, depth) AS (
    SELECT message_id, parent_id, 0 FROM messages
    WHERE chat_id = ${chatId} AND user_id = ${userId} AND message_id = ${messageId}
    UNION ALL
    SELECT m.message_id, m.parent_id, up.depth + 1 FROM messages m JOIN up ON m.chat_id = ${chatId} AND m.message_id = up.parent
    WHERE up.depth < ${MAX_DEPTH}
  )`;
}

/**
 * The message ids of the branch through `messageId`: its ancestors up to the chat's first message, itself, and below
 * it the newest version at each step down to a leaf (the answers written last under the version chosen).
 */
function branchThrough(chatId: string, userId: string, messageId: string): SQL {
  return sql`
    WITH RECURSIVE
      ${upFrom(chatId, userId, messageId)},
      down(id, depth) AS (
        SELECT message_id, 0 FROM messages
        WHERE chat_id = ${chatId} AND user_id = ${userId} AND message_id = ${messageId}
        UNION ALL
        SELECT (
          SELECT c.message_id FROM messages c WHERE c.chat_id = ${chatId} AND c.parent_id = down.id
          ORDER BY c.created_at DESC, c.id DESC LIMIT 1
        ), down.depth + 1 FROM down
        WHERE down.id IS NOT NULL AND down.depth < ${MAX_DEPTH}
      )
    SELECT id FROM up UNION SELECT id FROM down WHERE id IS NOT NULL`;
}

/**
 * The statement that makes the chat show the branch through `messageId` (see branchThrough): only the rows whose
 * on_path changes are written. Does nothing when the chat has no such message of the user.
 */
export function showBranchStatement({
  db,
  chatId,
  userId,
  messageId,
}: {
  db: Db;
  chatId: string;
  userId: string;
  messageId: string;
}) {
  const onBranch = sql`(${messages.messageId} IN (${branchThrough(chatId, userId, messageId)}))`;
  return db
    .update(messages)
    .set({ onPath: sql`${onBranch}` })
    .where(
      and(
        eq(messages.chatId, chatId),
        eq(messages.userId, userId),
        sql`${messages.onPath} IS NOT ${onBranch}`,
        sql`EXISTS (SELECT 1 FROM messages WHERE chat_id = ${chatId} AND user_id = ${userId} AND message_id = ${messageId})`,
      ),
    );
}

/** The message of the user's chat, with where it sits in the tree; undefined when there is none. */
export async function getTreeMessage({
  db,
  chatId,
  userId,
  messageId,
}: {
  db: Db;
  chatId: string;
  userId: string;
  messageId: string;
}) {
  const [row] = await db
    .select({ messageId: messages.messageId, parentId: messages.parentId, onPath: messages.onPath })
    .from(messages)
    .where(and(eq(messages.chatId, chatId), eq(messages.userId, userId), eq(messages.messageId, messageId)))
    .limit(1);
  return row;
}

/**
 * The ids of every version of a message (it and its siblings: the messages that follow the same one), oldest
 * first, as a JSON array; null when it is the only one. For a select of the messages table beside its own columns
 * (named in full: drizzle writes a column of a one-table select without its table, which the subquery's own table
 * would take).
 */
export const versionsColumn = sql<string | null>`(
  SELECT CASE WHEN count(*) > 1 THEN json_group_array(v.message_id) END FROM (
    SELECT s.message_id FROM messages s
    WHERE s.chat_id = messages.chat_id AND s.parent_id IS messages.parent_id
    ORDER BY s.created_at, s.id
  ) v
)`.as("versions");

/** A message's versions as versionsColumn reads them: the ids, or [] for a message without others. */
export function versionsOf(column: string | null | undefined): string[] {
  if (!column) return [];
  const ids: unknown = JSON.parse(column);
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : [];
}

/**
 * A new chat of the user holding the path of `chatId` down to `messageId` (that message included; the versions
 * beside it stay behind): "continue in a new chat". One batch: the chat and its messages are there together or not
 * at all. Undefined when the chat has no such message of the user's.
 */
export async function forkChat({
  db,
  chatId,
  userId,
  messageId,
  title,
  persona,
}: {
  db: Db;
  chatId: string;
  userId: string;
  messageId: string;
  title: string;
  persona: string | null;
}) {
  const target = await getTreeMessage({ db, chatId, userId, messageId });
  if (!target) return undefined;
  const id = newChatId();
  const now = Date.now();
  // every column of the table, in its order (an INSERT … SELECT names them all): a new row id, the new chat, and the
  // rest copied
  const copied = Object.values(getTableColumns(messages)).map((column) => {
    if (column === messages.id) return sql`NULL`;
    if (column === messages.chatId) return sql`${id}`;
    if (column === messages.updatedAt) return sql`${now}`;
    if (column === messages.onPath) return sql`1`;
    return sql.identifier(column.name);
  });
  const ancestors = sql`WITH RECURSIVE ${upFrom(chatId, userId, messageId)} SELECT id FROM up`;
  const [[chat]] = await db.batch([
    db
      .insert(chatSessions)
      .values({ id, userId, title, persona, createdAt: now, updatedAt: now, lastMessageAt: now })
      .returning(),
    db.insert(messages).select(
      sql`SELECT ${sql.join(copied, sql`, `)} FROM messages
        WHERE chat_id = ${chatId} AND user_id = ${userId} AND message_id IN (${ancestors})
        ORDER BY created_at, id`,
    ),
  ]);
  return chat;
}

/** Every message of the user's chat, every version of each, oldest first (the download of all the user's data). */
export function listChatTree({ db, chatId, userId }: { db: Db; chatId: string; userId: string }) {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.chatId, chatId), eq(messages.userId, userId)))
    .orderBy(asc(messages.createdAt), asc(messages.id));
}
