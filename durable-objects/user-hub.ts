// The per-user Durable Object (partyserver, hibernation on), placed near the user. It owns what must be fast or must
// outlive a request:
// - the user's hot state (state/hot-state.ts): active sessions, the plan, daily counters, recent messages per chat —
//   so authenticating a call is a JWT check plus one call here, and a chat turn reads nothing from D1 once loaded;
// - the plan over time: its alarm switches the plan when a paid period of another level takes over (or paid time
//   ends), writes it to D1, applies the new plan's session limit and pushes plan_changed, and sends the reminders
//   before premium ends;
// - the turn itself (turn/turn.ts), an answer or a picture, and a running answer (turn/generation.ts), which keeps
//   streaming into D1 after the browser that asked for it has gone (a Worker request is cancelled with its client,
//   this is not);
// - the user's sockets (socket-sessions.ts): the /ws protocol and live force_logout.
// RPC methods return results, not exceptions, for expected refusals: an error's class does not cross RPC.
import { type Connection, type ConnectionContext, Server } from "partyserver";
import { sha256Hex } from "../worker/auth/tokens";
import { createDb } from "../worker/db/client";
import { isShard, MAIN_SHARD, shardDb } from "../worker/db/shards";
import type { StateOwner } from "../worker/db/state-owner";
import { savePremiumFields } from "../worker/db/payments";
import { recordRevoked, recordSeen, recordSession } from "../worker/db/sessions";
import type { Db } from "../worker/db/client";
import type { SessionUser } from "../worker/db/users";
import { AppError, type ErrorCode } from "../worker/errors";
import { nextTask } from "../worker/lib/next-task";
import { isoOrNull, quotaDay } from "../worker/lib/time";
import { nextPremiumChange, premiumFields, samePremium } from "../worker/plans/premium-period";
import { ENTITLEMENTS, planOf } from "../worker/plans/entitlements";
import { duePremiumReminder, nextPremiumReminder, premiumExpirationFields } from "../worker/plans/premium-schedule";
import type { PublicMessage } from "../worker/protocol/resources";
import type { LogoutReason } from "../worker/protocol/socket";
import { runTurn, type TurnRequest, type TurnStarted, turnHost } from "./turn/turn";
import { GenerationRunner } from "./turn/generation";
import type { ChatContextInput, WindowMessage } from "./state/chats";
import { HotState } from "./state/hot-state";
import { projectSnapshots } from "./state/projects";
import { listProjects } from "../worker/db/projects";
import { ObjectSql } from "./state/object-sql";
import { LATE_WRITE_GRACE_MS, type MoveOutcome, ShardMover } from "./state/shard-move";
import type { SessionRecord } from "./state/sessions";
import { SocketSessions } from "./socket-sessions";
import { TurnBurst, turnBurstLimit } from "./state/turn-burst";

/** Headers the Worker sets on the /ws upgrade it forwards here, after authenticating it. */
export const USER_HEADER = "x-may-user-id";
export const SESSION_HEADER = "x-may-session-id";

/** An expected refusal, carried across RPC as data. */
export interface Refusal {
  ok: false;
  code: ErrorCode;
  message: string;
  details?: Record<string, Scalar>;
}

type Scalar = string | number | boolean | null;

/** An authorized call: the session's user and the binding name of the chat shard holding their chats. */
export type AuthResult = { ok: true; user: SessionUser; shard: string } | Refusal;

function refusal(err: unknown): Refusal {
  if (!(err instanceof AppError)) throw err;
  // Only plain values cross RPC; the error bodies' extra fields are all plain.
  const details: Record<string, Scalar> = {};
  for (const [k, v] of Object.entries(err.details ?? {})) {
    if (v === null || ["string", "number", "boolean"].includes(typeof v)) details[k] = v as Scalar;
  }
  return { ok: false, code: err.code, message: err.message, details };
}

