// Message queries: the chat's messages in order (whole, or a page at a time newest first) along the branch it shows
// (message-tree.ts), each with its versions, and idempotent saves that upsert by (chat, message_id) in one D1 batch
// together with the chat's last_message_at (and its title, from the first user prompt).
import { and, asc, desc, eq, getTableColumns, lt, or, type Placeholder, sql } from "drizzle-orm";
import { compiledStatement, statementOf } from "./compiled-statement";
import type { Db } from "./client";
import type { AttachmentRef, PublicMessage } from "../protocol/resources";
import { DEFAULT_TITLE, titleFromPrompt } from "../protocol/rules";
import { isoOrNull } from "../lib/time";
import { type ChatRow, getChat } from "./chats";
import { chatSessions, messages } from "./schema";
import type { StateOwner } from "./state-owner";
import { showBranchStatement, versionsColumn, versionsOf } from "./message-tree";

/** A message as the chat's readers get it: its row, and the ids of its versions when it has others (versionsColumn). */
export type MessageRow = typeof messages.$inferSelect & { versions?: string | null };

/** The columns of a message read for a chat's pages: the row and its versions. */
const PAGE_COLUMNS = { ...getTableColumns(messages), versions: versionsColumn };

export interface MessageInput {
  messageId: string;
  sender: "user" | "bot";
  message: string;
  model?: string | null;
  endpoint?: string | null;
  source?: string | null;
  citations?: unknown[] | null;
  edited?: boolean;
  editedAt?: number | null;
  originalMessage?: string | null;
  isEditResponse?: boolean;
  forEditedMessageId?: string | null;
  stopped?: boolean;
  error?: string | null;
  /** A failed answer's request id (schema.ts); absent for any other message. */
  requestId?: string | null;
  isSearchMode?: boolean;
  isImageMode?: boolean;
  safetyViolation?: boolean;
  offline?: boolean;
  attachments?: AttachmentRef[] | null;
  createdAt?: number;
  /**
   * The message this one follows. Absent: the last message of the branch the chat shows when the row is inserted,
   * so a save of several new messages chains them in order. Never changed on a row that exists.
   */
  parentId?: string | null;
}

export function publicMessage(m: MessageRow): PublicMessage {
  return {
    message_id: m.messageId,
    sender: m.sender,
    message: m.message,
    model: m.model,
    endpoint: m.endpoint,
    citations: m.citations ?? [],
    edited: m.edited,
    edited_at: isoOrNull(m.editedAt),
    original_message: m.originalMessage,
    is_edit_response: m.isEditResponse,
    for_edited_message_id: m.forEditedMessageId,
    stopped: m.stopped,
    error: m.error,
    // only on a failed answer that has one: every other message goes without the field
    ...(m.requestId ? { request_id: m.requestId } : {}),
    isSearchMode: m.isSearchMode,
    isImageMode: m.isImageMode,
    safety_violation: m.safetyViolation,
    offline: m.offline,
    attachments: m.attachments ?? [],
    created_at: isoOrNull(m.createdAt),
    timestamp: isoOrNull(m.createdAt),
    parent_id: m.parentId,
    ...(m.versions ? { versions: versionsOf(m.versions) } : {}),
  };
}

export async function listMessages({
  db,
  chatId,
  userId,
  limit,
}: {
  db: Db;
  chatId: string;
  userId: string;
  /** At most this many, oldest first. */
  limit?: number;
}) {
  const query = db
    .select(PAGE_COLUMNS)
    .from(messages)
    .where(and(eq(messages.chatId, chatId), eq(messages.userId, userId), eq(messages.onPath, true)))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  return limit === undefined ? query : query.limit(limit);
}

/** A position in a chat's messages: the (created_at, row id) of a message; pages hold what comes before it. */
export interface MessageCursor {
  createdAt: number;
  id: number;
}

export function messageCursorOf(m: MessageRow): string {
  return `${m.createdAt}~${m.id}`;
}

/** Reads a cursor made by messageCursorOf (the caller has checked it against CONTENT_CURSOR). */
export function parseMessageCursor(s: string): MessageCursor {
  const at = s.indexOf("~");
  return { createdAt: Number(s.slice(0, at)), id: Number(s.slice(at + 1)) };
}

/**
 * One page of a chat's messages, newest first from `before` (or from the end): at most `limit` messages and, past the
 * first, no more than `maxBytes` of public JSON. Answered oldest first, with the cursor to the older messages (null
 * when there are none).
 */
