// The chats the object knows are the user's and active, each with a window of its recent messages (the model's
// context for the next turn), so the next message in a chat waits on no D1 read. It knows the HOT_CHATS used last. A
// chat the app opens is warmed from the page of messages the route read for it (warm), so its first message waits on
// none either. A chat is remembered the first
// time a turn reads it from D1 (one batch: hot-state.ts), the turns append to it, and it is forgotten whenever its
// status or messages change outside a turn (the db/ writers tell the object: worker/db/state-owner.ts).
import { asPersona } from "../../worker/db/chats";
import type { ExpertPersonaId } from "../../worker/protocol/settings";
import type { ObjectSql } from "./object-sql";

/** Messages of a chat kept as the model's context window; older ones stay in D1 only. */
export const HISTORY_MESSAGES = 20;
/**
 * Chats whose windows the object keeps: the 50 used last. A user who has touched thousands of chats keeps a bounded
 * state; a chat left out reloads with its one D1 read at its next turn, like a chat never seen.
 */
export const HOT_CHATS = 50;

/**
 * What a chat adds to each of its turns besides its messages: the expert persona it was started with, its project
 * (whose instructions and files the user's object keeps: state/projects.ts) and its own settings (null keeps the
 * user's defaults). Kept with the chat's window, so a turn reads none of it from D1.
 */
export interface ChatContext {
  persona: ExpertPersonaId | null;
  projectId: string | null;
  systemPrompt: string | null;
  temperature: number | null;
  maxTokens: number | null;
}

/** A chat's context as its row has it (any field left out is null). */
export interface ChatContextInput {
  persona?: string | null;
  projectId?: string | null;
  systemPrompt?: string | null;
  temperature?: number | null;
  maxTokens?: number | null;
}

const NO_CONTEXT: ChatContext = {
  persona: null,
  projectId: null,
  systemPrompt: null,
  temperature: null,
  maxTokens: null,
};

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
  statements: [
    "ALTER TABLE hot_window ADD COLUMN original TEXT",
    "ALTER TABLE hot_chats ADD COLUMN persona TEXT",
    // When a turn last used the chat (ms), for keeping the HOT_CHATS used last.
    "ALTER TABLE hot_chats ADD COLUMN used_at INTEGER NOT NULL DEFAULT 0",
    // The chat's project and own settings (ChatContext).
    "ALTER TABLE hot_chats ADD COLUMN project_id TEXT",
    "ALTER TABLE hot_chats ADD COLUMN system_prompt TEXT",
    "ALTER TABLE hot_chats ADD COLUMN temperature REAL",
    "ALTER TABLE hot_chats ADD COLUMN max_tokens INTEGER",
  ],
};

export class ChatWindows {
  /** When each chat was last forgotten by a change made elsewhere (ms), for warm; the object's lifetime only. */
  private readonly forgottenAt = new Map<string, number>();
  private allForgottenAt = 0;

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

  /**
   * A known chat's persona (null for none, or one no longer offered), project and own settings; every field null for
   * a chat the object does not know.
   */
  context(chatId: string): ChatContext {
    const [row] = this.db.rows(
      "SELECT persona, project_id, system_prompt, temperature, max_tokens FROM hot_chats WHERE chat_id = ?",
      chatId,
    );
    if (!row) return { ...NO_CONTEXT };
    const text = (x: unknown) => (x === null || x === undefined ? null : String(x));
    const num = (x: unknown) => (x === null || x === undefined ? null : Number(x));
    return {
      persona: row.persona !== null ? asPersona(String(row.persona)) : null,
      projectId: text(row.project_id),
      systemPrompt: text(row.system_prompt),
      temperature: num(row.temperature),
      maxTokens: num(row.max_tokens),
    };
  }

  /**
   * A change to a known chat's project or settings, made by a route that has just written it to D1, so the next turn
   * uses it without reading D1. A chat the object does not know reads them with its window at its next turn.
   */
  setContext(chatId: string, patch: Omit<ChatContextInput, "persona">) {
    const columns = {
      projectId: "project_id",
      systemPrompt: "system_prompt",
      temperature: "temperature",
      maxTokens: "max_tokens",
    } as const;
    for (const [key, column] of Object.entries(columns) as [keyof typeof columns, string][]) {
      const value = patch[key];
      if (value !== undefined) this.db.exec(`UPDATE hot_chats SET ${column} = ? WHERE chat_id = ?`, value, chatId);
    }
  }

