// The user's hot state, kept in the user's Durable Object: the active sessions (sessions.ts), the account with its
// paid periods (account.ts), what the user's settings add to every answer (personalization.ts), the daily use
// counters (usage.ts) and a window of recent messages per chat (chats.ts), each a module of its own over the object's
// SQLite. The object is single-threaded, so every check-and-write there is atomic without locks, and the object sits
// near the user while D1 sits in one region: authenticating a call or starting a chat turn reads nothing from D1 once
// this state is loaded. D1 stays the system of record for lists, search and reporting: the object writes sessions
// through to D1, the turn's messages (to the user's chat shard) and counters (to the main database) reach D1 at its
// end, and the db/ writers of what it keeps tell it of every change made outside it (worker/db/state-owner.ts).
//
// This module is what crosses the concerns: loading them from D1. Loading ("hydration") is lazy and once per object:
// the first call that needs the state copies the user, their active sessions and today's counters from D1 in one
// batch, which is also how sessions and counters created before the object owned them are migrated; the batch also
// reads the directory's entry, so the object knows the user's chat shard (worker/db/shards.ts). A day's counters not
// seen yet are read from D1 the first time that day is used (at the same time as the chat's history when a turn
// needs both), so counts kept in D1 are never lost.
import type { Db } from "../../worker/db/client";
import type { SessionUser } from "../../worker/db/users";
import { AppError, BLOCKED_MESSAGE } from "../../worker/errors";
import { quotaDay } from "../../worker/lib/time";
import { Account } from "./account";
import { ChatWindows, type WindowMessage } from "./chats";
import { ChatWriteGate } from "./chat-writes";
import { readAccount, readForTurn, readMessageWithHistory, readUserState } from "./d1-reads";
import { HeldWrites } from "./held-writes";
import { ObjectSql } from "./object-sql";
import { PersonalizationState } from "./personalization";
import { ProjectsState } from "./projects";
import { Sessions } from "./sessions";
import { UsageCounters } from "./usage";

/** What a turn needs from D1 when the object does not know the chat (or the day) yet: one round trip's wait. */
export interface ColdLoad {
  chat?: { id: string; status: string; persona: string | null } | null;
  history?: WindowMessage[];
}

export class HotState {
  readonly sessions: Sessions;
  readonly account: Account;
  readonly personalization: PersonalizationState;
  readonly usage: UsageCounters;
  readonly chats: ChatWindows;
  /** The user's projects, for the turns of the chats in them (projects.ts). */
  readonly projects: ProjectsState;
  /** The object's writes to the chat shard, which a move between shards holds while it switches (shard-move.ts). */
  readonly chatWrites = new ChatWriteGate();
  /** A turn's start writes, held until its first token has left (held-writes.ts). */
  readonly held = new HeldWrites();
  private readonly sql: ObjectSql;

  constructor(
    storage: DurableObjectStorage,
    /** The main database: the account, sessions and counters. */
    private readonly db: Db,
    /** A chat shard's database by its binding name (worker/db/shards.ts shardDb). */
    private readonly shardDb: (name: string) => Db,
    /** The user this object belongs to (the object's name). */
    private readonly userId: () => string,
  ) {
    this.sql = new ObjectSql(storage);
    this.sessions = new Sessions(this.sql);
    this.account = new Account(this.sql);
    this.personalization = new PersonalizationState(this.sql);
    this.usage = new UsageCounters(this.sql);
    this.chats = new ChatWindows(this.sql);
    this.projects = new ProjectsState(this.sql);
  }

  /**
   * Forgets the user: every row the object keeps and what it holds in memory (their account is being deleted). The
   * next call loads from D1 again, which has no such user.
   */
  forgetEverything() {
    this.held.discard();
    this.usage.dropHeld();
    this.sql.clearAll();
    this.account.forget();
    this.personalization.forget();
  }

  get hydrated(): boolean {
    return this.account.known;
  }