export async function listMessagesPage({
  db,
  chatId,
  userId,
  limit,
  before,
  maxBytes = Number.POSITIVE_INFINITY,
}: {
  db: Db;
  chatId: string;
  userId: string;
  limit: number;
  before?: MessageCursor;
  maxBytes?: number;
}) {
  const older = before
    ? or(
        lt(messages.createdAt, before.createdAt),
        and(eq(messages.createdAt, before.createdAt), lt(messages.id, before.id)),
      )
    : undefined;
  // One extra row tells whether older messages exist.
  const rows = await db
    .select(PAGE_COLUMNS)
    .from(messages)
    .where(and(eq(messages.chatId, chatId), eq(messages.userId, userId), eq(messages.onPath, true), older))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit + 1);
  const page: MessageRow[] = [];
  let bytes = 0;
  for (const row of rows.slice(0, limit)) {
    const size = JSON.stringify(publicMessage(row)).length;
    if (page.length > 0 && bytes + size > maxBytes) break;
    page.push(row);
    bytes += size;
  }
  const oldest = page.at(-1);
  const nextBefore = oldest && rows.length > page.length ? messageCursorOf(oldest) : null;
  return { messages: page.reverse(), nextBefore };
}

/** The user's active chat and its first `limit` messages in order (all without one), or undefined when not theirs. */
export async function getChatWithMessages({
  db,
  chatId,
  userId,
  limit,
}: {
  db: Db;
  chatId: string;
  userId: string;
  limit?: number;
}) {
  const [chat, rows] = await Promise.all([
    getChat({ db, id: chatId, userId }),
    listMessages({ db, chatId, userId, limit }),
  ]);
  return chat ? { chat, messages: rows } : undefined;
}

/** The user's active chat and one page of its messages (see listMessagesPage), or undefined when it is not theirs. */
export async function getChatWithMessagesPage(params: {
  db: Db;
  chatId: string;
  userId: string;
  limit: number;
  before?: MessageCursor;
  maxBytes?: number;
}) {
  const [chat, page] = await Promise.all([
    getChat({ db: params.db, id: params.chatId, userId: params.userId }),
    listMessagesPage(params),
  ]);
  return chat ? { chat, ...page } : undefined;
}

/**
 * The chat-content shape both APIs answer with, as clients read it (data.chats[0] holds title and messages). `running`
 * are the answers still being written (from the user's object, with their questions), shown after the saved messages.
 * A running turn that starts a new branch (an edited question, another answer) replaces what follows the message it
 * follows: the branch it leaves is not shown under it (it becomes the path when the turn is saved).
 */
export function publicChatContent(chat: ChatRow, rows: MessageRow[], running: PublicMessage[] = []) {
  let saved = rows.map(publicMessage);
  const ids = new Set(saved.map((m) => m.message_id));
  const added = running.filter((m) => !ids.has(m.message_id));
  const from = added[0]?.parent_id;
  const at = from ? saved.findIndex((m) => m.message_id === from) : -1;
  if (at >= 0) saved = saved.slice(0, at + 1);
  return { chats: [{ id: chat.id, title: chat.title, messages: [...saved, ...added] }] };
}

/** The last message of the branch the chat shows, read when a row that names no parent is inserted. */
function lastOnPath(chatId: string | Placeholder, userId: string | Placeholder) {
  return sql`(SELECT ${messages.messageId} FROM ${messages} WHERE ${messages.chatId} = ${chatId} AND ${messages.userId} = ${userId} AND ${messages.onPath} = 1 ORDER BY ${messages.createdAt} DESC, ${messages.id} DESC LIMIT 1)`;
}

function toRow(userId: string, chatId: string, m: MessageInput, now: number) {
  return {
    chatId,
    userId,
    messageId: m.messageId,
    sender: m.sender,
    message: m.message,
    model: m.model ?? null,
    endpoint: m.endpoint ?? null,
    source: m.source ?? null,
    citations: m.citations ?? null,
    edited: m.edited ?? false,
    editedAt: m.editedAt ?? null,
    originalMessage: m.originalMessage ?? null,
    isEditResponse: m.isEditResponse ?? false,
    forEditedMessageId: m.forEditedMessageId ?? null,
    stopped: m.stopped ?? false,
    error: m.error ?? null,
    requestId: m.requestId ?? null,
    isSearchMode: m.isSearchMode ?? false,
    isImageMode: m.isImageMode ?? false,
    safetyViolation: m.safetyViolation ?? false,
    offline: m.offline ?? false,
    attachments: m.attachments ?? null,
    createdAt: m.createdAt ?? now,
    updatedAt: now,
    // absent: the last message of the branch the chat shows (upsertMessage)
    parentId: m.parentId,
  };
}