  /**
   * Remembers that the chat is the user's, with its context and recent messages from D1 (oldest first), and lets go
   * of the chats used longest ago past HOT_CHATS.
   */
  remember(chatId: string, history: WindowMessage[], context: ChatContextInput = {}) {
    this.db.transaction(() => {
      this.drop(chatId);
      const now = Date.now();
      this.db.exec(
        "INSERT INTO hot_chats (chat_id, loaded_at, persona, used_at, project_id, system_prompt, temperature, max_tokens) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        chatId,
        now,
        context.persona ?? null,
        now,
        context.projectId ?? null,
        context.systemPrompt ?? null,
        context.temperature ?? null,
        context.maxTokens ?? null,
      );
      this.append(chatId, history);
      const evicted = "SELECT chat_id FROM hot_chats ORDER BY used_at DESC, rowid DESC LIMIT -1 OFFSET ?";
      this.db.exec(`DELETE FROM hot_window WHERE chat_id IN (${evicted})`, HOT_CHATS);
      this.db.exec(`DELETE FROM hot_chats WHERE chat_id IN (${evicted})`, HOT_CHATS);
    });
  }

  /**
   * Adds messages to a known chat's window and keeps the newest HISTORY_MESSAGES. A message already there (an edited
   * question, a regenerated answer) is changed in its place, so the conversation keeps its order.
   */
  append(chatId: string, items: WindowMessage[]) {
    // one statement per message and two more: this runs twice in every turn
    const known = this.db.exec("UPDATE hot_chats SET used_at = ? WHERE chat_id = ?", Date.now(), chatId).rowsWritten;
    if (known === 0) return;
    for (const m of items) {
      this.db.exec(
        `INSERT INTO hot_window (chat_id, message_id, sender, message, original) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (chat_id, message_id) DO UPDATE SET message = excluded.message, original = excluded.original`,
        chatId,
        m.messageId,
        m.sender,
        m.message,
        m.original ?? null,
      );
    }
    this.db.exec(
      "DELETE FROM hot_window WHERE chat_id = ? AND seq NOT IN (SELECT seq FROM hot_window WHERE chat_id = ? ORDER BY seq DESC LIMIT ?)",
      chatId,
      chatId,
      HISTORY_MESSAGES,
    );
  }

  /**
   * Takes a chat's window from a page of its messages a route has just read from D1 (the app opening the chat), so
   * the first question in it waits on no D1 read either. Only when the object does not know the chat yet, and the
   * chat has not changed since `readAt` (ms, taken before the read): a page read before a change must not come back.
   */
  warm(chatId: string, history: WindowMessage[], context: ChatContextInput, readAt: number) {
    if (this.knows(chatId)) return;
    if (Math.max(this.forgottenAt.get(chatId) ?? 0, this.allForgottenAt) >= readAt) return;
    this.remember(chatId, history.slice(-HISTORY_MESSAGES), context);
  }

  /**
   * A new version of a message leaves the branch there: the window keeps only what comes before that message. A
   * message older than the window: the chat is forgotten (its next turn reads the new branch from D1).
   */
  cutFrom(chatId: string, messageId: string) {
    const [row] = this.db.rows("SELECT seq FROM hot_window WHERE chat_id = ? AND message_id = ?", chatId, messageId);
    if (!row) return this.forget(chatId);
    this.db.exec("DELETE FROM hot_window WHERE chat_id = ? AND seq >= ?", chatId, Number(row.seq));
  }

  /** Forgets a chat (deleted, or its messages changed elsewhere): the next turn in it reloads it from D1. */
  forget(chatId: string) {
    this.forgottenAt.set(chatId, Date.now());
    this.drop(chatId);
  }

  forgetAll() {
    this.allForgottenAt = Date.now();
    this.forgottenAt.clear();
    this.db.exec("DELETE FROM hot_chats");
    this.db.exec("DELETE FROM hot_window");
  }

  private drop(chatId: string) {
    this.db.exec("DELETE FROM hot_chats WHERE chat_id = ?", chatId);
    this.db.exec("DELETE FROM hot_window WHERE chat_id = ?", chatId);
  }
}
