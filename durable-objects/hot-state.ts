// The user's hot state, kept in the user's Durable Object (its own SQLite, local to the object, microseconds to read):
// the active sessions, a snapshot of the user row and of the user's paid periods (the plan in force is the level of
// the period covering now, read at each call, so it switches at a period's boundary exactly; the object's alarm then
// writes it to D1 and tells open tabs), the daily usage counters, and a window of recent messages per chat. The object is single-threaded, so every check-and-write here is atomic without locks,
// and the object sits near the user while D1 sits in one region: authenticating a call or starting a chat turn
// reads nothing from D1 once this state is loaded. D1 stays the system of record for lists, search and reporting:
// the object writes sessions through to D1 and the turn's messages and counters reach D1 in one batch at its end.
//
// Loading ("hydration") is lazy and once per object: the first call that needs the state copies the user, their
// active sessions and today's counters from D1 in one batch, which is also how sessions and counters created before
// the object owned them are migrated. A day's counters not seen yet are read from D1 the first time that day is used
// (in the same batch as the chat's history when a turn needs both), so counts kept in D1 are never lost.
import type { aiSettings } from "../worker/db/schema";
import type { SealedModelKey } from "../worker/db/model-keys";
import { type AiSettingsRecord, aiSettingsFromRow, DEFAULT_AI_SETTINGS } from "../worker/db/settings";
import type { Db, SessionUser } from "../worker/env";
import { AppError } from "../worker/errors";
import { quotaDay } from "../worker/lib/time";
import { type PremiumPeriod, type PremiumState, premiumFields } from "../worker/payments/premium-period";
import type { LogoutReason } from "../worker/protocol/socket";
import { HISTORY_MESSAGES, readAccount, readForTurn, readMessageWithHistory, readUserState } from "./hot-state-reads";

export { HISTORY_MESSAGES } from "./hot-state-reads";

export interface SessionRecord {
  id: string;
  tokenHash: string;
  userAgent: string;
  ip: string | null;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
}

/** The user's AI settings, remembered facts and own model keys (sealed), kept with the user for every turn. */
export interface Personalization {
  settings: AiSettingsRecord;
  memories: string[];
  modelKeys: SealedModelKey[];
}

export interface WindowMessage {
  messageId: string;
  sender: "user" | "bot";
  message: string;
  /** The text before its first edit, for an edited user message. */
  original?: string | null;
}

type Row = Record<string, SqlStorageValue>;

/** Changes to the tables above, in order; never edit one that has shipped, add another. */
const MIGRATIONS = ["ALTER TABLE hot_window ADD COLUMN original TEXT", "ALTER TABLE hot_chats ADD COLUMN persona TEXT"];

const SCHEMA = `
CREATE TABLE IF NOT EXISTS hot_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS hot_sessions (
  id TEXT PRIMARY KEY, token_hash TEXT NOT NULL, user_agent TEXT NOT NULL, ip TEXT,
  created_at INTEGER NOT NULL, last_seen_at INTEGER NOT NULL, expires_at INTEGER NOT NULL,
  revoked_at INTEGER, revoked_reason TEXT);
CREATE TABLE IF NOT EXISTS hot_usage (day TEXT NOT NULL, bucket TEXT NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (day, bucket));
CREATE TABLE IF NOT EXISTS hot_usage_days (day TEXT PRIMARY KEY);
CREATE TABLE IF NOT EXISTS hot_chats (chat_id TEXT PRIMARY KEY, loaded_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS hot_window (
  seq INTEGER PRIMARY KEY AUTOINCREMENT, chat_id TEXT NOT NULL, message_id TEXT NOT NULL, sender TEXT NOT NULL,
  message TEXT NOT NULL, UNIQUE (chat_id, message_id));
`;

/** What a turn needs from D1 when the object does not know the chat (or the day) yet: one batch, one round trip. */
export interface ColdLoad {
  chat?: { id: string; status: string; persona: string | null } | null;
  history?: WindowMessage[];
}

