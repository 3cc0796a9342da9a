// Message queries: the chat's messages in order, and idempotent saves that upsert by (chat, message_id) in one
// D1 batch together with the chat's last_message_at (and its title, from the first user prompt).
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../env";
import { DEFAULT_TITLE, titleFromPrompt } from "../protocol/rules";
import { isoOrNull } from "../lib/time";
import { chatSessions, messages } from "./schema";

export type MessageRow = typeof messages.$inferSelect;

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
  isSearchMode?: boolean;
  isImageMode?: boolean;
  safetyViolation?: boolean;
  createdAt?: number;
}

export function publicMessage(m: MessageRow) {
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
    isSearchMode: m.isSearchMode,
    isImageMode: m.isImageMode,
    safety_violation: m.safetyViolation,
    created_at: isoOrNull(m.createdAt),
    timestamp: isoOrNull(m.createdAt),
  };
}
export type PublicMessage = ReturnType<typeof publicMessage>;

export async function listMessages({ db, chatId, userId }: { db: Db; chatId: string; userId: string }) {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.chatId, chatId), eq(messages.userId, userId)))
    .orderBy(asc(messages.createdAt), asc(messages.id));
}

/** The last `limit` messages of a chat, oldest first, for the model's context. */
export async function recentMessages({ db, chatId, userId, limit }: { db: Db; chatId: string; userId: string; limit: number }) {
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.chatId, chatId), eq(messages.userId, userId)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
  return rows.reverse();
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
    isSearchMode: m.isSearchMode ?? false,
    isImageMode: m.isImageMode ?? false,
    safetyViolation: m.safetyViolation ?? false,
    createdAt: m.createdAt ?? now,
    updatedAt: now,
  };
}

/**
 * Upserts messages by message_id into a chat the caller has already checked belongs to `userId`, and moves the
 * chat's last_message_at. When the chat still has the default title, the first user prompt becomes its title.
 * The conflict update keeps created_at, so re-saving a message never reorders the chat.
 */
export async function saveMessages({ db, userId, chatId, items }: { db: Db; userId: string; chatId: string; items: MessageInput[] }) {
  if (items.length === 0) return 0;
  const now = Date.now();
  const upserts = items.map((m) => {
    const row = toRow(userId, chatId, m, now);
    const { chatId: _c, userId: _u, messageId: _m, createdAt: _t, ...changes } = row;
    return db
      .insert(messages)
      .values(row)
      .onConflictDoUpdate({
        target: [messages.chatId, messages.messageId],
        set: changes,
        setWhere: eq(messages.userId, userId),
      });
  });
  const firstPrompt = items.find((m) => m.sender === "user" && m.message.trim());
  const bumpChat = db
    .update(chatSessions)
    .set({
      lastMessageAt: now,
      updatedAt: now,
      ...(firstPrompt
        ? { title: sql`CASE WHEN ${chatSessions.title} = ${DEFAULT_TITLE} THEN ${titleFromPrompt(firstPrompt.message)} ELSE ${chatSessions.title} END` }
        : {}),
    })
    .where(and(eq(chatSessions.id, chatId), eq(chatSessions.userId, userId)));
  await db.batch([bumpChat, ...upserts] as [typeof bumpChat, ...(typeof upserts)]);
  return items.length;
}