/** The object of one user; the db/ writers of what it keeps tell it of each change (worker/db/state-owner.ts). */
export class UserHub extends Server<Env> implements StateOwner {
  static override options = { hibernate: true };

  private readonly db: Db = createDb(this.env.DB);
  readonly state = new HotState(
    this.ctx.storage,
    this.db,
    (shard) => shardDb(this.env, shard),
    () => this.name,
  );
  readonly generations = new GenerationRunner(this.ctx, this.env, this.db, this.state);
  readonly sockets = new SocketSessions(this, this.env, {
    state: this.state,
    sessionUser: async (sessionId, tokenHash) => {
      try {
        return await this.state.sessionUser(sessionId, tokenHash);
      } catch {
        return null;
      }
    },
    touchSession: async (sessionId) => {
      const at = Date.now();
      if (this.state.sessions.touch(sessionId, at))
        await recordSeen({ db: this.db, id: sessionId, userId: this.name, at });
    },
  });

  /** Moves the user's history between chat shards (state/shard-move.ts). */
  readonly mover = new ShardMover(this.state, new ObjectSql(this.ctx.storage), this.env, this.db, () => this.name);

  /** The burst limit on the user's turns (state/turn-burst.ts), taken first in each turn call. */
  readonly turnBurst = new TurnBurst(
    new ObjectSql(this.ctx.storage),
    this.env.TURN_RATE_LIMITER,
    turnBurstLimit(this.env.TURN_BURST_LIMIT),
    (write) => this.state.held.add(write),
  );

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // What an earlier instance left unfinished (a turn cut off mid-answer, a history move) is picked up before any
    // call runs. Here rather than in onStart: RPC calls come straight from the namespace's stub (user-hub-stub.ts),
    // without the extra call partyserver makes to wait for onStart.
    ctx.blockConcurrencyWhile(async () => {
      await this.generations.recoverInterrupted();
      await this.mover.recover();
    });
  }

  override getConnectionTags(_conn: Connection, ctx: ConnectionContext): string[] {
    const sessionId = ctx.request.headers.get(SESSION_HEADER);
    return sessionId ? [`session:${sessionId}`] : [];
  }

  override onConnect(conn: Connection, ctx: ConnectionContext) {
    return this.sockets.onConnect(conn, ctx);
  }

  override onMessage(conn: Connection, message: string | ArrayBuffer) {
    return this.sockets.onMessage(conn, message);
  }

  /**
   * One alarm serves three clocks: the generation watchdog (turn/generation.ts sets it while turns run), the premium
   * reminders (3 days and 1 day before paid time ends, and at the end, when the plan's limits fall back at once) and
   * the plan's boundaries (a paid period of another level taking over).
   */
  override async onAlarm() {
    await this.generations.onAlarm();
    if (!this.state.hydrated || !(await this.state.load())) return;
    await this.premiumReminder();
    await this.switchPlan();
    await this.armPlanAlarm();
  }

  /** Sends the premium reminder that is due (once), and applies the end of premium. */
  private async premiumReminder(now = Date.now()) {
    const user = this.state.account.user(now);
    const paid = user.isPremium > 0 || this.state.account.periods().length > 0;
    const premiumEnd = user.premiumEnd;
    const due = paid ? duePremiumReminder({ premiumEnd, now }) : null;
    if (due && premiumEnd !== null && this.state.account.lastReminderAt() !== due.at) {
      this.state.account.setLastReminderAt(due.at);
      this.sockets.broadcast({ type: "premium_expiration", ...premiumExpirationFields({ premiumEnd, now }) });
      // Premium ended: the free plan's session limit and quotas apply from now (planOf reads premium_end).
      if (due.kind === "ended") await this.userChanged();
    }
  }

  /**
   * At a paid period's boundary: the plan of the period now in force goes to D1 (the object already answers with it),
   * its session limit applies and open tabs are told. Nothing when the row already holds it.
   */
  private async switchPlan(now = Date.now()) {
    if (await this.savePlanInForce(now)) await this.planApplied();
  }

  /** Brings the D1 user row to the premium fields of the period in force at `now`. True when it wrote them. */
  private async savePlanInForce(now: number): Promise<boolean> {
    const row = this.state.account.row();
    const fields = premiumFields(this.state.account.periods(), now);
    if (!fields || samePremium(fields, row)) return false;
    if (await savePremiumFields({ db: this.db, userId: this.name, from: row, to: fields, now })) {
      this.state.account.setPremium(fields);
      return true;
    }
    // The row changed meanwhile (a payment, which tells the object when it is done): take what D1 has now.
    await this.state.reloadAccount();
    return false;
  }

  /** The plan in force applies: surplus sessions past its limit end (oldest first), open tabs refetch the plan. */
  private async planApplied() {
    const user = this.state.account.user();
    const plan = planOf(user);
    const surplus = this.state.sessions
      .list()
      .slice(ENTITLEMENTS[plan].sessionLimit)
      .map((s) => s.id);
    if (surplus.length > 0) await this.endSessionsById(surplus, "expired");
    this.sockets.broadcast({
      type: "plan_changed",
      plan,
      is_premium: user.isPremium,
      premium_end: isoOrNull(user.premiumEnd),
    });
  }

  /**
   * Sets the alarm for the next premium reminder or plan boundary, whichever comes first, unless an earlier alarm (a
   * running turn's watchdog) is set.
   */
  private async armPlanAlarm(now = Date.now()) {
    const user = this.state.account.user(now);
    const paid = user.isPremium > 0 || this.state.account.periods().length > 0;
    const reminder = paid ? nextPremiumReminder({ premiumEnd: user.premiumEnd, now }) : null;
    const boundary = nextPremiumChange(this.state.account.periods(), now);
    const next = Math.min(reminder?.at ?? Infinity, boundary ?? Infinity);
    if (next === Infinity) return;
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > next) await this.ctx.storage.setAlarm(next);
  }

  /** The hot state, loaded from D1 the first time it is needed (once per object, ever). */
  private async ready(): Promise<boolean> {
    return this.state.load();
  }

  // ---- sessions --------------------------------------------------------------------------------------------------

  /** RPC: the user of an active session, for the worker's auth middleware. */
  async authorize(sessionId: string, tokenHash: string | null): Promise<AuthResult> {
    try {
      const user = await this.state.sessionUser(sessionId, tokenHash);
      return { ok: true, user, shard: this.state.account.shard() };
    } catch (err) {
      return refusal(err);
    }
  }

  /**
   * RPC: starts a session for the user (login, register). Ends the oldest sessions past the plan's limit and pushes
   * force_logout to them. Atomic: the object runs one call at a time through its state. Returns the ended ids.
   */
  async startSession(
    user: SessionUser,
    session: Omit<SessionRecord, "tokenHash"> & { token: string },
  ): Promise<string[]> {
    const { token, ...rest } = session;
    const record: SessionRecord = { ...rest, tokenHash: await sha256Hex(token) };
    await this.ready();
    this.state.account.setRow(user);
    const replaced = this.state.sessions.add(record, ENTITLEMENTS[planOf(this.state.account.user())].sessionLimit);
    await recordSession({ db: this.db, session: { ...record, userId: user.id }, replacedIds: replaced });
    this.sockets.forceLogout(replaced, "replaced");
    return replaced;
  }

  /** RPC: the active sessions, newest first. */
  async listSessions(): Promise<SessionRecord[]> {
    await this.ready();
    return this.state.sessions.list();
  }

  /** RPC: ends these sessions (hot state, D1 and live sockets). Returns the ids that were active. */
  async endSessionsById(sessionIds: string[], reason: LogoutReason): Promise<string[]> {
    await this.ready();
    const ended = this.state.sessions.revoke(sessionIds, reason);
    await recordRevoked({ db: this.db, userId: this.name, ids: ended, reason });
    this.sockets.forceLogout(ended, reason);
    return ended;
  }

  /** RPC: ends every active session but `keep` (null: all of them). Returns the ids that were ended. */
  async endOtherSessions(keep: string | null, reason: LogoutReason): Promise<string[]> {
    await this.ready();
    const ids = this.state.sessions
      .list()
      .map((s) => s.id)
      .filter((id) => id !== keep);
    return this.endSessionsById(ids, reason);
  }

  /**
   * RPC: the account is being deleted. Ends every session (each open tab is told why and signed out at once), then
   * forgets everything this object keeps (every row of its storage, and its alarm): the worker deletes the user's rows
   * and objects. A later call finds no session and no user (D1 has none to load either).
   */
  async deleteAccount(): Promise<void> {
    await this.endOtherSessions(null, "account_deleted");
    await this.ctx.storage.deleteAlarm();
    this.state.forgetEverything();
  }

  /**
   * RPC: the user's row or paid periods changed in D1; reload them, bring the row to the period in force, apply the
   * plan's session limit (oldest go first), tell open tabs and arm the alarm for the next boundary.
   */
  async userChanged(): Promise<void> {
    if (!(await this.ready())) return;
    if (!(await this.state.reloadAccount())) return;
    await this.savePlanInForce(Date.now());
    await this.planApplied();
    await this.armPlanAlarm();
  }

  /** RPC: the user's AI settings, remembered facts or model keys changed in D1; the next turn uses the new ones. */
  async settingsChanged(): Promise<void> {
    if (await this.ready()) await this.state.reloadAccount();
  }

  /** Reads of the projects started, and the last one applied: a read that ends after a later one is dropped. */
  private projectReads = { started: 0, applied: 0 };

  /** RPC: the user's projects changed in D1 (worker/db/projects.ts); the next turn uses the new ones. */
  async projectsChanged(): Promise<void> {
    if (!(await this.ready())) return;
    const read = ++this.projectReads.started;
    const rows = await listProjects({ db: this.db, userId: this.name });
    if (read < this.projectReads.applied) return;
    this.projectReads.applied = read;
    this.state.projects.set(projectSnapshots(rows));
  }

  // ---- chat turns ------------------------------------------------------------------------------------------------

  /**
   * RPC: runs a turn (turn/turn.ts): an answer's SSE stream with the use it took, or a picture drawn, stored and saved;
   * or the reason it was refused.
   */
  async turn(req: TurnRequest): Promise<({ ok: true } & TurnStarted) | Refusal> {
    try {
      const arrived = Date.now();
      await this.turnBurst.admit(this.name, arrived);
      const started = await runTurn(turnHost(this.state, this.generations, this.env, this.db), req);
      this.turnBurst.started(arrived);
      // The answer's model call is made in this task (by its start, or a few promises on for an SDK that awaits before
      // its fetch) and goes out after the task ends. Returned in it, the runtime carried this answer back through the
      // worker first and sent the call after that: about 1 ms later to the model, and so to the first token
      // (measured, turns in a row). Returning a task later lets the call go out first.
      if (started.kind === "answer") await nextTask();
      return { ok: true, ...started };
    } catch (err) {
      return refusal(err);
    }
  }

  /**
   * RPC: moves the user's chats, messages and images to the chat shard `target` while the user keeps chatting
   * (state/shard-move.ts), waiting `graceMs` for late writes before deleting the old copy. For the operator's script.
   */
  async moveChats(target: string, graceMs = LATE_WRITE_GRACE_MS): Promise<MoveOutcome | Refusal> {
    if (!isShard(this.env, target) || target === MAIN_SHARD) {
      return { ok: false, code: "invalid_input", message: `${target} is not a chat shard of this deployment` };
    }
    if (!(await this.ready())) return { ok: false, code: "not_found", message: "No such user" };
    return this.mover.move(target, graceMs);
  }

  /** RPC: stops a running answer; the partial text is saved with stopped: true. False if none is running. */
  async stopGeneration(messageId: string): Promise<boolean> {
    return this.generations.stop(messageId);
  }

  /**
   * RPC: follows a running answer from `offset` characters (a reload, another tab or another device of the user):
   * its metadata, the text from the offset, then live to the end. Null when no such answer runs in this object.
   */
  async followAnswer(messageId: string, offset: number): Promise<ReadableStream<Uint8Array> | null> {
    return this.generations.follow(messageId, offset);
  }

  /** RPC: the answers running now in a chat, as saved messages would show them (question, then the text so far). */
  async runningMessages(chatId: string): Promise<PublicMessage[]> {
    return this.generations.runningIn(chatId).flatMap(({ turn, text, citations, offline }) => {
      const startedAt = isoOrNull(turn.userMessage?.createdAt ?? Date.now());
      const bot: PublicMessage = {
        message_id: turn.botMessageId,
        sender: "bot",
        message: text,
        model: turn.endpoint,
        endpoint: turn.endpoint,
        citations,
        isSearchMode: turn.isSearchMode,
        offline,
        isStreaming: true,
        created_at: startedAt,
        timestamp: startedAt,
        // a new version names the message it follows, so the chat shows it in place of the branch it leaves
        ...(turn.newBranch ? { parent_id: turn.userMessage?.messageId ?? turn.botParentId ?? null } : {}),
      };
      if (!turn.userMessage) return [bot];
      const asked: PublicMessage = {
        message_id: turn.userMessage.messageId,
        sender: "user",
        message: turn.userMessage.message,
        model: turn.endpoint,
        endpoint: turn.endpoint,
        isSearchMode: turn.isSearchMode,
        created_at: startedAt,
        timestamp: startedAt,
        ...(turn.newBranch ? { parent_id: turn.userMessage.parentId ?? null } : {}),
      };
      return [asked, bot];
    });
  }

  /** RPC: the ids of the answers running now (for tests and diagnostics). */
  async runningGenerations(): Promise<string[]> {
    return this.generations.running();
  }

  /**
   * RPC: a chat the app just opened, with its newest messages as the route read them from D1 at `readAt` (ms): the
   * object takes them as the chat's window unless it knows the chat, or the chat changed since (state/chats.ts warm).
   */
  async warmChat(chatId: string, history: WindowMessage[], context: ChatContextInput, readAt: number): Promise<void> {
    if (await this.ready()) this.state.chats.warm(chatId, history, context, readAt);
  }

  /**
   * RPC: a chat's last `count` messages, oldest first, from the chat's window when the object keeps one (a chat used
   * or opened lately); null when it keeps none. For the chat's first screen drawn into its page
   * (worker/http/chat-page.ts), which then needs no D1 read.
   */
  async chatTail(chatId: string, count: number): Promise<WindowMessage[] | null> {
    if (!(await this.ready())) return null;
    return this.state.chats.window(chatId)?.slice(-count) ?? null;
  }

  /**
   * RPC: a chat's project or own settings changed in D1 (the route has written them): the next turn in it uses them
   * without reading D1. A chat the object does not know reads them at its next turn.
   */
  async setChatContext(chatId: string, patch: Omit<ChatContextInput, "persona">): Promise<void> {
    if (await this.ready()) this.state.chats.setContext(chatId, patch);
  }

  /** RPC: forget chats whose messages or status changed outside a turn; the next turn reloads them from D1. */
  async forgetChats(chatIds: string[] | "all"): Promise<void> {
    if (chatIds === "all") this.state.chats.forgetAll();
    else for (const id of chatIds) this.state.chats.forget(id);
  }

  /** RPC: today's use counts by bucket (a model endpoint, "search" or "image"). */
  async usageToday(): Promise<Record<string, number>> {
    await this.ready();
    const day = quotaDay();
    if (!this.state.usage.knowsDay(day)) await this.state.loadCold({ chatId: null, day });
    return Object.fromEntries(this.state.usage.ofDay(day));
  }
}