  /** Loads the user, their active sessions and today's counters from D1 once (one batch). False: no such user. */
  async hydrate(day: string): Promise<boolean> {
    if (this.hydrated) return true;
    const loaded = await readUserState(this.db, this.userId(), day);
    const user = loaded.user;
    if (!user) return false;
    if (this.hydrated) return true; // another call hydrated while this one awaited D1
    this.sql.transaction(() => {
      this.sessions.adopt(loaded.sessions);
      this.usage.mergeDay(day, loaded.usage);
      this.account.setRow(user);
      this.account.setPeriods(loaded.periods);
      this.account.setShard(loaded.shard);
      this.personalization.set(loaded.settings, loaded.memories, loaded.modelKeys);
    });
    return true;
  }

  /** The database of the user's chat shard: their chats, messages and image records. */
  chatDb(): Db {
    return this.shardDb(this.account.shard());
  }

  /** Writes to the user's chat shard, once no move between shards holds writes (chat-writes.ts). */
  writeChats<T>(fn: (chats: Db) => Promise<T>): Promise<T> {
    return this.chatWrites.write(() => fn(this.chatDb()));
  }

  /** Hydrates once, or completes an object hydrated before it kept paid periods or the shard. False: no such user. */
  async load(): Promise<boolean> {
    if (!this.hydrated) return this.hydrate(quotaDay());
    return (this.account.knowsPeriods && this.account.knowsShard) || this.reloadAccount();
  }

  /**
   * Re-reads the user row, paid periods, AI settings, remembered facts and model keys from D1 in one batch (after a
   * plan, profile or settings change). False when the user no longer exists.
   */
  async reloadAccount(): Promise<boolean> {
    const { user, settings, memories, modelKeys, periods, shard } = await readAccount(this.db, this.userId());
    if (!user) return false;
    this.sql.transaction(() => {
      this.account.setRow(user);
      this.account.setPeriods(periods);
      this.account.setShard(shard);
      this.personalization.set(settings, memories, modelKeys);
    });
    return true;
  }

  /** The user of an active session (with a matching token hash when one is given), or throws 401. */
  async sessionUser(sessionId: string, tokenHash: string | null): Promise<SessionUser> {
    // While a move between shards switches, calls wait: the shard they are told (or a turn reads) is the new one.
    await this.chatWrites.whenOpen();
    if (!(await this.load())) throw new AppError("unauthorized", "No such user");
    // A blocked account (an operator's action) is refused before anything else, whichever session it calls from.
    if (this.account.user().blockedAt != null) throw new AppError("account_blocked", BLOCKED_MESSAGE);
    const session = this.sessions.active(sessionId);
    if (!session) throw new AppError("session_expired", "Your login session has ended. Please log in again.");
    if (tokenHash !== null && tokenHash !== session.tokenHash)
      throw new AppError("invalid_token", "Session token does not match");
    return this.account.user();
  }

  /**
   * A message of a chat the object knows, with the messages before it (oldest first): from the window, or — for a
   * message older than the window — from D1 in one batch. Null when the chat has no such message.
   */
  async messageWithHistory(
    chatId: string,
    messageId: string,
  ): Promise<{ target: WindowMessage; before: WindowMessage[] } | null> {
    const window = this.chats.window(chatId) ?? [];
    const at = window.findIndex((m) => m.messageId === messageId);
    if (at >= 0) return { target: window[at]!, before: window.slice(0, at) };
    return readMessageWithHistory(this.chatDb(), this.userId(), chatId, messageId);
  }

  /**
   * Reads from D1, in one batch, what a turn needs and the object does not know: the chat (ownership and status)
   * with its recent messages, and the day's counters. Merges what it read. One round trip, or none at all.
   */
  async loadCold({ chatId, day }: { chatId: string | null; day: string }): Promise<ColdLoad & { roundTrips: number }> {
    const needChat = chatId !== null && this.chats.window(chatId) === null ? chatId : null;
    const needDay = this.usage.knowsDay(day) ? null : day;
    if (needChat === null && needDay === null) return { roundTrips: 0 };
    const read = await readForTurn({ main: this.db, chats: this.chatDb() }, this.userId(), {
      chatId: needChat,
      day: needDay,
    });
    if (read.usage) this.usage.mergeDay(day, read.usage);
    if (needChat === null) return { roundTrips: 1 };
    // A deleted chat is not remembered: a later turn in it must be refused again.
    if (read.chat?.status === "active" && read.history) this.chats.remember(needChat, read.history, read.chat);
    return { roundTrips: 1, chat: read.chat, history: read.history };
  }
}
