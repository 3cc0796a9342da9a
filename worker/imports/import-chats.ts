// Writing imported conversations (chatgpt.ts) as chats of the user: one D1 batch per conversation (the chat and its
// messages are there together or not at all), dates and branches kept. Idempotent: a conversation's chat id is made
// from the user and the conversation's own id, so importing the same file again finds its chats and skips them.
// Nothing here touches the daily quotas: no model answers.
import { inArray } from "drizzle-orm";
import { sha256Hex } from "../auth/tokens";
import type { Db } from "../db/client";
import { idGroups } from "../db/id-groups";
import { chatSessions, messages } from "../db/schema";
import type { ImportedConversation } from "./chatgpt";

/** The chat id of a conversation imported by a user: of the server's form (db/chats.ts newChatId), from a hash. */
export async function importedChatId(userId: string, sourceId: string): Promise<string> {
  const h = await sha256Hex(`chatgpt:${userId}:${sourceId}`);
  const variant = "89ab"[Number.parseInt(h[16] ?? "0", 16) & 3];
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The ids among these that are chats already (in groups: db/id-groups.ts). */
export async function existingChats(db: Db, ids: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const group of idGroups(ids)) {
    const rows = await db.select({ id: chatSessions.id }).from(chatSessions).where(inArray(chatSessions.id, group));
    for (const r of rows) found.add(r.id);
  }
  return found;
}

/** Writes one conversation as the user's chat `chatId`. */
export async function writeImportedChat({
  db,
  userId,
  chatId,
  conversation,
}: {
  db: Db;
  userId: string;
  chatId: string;
  conversation: ImportedConversation;
}): Promise<void> {
  const now = Date.now();
  const c = conversation;
  await db.batch([
    db.insert(chatSessions).values({
      id: chatId,
      userId,
      title: c.title,
      createdAt: c.createdAt,
      updatedAt: now,
      lastMessageAt: c.updatedAt,
    }),
    ...c.messages.map((m) =>
      db.insert(messages).values({
        chatId,
        userId,
        messageId: m.id,
        sender: m.sender,
        message: m.text,
        model: m.model,
        source: "chatgpt-import",
        createdAt: m.createdAt,
        updatedAt: now,
        parentId: m.parentId,
        onPath: m.onPath,
      }),
    ),
  ]);
}
