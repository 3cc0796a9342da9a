// A chat's own settings (PUT /chat-sessions/{id}/settings): its system prompt, temperature and longest answer, kept
// on its row in the user's chat database. The user's object keeps them with the chat's window, so a turn reads them
// from there and not from D1: this writer tells it once the row has changed (as the writers of state-owner.ts do).
import { and, eq } from "drizzle-orm";
import type { Db } from "./client";
import { chatSessions } from "./schema";

/** A change to a chat's settings: a field left out stays as it is, null goes back to the user's defaults. */
export interface ChatSettingsPatch {
  systemPrompt?: string | null;
  temperature?: number | null;
  maxTokens?: number | null;
}

/** The user's object, told of the change (durable-objects/user-hub.ts setChatContext). */
export interface ChatContextOwner {
  setChatContext(chatId: string, patch: ChatSettingsPatch): Promise<void>;
}

/** Changes an active chat of the user's settings and tells the user's object; undefined for any other chat. */
export async function updateChatSettings({
  db,
  owner,
  id,
  userId,
  patch,
}: {
  db: Db;
  owner: ChatContextOwner;
  id: string;
  userId: string;
  patch: ChatSettingsPatch;
}) {
  const [row] = await db
    .update(chatSessions)
    .set({ ...patch, updatedAt: Date.now() })
    .where(and(eq(chatSessions.id, id), eq(chatSessions.userId, userId), eq(chatSessions.status, "active")))
    .returning();
  if (row) {
    // what the row now holds, so the object's copy matches it whatever it held before
    await owner.setChatContext(id, {
      systemPrompt: row.systemPrompt,
      temperature: row.temperature,
      maxTokens: row.maxTokens,
    });
  }
  return row;
}
