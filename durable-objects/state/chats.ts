// The chats the object knows are the user's and active, each with a window of its recent messages (the model's
// context for the next turn), so the next message in a chat waits on no D1 read. A chat is remembered the first
// time a turn reads it from D1 (one batch: hot-state.ts), the turns append to it, and it is forgotten whenever its
// status or messages change outside a turn (the db/ writers tell the object: worker/db/state-owner.ts).
import { asPersona } from "../../worker/db/chats";
import type { ExpertPersonaId } from "../../worker/protocol/settings";
import type { ObjectSql } from "./object-sql";

/** Messages of a chat kept as the model's context window; older ones stay in D1 only. */
export const HISTORY_MESSAGES = 20;

export interface WindowMessage {
  messageId: string;
  sender: "user" | "bot";
  message: string;
  /** The text before its first edit, for an edited user message. */
  original?: string | null;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS hot_chats (chat_id TEXT PRIMARY KEY, loaded_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS hot_window (
  seq INTEGER PRIMARY KEY AUTOINCREMENT, chat_id TEXT NOT NULL, message_id TEXT NOT NULL, sender TEXT NOT NULL,
  message TEXT NOT NULL, UNIQUE (chat_id, message_id));
`;

/**
 * Changes to the tables above, in order. Counted under hot_meta's "schema_version", the key every object made before
 * the state was split by concern already holds for exactly these two statements.
 */
const MIGRATIONS = {
  versionKey: "schema_version",
  statements: ["ALTER TABLE hot_window ADD COLUMN original TEXT", "ALTER TABLE hot_chats ADD COLUMN persona TEXT"],
};

export class ChatWindows {
  constructor(private readonly db: ObjectSql) {
    db.define(SCHEMA, MIGRATIONS);
  }

  private knows(chatId: string): boolean {
    return this.db.rows("SELECT 1 FROM hot_chats WHERE chat_id = ?", chatId).length > 0;
  }

  /** The chat's recent messages, oldest first, when the object knows the chat is the user's and active; else null. */
  window(chatId: string): WindowMessage[] | null {
    if (!this.knows(chatId)) return null;
    return this.db
      .rows("SELECT message_id, sender, message, original FROM hot_window WHERE chat_id = ? ORDER BY seq", chatId)
      .map((r) => ({
        messageId: String(r.message_id),
        sender: r.sender === "user" ? "user" : "bot",
        message: String(r.message),
        original: r.original === null ? null : String(r.original),
      }));
  }

  /** The expert persona a known chat was started with, or null (none, or one no longer offered). */
  persona(chatId: string): ExpertPersonaId | null {
    const [row] = this.db.rows("SELECT persona FROM hot_chats WHERE chat_id = ?", chatId);
    return row && row.persona !== null ? asPersona(String(row.persona)) : null;
  }

  /** Remembers that the chat is the user's, with its persona and recent messages from D1 (oldest first). */
  remember(chatId: string, history: WindowMessage[], persona: string | null = null) {
    this.db.transaction(() => {
      this.forget(chatId);
      this.db.exec("INSERT INTO hot_chats (chat_id, loaded_at, persona) VALUES (?, ?, ?)", chatId, Date.now(), persona);
      this.append(chatId, history);
    });
  }

  /**
   * Adds messages to a known chat's window and keeps the newest HISTORY_MESSAGES. A message already there (an edited
   * question, a regenerated answer) is changed in its place, so the conversation keeps its order.
   */
  append(chatId: string, items: WindowMessage[]) {
    if (!this.knows(chatId)) return;
    for (const m of items) {
      const changed = this.db.exec(
        "UPDATE hot_window SET message = ?, original = ? WHERE chat_id = ? AND message_id = ?",
        m.message,
        m.original ?? null,
        chatId,
        m.messageId,
      ).rowsWritten;
      if (changed === 0) {
        this.db.exec(
          "INSERT INTO hot_window (chat_id, message_id, sender, message, original) VALUES (?, ?, ?, ?, ?)",
          chatId,
          m.messageId,
          m.sender,
          m.message,
          m.original ?? null,
        );
      }
    }
    this.db.exec(
      "DELETE FROM hot_window WHERE chat_id = ? AND seq NOT IN (SELECT seq FROM hot_window WHERE chat_id = ? ORDER BY seq DESC LIMIT ?)",
      chatId,
      chatId,
      HISTORY_MESSAGES,
    );
  }

  /** Forgets a chat (deleted, or its messages changed elsewhere): the next turn in it reloads it from D1. */
  forget(chatId: string) {
    this.db.exec("DELETE FROM hot_chats WHERE chat_id = ?", chatId);
    this.db.exec("DELETE FROM hot_window WHERE chat_id = ?", chatId);
  }

  forgetAll() {
    this.db.exec("DELETE FROM hot_chats");
    this.db.exec("DELETE FROM hot_window");
  }
}