export class HotState {
  private readonly sql: SqlStorage;
  private userCache: SessionUser | null = null;
  private periodsCache: PremiumPeriod[] | null = null;
  private personalizationCache: Personalization | null = null;

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly db: Db,
    /** The user this object belongs to (the object's name). */
    private readonly userId: () => string,
  ) {
    this.sql = storage.sql;
    this.sql.exec(SCHEMA);
    this.migrate();
  }

  /** Brings an object's tables made by an older version up to date, once (hot_meta.schema_version counts them). */
  private migrate() {
    const version = Number(this.meta("schema_version") ?? 0);
    MIGRATIONS.slice(version).forEach((statement, i) => {
      this.sql.exec(statement);
      this.setMeta("schema_version", String(version + i + 1));
    });
  }

  private rows(query: string, ...bindings: SqlStorageValue[]): Row[] {
    return this.sql.exec<Row>(query, ...bindings).toArray();
  }

  private meta(key: string): string | null {
    const [row] = this.rows("SELECT value FROM hot_meta WHERE key = ?", key);
    return row ? String(row.value) : null;
  }

  private setMeta(key: string, value: string) {
    this.sql.exec(
      "INSERT INTO hot_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
      key,
      value,
    );
  }

  // ---- hydration -------------------------------------------------------------------------------------------------

  get hydrated(): boolean {
    return this.meta("user") !== null;
  }

  /** Loads the user, their active sessions and today's counters from D1 once (one batch). False: no such user. */
  async hydrate(day: string): Promise<boolean> {
    if (this.hydrated) return true;
    const loaded = await readUserState(this.db, this.userId(), day);
    const user = loaded.user;
    if (!user) return false;
    if (this.hydrated) return true; // another call hydrated while this one awaited D1
    this.storage.transactionSync(() => {
      for (const s of loaded.sessions) {
        this.sql.exec(
          "INSERT OR IGNORE INTO hot_sessions (id, token_hash, user_agent, ip, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
          s.id,
          s.tokenHash,
          s.userAgent,
          s.ip,
          s.createdAt,
          s.lastSeenAt,
          s.expiresAt,
        );
      }
      this.mergeDay(day, loaded.usage);
      this.setUser(user);
      this.setPeriods(loaded.periods);
      this.setPersonalization(loaded.settings, loaded.memories, loaded.modelKeys);
    });
    return true;
  }

  /** Hydrates once, or completes an object hydrated before it kept paid periods. False: no such user. */
  async load(): Promise<boolean> {
    if (!this.hydrated) return this.hydrate(quotaDay());
    return this.knowsPeriods || this.reloadUser();
  }

  private setPersonalization(
    settingsRow: typeof aiSettings.$inferSelect | undefined,
    memories: string[],
    modelKeys: SealedModelKey[],
  ) {
    const value: Personalization = { settings: aiSettingsFromRow(settingsRow), memories, modelKeys };
    this.personalizationCache = value;
    this.setMeta("personalization", JSON.stringify(value));
  }

  /** What the user's settings and memory add to every answer (custom instruction, AI style, remembered facts). */
  personalization(): Personalization {
    if (!this.personalizationCache) {
      const raw = this.meta("personalization");
      // written by setPersonalization from D1 rows, never from outside
      const stored = raw ? (JSON.parse(raw) as Partial<Personalization>) : {};
      // Objects that kept a snapshot before model keys were part of it have none until the next settings change.
      this.personalizationCache = { settings: { ...DEFAULT_AI_SETTINGS }, memories: [], modelKeys: [], ...stored };
    }
    return this.personalizationCache;
  }

  // ---- the user --------------------------------------------------------------------------------------------------

  /** The user as of `now`: the stored row with the premium fields of the paid period covering now. */
  user(now = Date.now()): SessionUser {
    const row = this.userRow();
    const fields = premiumFields(this.periods(), now);
    return fields ? { ...row, ...fields } : row;
  }

  /** The user row as last read from D1 (or last written by the object): its premium fields may lag `user()` by one boundary. */
  userRow(): SessionUser {
    if (!this.userCache) {
      const raw = this.meta("user");
      if (!raw) throw new Error("hot state used before hydration");
      this.userCache = JSON.parse(raw) as SessionUser; // written by setUser below from a D1 row, never from outside
    }
    return this.userCache;
  }

  setUser(user: SessionUser) {
    this.userCache = user;
    this.setMeta("user", JSON.stringify(user));
  }

  /** Records premium fields the object wrote to D1 itself (the plan switching at a boundary). */
  setPremium(fields: PremiumState) {
    this.setUser({ ...this.userRow(), ...fields });
  }

  /** The user's paid periods, oldest first (none for a user who never paid, or whose plan was set on the row only). */
  periods(): PremiumPeriod[] {
    if (!this.periodsCache) {
      const raw = this.meta("periods");
      this.periodsCache = raw ? (JSON.parse(raw) as PremiumPeriod[]) : []; // written by setPeriods from D1 rows
    }
    return this.periodsCache;
  }

  /** False for an object that kept the user before it kept their periods: it reads the account again once. */
  get knowsPeriods(): boolean {
    return this.periodsCache !== null || this.meta("periods") !== null;
  }

  private setPeriods(periods: PremiumPeriod[]) {
    this.periodsCache = periods;
    this.setMeta("periods", JSON.stringify(periods));
  }

  /**
   * Re-reads the user row, paid periods, AI settings and remembered facts from D1 in one batch (after a plan, profile
   * or settings change). False when the user no longer exists.
   */
  async reloadUser(): Promise<boolean> {
    const { user, settings, memories, modelKeys, periods } = await readAccount(this.db, this.userId());
    if (!user) return false;
    this.storage.transactionSync(() => {
      this.setUser(user);
      this.setPeriods(periods);
      this.setPersonalization(settings, memories, modelKeys);
    });
    return true;
  }

  /** When the last premium reminder was sent (its scheduled time), so an alarm never sends one twice. */
  lastReminderAt(): number | null {
    const raw = this.meta("premium_reminder_at");
    return raw === null ? null : Number(raw);
  }

  setLastReminderAt(at: number) {
    this.setMeta("premium_reminder_at", String(at));
  }

  // ---- sessions --------------------------------------------------------------------------------------------------

  /** The user of an active session (with a matching token hash when one is given), or throws 401. */
  async sessionUser(sessionId: string, tokenHash: string | null): Promise<SessionUser> {
    if (!(await this.load())) throw new AppError("unauthorized", "No such user");
    const session = this.activeSession(sessionId);
    if (!session) throw new AppError("session_expired", "Your login session has ended. Please log in again.");
    if (tokenHash !== null && tokenHash !== session.tokenHash)
      throw new AppError("invalid_token", "Session token does not match");
    return this.user();
  }

  /** The session when it is active and unexpired. */
  activeSession(id: string, now = Date.now()): SessionRecord | null {
    const [row] = this.rows(
      "SELECT * FROM hot_sessions WHERE id = ? AND revoked_at IS NULL AND expires_at > ?",
      id,
      now,
    );
    return row ? toSession(row) : null;
  }

  /** Active sessions, newest first. */
  activeSessions(now = Date.now()): SessionRecord[] {
    return this.rows(
      "SELECT * FROM hot_sessions WHERE revoked_at IS NULL AND expires_at > ? ORDER BY created_at DESC, rowid DESC",
      now,
    ).map(toSession);
  }

  /** Adds a session and ends the oldest past `limit`. Returns the ids it ended. Atomic: the object is single-threaded. */
  addSession(s: SessionRecord, limit: number): string[] {
    this.sql.exec(
      "INSERT INTO hot_sessions (id, token_hash, user_agent, ip, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      s.id,
      s.tokenHash,
      s.userAgent,
      s.ip,
      s.createdAt,
      s.lastSeenAt,
      s.expiresAt,
    );
    const surplus = this.activeSessions(s.createdAt)
      .slice(limit)
      .map((x) => x.id);
    this.revoke(surplus, "replaced");
    return surplus;
  }

  /** Ends these sessions if active. Returns the ids that were active. */
  revoke(ids: string[], reason: LogoutReason, now = Date.now()): string[] {
    const ended: string[] = [];
    for (const id of ids) {
      const cursor = this.sql.exec(
        "UPDATE hot_sessions SET revoked_at = ?, revoked_reason = ? WHERE id = ? AND revoked_at IS NULL",
        now,
        reason,
        id,
      );
      if (cursor.rowsWritten > 0) ended.push(id);
    }
    return ended;
  }

  touchSession(id: string, now = Date.now()) {
    this.sql.exec("UPDATE hot_sessions SET last_seen_at = ? WHERE id = ?", now, id);
  }

  // ---- daily usage -----------------------------------------------------------------------------------------------

  /** True when the day's counters from D1 have been merged in (always true for days the object started itself). */
  knowsDay(day: string): boolean {
    return this.rows("SELECT 1 FROM hot_usage_days WHERE day = ?", day).length > 0;
  }

  /** Merges D1's counters for a day; the larger count wins, so nothing counted on either side is lost. */
  mergeDay(day: string, rows: { bucket: string; count: number }[]) {
    for (const r of rows) {
      this.sql.exec(
        "INSERT INTO hot_usage (day, bucket, count) VALUES (?, ?, ?) ON CONFLICT(day, bucket) DO UPDATE SET count = max(count, excluded.count)",
        day,
        r.bucket,
        r.count,
      );
    }
    this.sql.exec("INSERT OR IGNORE INTO hot_usage_days (day) VALUES (?)", day);
  }

  usage(day: string, bucket: string): number {
    const [row] = this.rows("SELECT count FROM hot_usage WHERE day = ? AND bucket = ?", day, bucket);
    return row ? Number(row.count) : 0;
  }

  usageOfDay(day: string): Map<string, number> {
    return new Map(
      this.rows("SELECT bucket, count FROM hot_usage WHERE day = ?", day).map((r) => [
        String(r.bucket),
        Number(r.count),
      ]),
    );
  }

  /** Takes one use if fewer than `limit` are taken. Returns the uses left after this one, or null when none were left. */
  takeUse(day: string, bucket: string, limit: number): number | null {
    const used = this.usage(day, bucket);
    if (used >= limit) return null;
    this.sql.exec(
      "INSERT INTO hot_usage (day, bucket, count) VALUES (?, ?, 1) ON CONFLICT(day, bucket) DO UPDATE SET count = count + 1",
      day,
      bucket,
    );
    return limit - (used + 1);
  }

  /** Gives back a use taken on `day` (the day it was charged, even if the clock has since turned). */
  refundUse(day: string, bucket: string) {
    this.sql.exec("UPDATE hot_usage SET count = max(count - 1, 0) WHERE day = ? AND bucket = ?", day, bucket);
  }

  /** Drops counters older than `keepFrom` (YYYY-MM-DD): they are in D1 and no longer checked. */
  pruneDays(keepFrom: string) {
    this.sql.exec("DELETE FROM hot_usage WHERE day < ?", keepFrom);
    this.sql.exec("DELETE FROM hot_usage_days WHERE day < ?", keepFrom);
  }

  // ---- chats and their recent messages ---------------------------------------------------------------------------

  /** The chat's recent messages, oldest first, when the object knows the chat is the user's and active; else null. */
  chatWindow(chatId: string): WindowMessage[] | null {
    if (this.rows("SELECT 1 FROM hot_chats WHERE chat_id = ?", chatId).length === 0) return null;
    return this.rows(
      "SELECT message_id, sender, message, original FROM hot_window WHERE chat_id = ? ORDER BY seq",
      chatId,
    ).map((r) => ({
      messageId: String(r.message_id),
      sender: r.sender === "user" ? "user" : "bot",
      message: String(r.message),
      original: r.original === null ? null : String(r.original),
    }));
  }

  /** The expert persona a known chat was started with, or null. */
  chatPersona(chatId: string): string | null {
    const [row] = this.rows("SELECT persona FROM hot_chats WHERE chat_id = ?", chatId);
    return row && row.persona !== null ? String(row.persona) : null;
  }

  /** Remembers that the chat is the user's, with its persona and recent messages from D1 (oldest first). */
  rememberChat(chatId: string, history: WindowMessage[], persona: string | null = null) {
    this.storage.transactionSync(() => {
      this.forgetChat(chatId);
      this.sql.exec(
        "INSERT INTO hot_chats (chat_id, loaded_at, persona) VALUES (?, ?, ?)",
        chatId,
        Date.now(),
        persona,
      );
      this.appendToWindow(chatId, history);
    });
  }

  /**
   * Adds messages to a known chat's window and keeps the newest HISTORY_MESSAGES. A message already there (an edited
   * question, a regenerated answer) is changed in its place, so the conversation keeps its order.
   */
  appendToWindow(chatId: string, items: WindowMessage[]) {
    if (this.rows("SELECT 1 FROM hot_chats WHERE chat_id = ?", chatId).length === 0) return;
    for (const m of items) {
      const changed = this.sql.exec(
        "UPDATE hot_window SET message = ?, original = ? WHERE chat_id = ? AND message_id = ?",
        m.message,
        m.original ?? null,
        chatId,
        m.messageId,
      ).rowsWritten;
      if (changed === 0) {
        this.sql.exec(
          "INSERT INTO hot_window (chat_id, message_id, sender, message, original) VALUES (?, ?, ?, ?, ?)",
          chatId,
          m.messageId,
          m.sender,
          m.message,
          m.original ?? null,
        );
      }
    }
    this.sql.exec(
      "DELETE FROM hot_window WHERE chat_id = ? AND seq NOT IN (SELECT seq FROM hot_window WHERE chat_id = ? ORDER BY seq DESC LIMIT ?)",
      chatId,
      chatId,
      HISTORY_MESSAGES,
    );
  }

  /** Forgets a chat (deleted, or its messages changed elsewhere): the next turn in it reloads it from D1. */
  forgetChat(chatId: string) {
    this.sql.exec("DELETE FROM hot_chats WHERE chat_id = ?", chatId);
    this.sql.exec("DELETE FROM hot_window WHERE chat_id = ?", chatId);
  }

  forgetAllChats() {
    this.sql.exec("DELETE FROM hot_chats");
    this.sql.exec("DELETE FROM hot_window");
  }

  /**
   * A message of a chat the object knows, with the messages before it (oldest first): from the window, or — for a
   * message older than the window — from D1 in one batch. Null when the chat has no such message.
   */
  async messageWithHistory(
    chatId: string,
    messageId: string,
  ): Promise<{ target: WindowMessage; before: WindowMessage[] } | null> {
    const window = this.chatWindow(chatId) ?? [];
    const at = window.findIndex((m) => m.messageId === messageId);
    if (at >= 0) return { target: window[at]!, before: window.slice(0, at) };
    return readMessageWithHistory(this.db, this.userId(), chatId, messageId);
  }

  /**
   * Reads from D1, in one batch, what a turn needs and the object does not know: the chat (ownership and status)
   * with its recent messages, and the day's counters. Merges what it read. One round trip, or none at all.
   */
  async loadCold({ chatId, day }: { chatId: string | null; day: string }): Promise<ColdLoad & { roundTrips: number }> {
    const needChat = chatId !== null && this.chatWindow(chatId) === null ? chatId : null;
    const needDay = this.knowsDay(day) ? null : day;
    if (needChat === null && needDay === null) return { roundTrips: 0 };
    const read = await readForTurn(this.db, this.userId(), { chatId: needChat, day: needDay });
    if (read.usage) this.mergeDay(day, read.usage);
    if (needChat === null) return { roundTrips: 1 };
    // A deleted chat is not remembered: a later turn in it must be refused again.
    if (read.chat?.status === "active" && read.history) this.rememberChat(needChat, read.history, read.chat.persona);
    return { roundTrips: 1, chat: read.chat, history: read.history };
  }
}

function toSession(r: Row): SessionRecord {
  return {
    id: String(r.id),
    tokenHash: String(r.token_hash),
    userAgent: String(r.user_agent),
    ip: r.ip === null ? null : String(r.ip),
    createdAt: Number(r.created_at),
    lastSeenAt: Number(r.last_seen_at),
    expiresAt: Number(r.expires_at),
  };
}