/**
 * Inserts a message, or changes the row it meets (same chat and message_id) when one of its fields differs, keeping
 * the row's place: its created_at and parent. Null-safe "this field would change" reads SQLite's excluded row, so it
 * binds no more values. Written once per shape (compiled-statement.ts): it is the end of every turn.
 */
const upsertMessage = compiledStatement<ReturnType<typeof toRow>>((db, row) => {
  const { chatId, userId, messageId: _m, createdAt: _t, updatedAt: _u, parentId, ...content } = row;
  const fields = Object.keys(content) as (keyof typeof content)[];
  const excluded = (k: keyof typeof messages.$inferInsert) => sql`excluded.${sql.identifier(messages[k].name)}`;
  const differs = fields.map((k) => sql`${messages[k]} IS NOT ${excluded(k)}`);
  return db
    .insert(messages)
    .values({ ...row, parentId: parentId ?? lastOnPath(chatId, userId) })
    .onConflictDoUpdate({
      target: [messages.chatId, messages.messageId],
      set: Object.fromEntries([...fields, "updatedAt" as const].map((k) => [k, excluded(k)])),
      setWhere: and(eq(messages.userId, userId), or(...differs)),
    });
});

/**
 * Moves the chat's last_message_at (and, with `title`, names a chat that still has the default title) when a row of
 * it carries this save's time: a save that changed nothing leaves the chat where it is in the list.
 */
const bumpChat = compiledStatement<{ chatId: string; userId: string; now: number; title?: string }>((db, s) => {
  const touched = sql`EXISTS (SELECT 1 FROM ${messages} WHERE ${messages.chatId} = ${s.chatId} AND ${messages.userId} = ${s.userId} AND ${messages.updatedAt} = ${s.now})`;
  return db
    .update(chatSessions)
    .set({
      lastMessageAt: sql`${s.now}`,
      updatedAt: sql`${s.now}`,
      ...(s.title
        ? {
            title: sql`CASE WHEN ${chatSessions.title} = ${DEFAULT_TITLE} THEN ${s.title} ELSE ${chatSessions.title} END`,
          }
        : {}),
    })
    .where(and(eq(chatSessions.id, s.chatId), eq(chatSessions.userId, s.userId), touched));
});

/**
 * Upserts messages by message_id into a chat the caller has already checked belongs to `userId`, and moves the
 * chat's last_message_at. When the chat still has the default title, the first user prompt becomes its title.
 * The conflict update keeps created_at, so re-saving a message never reorders the messages; a row is only
 * rewritten when some field differs, and the chat only moves when a row was added or changed, so saving the same
 * messages again changes nothing (the chat does not jump to the top of the list). The user's object forgets the
 * chat's window: its next turn reads the saved messages. A row that exists keeps its place in the tree.
 */
export async function saveMessages({
  db,
  owner,
  userId,
  chatId,
  items,
}: {
  db: Db;
  owner: StateOwner;
  userId: string;
  chatId: string;
  items: MessageInput[];
}) {
  const statements = saveMessagesStatements({ db, userId, chatId, items });
  if (statements.length === 0) return 0;
  await db.$client.batch(statements);
  await owner.forgetChats([chatId]);
  return items.length;
}

/**
 * The statements of saveMessages, for the user's object, which batches them with its own at the end of a turn (one
 * D1 round trip) and keeps its window itself. With `showBranch`, the chat then shows the branch through that message
 * (a turn that wrote a new version: message-tree.ts).
 */
export function saveMessagesStatements({
  db,
  userId,
  chatId,
  items,
  showBranch,
}: {
  db: Db;
  userId: string;
  chatId: string;
  items: MessageInput[];
  showBranch?: string;
}) {
  if (items.length === 0) return [];
  const now = Date.now();
  const upserts = items.map((m) => upsertMessage(db, toRow(userId, chatId, m, now)));
  const firstPrompt = items.find((m) => m.sender === "user" && m.message.trim());
  // Runs after the upserts: a row stamped with this save's time was inserted or changed by it.
  const bump = bumpChat(db, { chatId, userId, now, title: firstPrompt && titleFromPrompt(firstPrompt.message) });
  const branch = showBranch
    ? [statementOf(db, showBranchStatement({ db, chatId, userId, messageId: showBranch }))]
    : [];
  return [...upserts, ...branch, bump];
}
