// Running answers inside the user's Durable Object. A generation is detached from the request that started it: the
// SSE stream is only a window onto it. If the reader goes away the answer still runs to the end and is saved; an
// explicit stop aborts it and saves the partial text with stopped: true; a failure saves the partial text with the
// error code.
//
// The turn is recorded in the object's storage (with the user message) once its first token has left (or 200 ms in,
// if the model is slower: state/held-writes.ts), checkpointed while it streams, and written to D1 when it ends — the
// user message, the answer and the day's usage count in one batch. An alarm sweeps up any turn whose object was
// evicted or restarted mid-way, or whose final write failed, so no recorded turn is ever left unsaved. No storage
// write is made on the way to the first token: the runtime's output gate would hold it until the write is durable.
//
// At its end a turn adds itself to the operator's daily figures (worker/db/usage-rollups.ts: model, provider, time to
// first token from the turn's start in this object, tokens, error) in the same D1 batch, and logs one JSON line.
import type { MessageInput } from "../../worker/db/messages";
import type { Db } from "../../worker/db/client";
import { buildExternalModel } from "../../worker/external-models/external-model";
import { createModelRegistry, type ModelRegistry } from "../../worker/models/registry";
import { type AnswerPrompt, streamAnswer } from "../../worker/models/stream-answer";
import { SearchStepError, searchStep } from "./search-step";
import type { ExternalModelProvider } from "../../worker/protocol/settings";
import { type ChatStreamEvent, type Citation, encodeEvent, STREAM_DONE } from "../../worker/protocol/chat-stream";
import type { HotState } from "../state/hot-state";
import { saveTurn, TurnSaveError } from "./save-turn";
import { type TurnMetrics, turnDataPoint } from "../../worker/db/usage-rollups";
import { userHash } from "../../worker/http/request-log";
import { reportError } from "../../worker/http/error-report";
import { quotaDay } from "../../worker/lib/time";

/** How often a running answer's text is checkpointed to storage, in milliseconds. */
export const CHECKPOINT_INTERVAL_MS = 1_000;
/**
 * The watchdog alarm fires this long after it is armed (armWatchdog): a turn not running in this instance by then is
 * lost.
 */
const WATCHDOG_MS = 60_000;
/** Tokens are sent together: one SSE write per this many milliseconds at most (after the first one, sent at once). */
export const FLUSH_INTERVAL_MS = 32;
/** ...or as soon as this many characters are waiting. */
export const FLUSH_CHARS = 2_048;
const CHECKPOINT_PREFIX = "generation:";

/** What is stored about a turn: everything needed to save it to D1 without the running answer. */
export interface TurnRecord {
  userId: string;
  chatId: string;
  endpoint: string;
  botMessageId: string;
  /** The user message of this turn, saved with the answer; absent when the turn answers an existing message. */
  userMessage: MessageInput | null;
  /** The daily use taken for this turn, given back if the provider fails before producing any text. */
  usage: { bucket: string; day: string } | null;
  isSearchMode: boolean;
  /** Set when the answer is an edit reply: the id of the edited user message. */
  forEditedMessageId?: string;
  /**
   * The turn writes a new version (an edited question, another answer): once saved, the chat shows its branch
   * (worker/db/message-tree.ts).
   */
  newBranch?: boolean;
  /** The question another answer follows, when the turn writes no user message (the answer follows that one). */
  botParentId?: string;
  /** The id of the request that started the turn (its X-Request-Id), for the turn's log line. */
  requestId?: string;
  /** When the turn started in this object, in ms since the epoch. */
  startedAt?: number;
}

export interface GenerationInput extends TurnRecord {
  prompt: AnswerPrompt;
  /** A web search to run first (a search turn): its results join the system prompt and the stream's citations. */
  search?: { query: string };
  temperature?: number;
  topP?: number;
  /** The chat's longest answer, in output tokens (its own settings, premium); the model's own limit when absent. */
  maxOutputTokens?: number;
  /** An external model answers with the user's own key (never written to storage with the turn). */
  external?: { provider: ExternalModelProvider; apiKey: string };
}

interface Outcome {
  text: string;
  citations: Citation[];
  stopped: boolean;
  error: string | null;
  /** The built-in offline model answered (no provider key configured), so the chat keeps saying so. */
  offline?: boolean;
  /** What the turn adds to the day's usage figures; absent for a turn saved before they existed. */
  metrics?: TurnMetrics;
  /** The figures reached D1 with an earlier save of this outcome: a later save leaves them out. */
  metricsSaved?: boolean;
}

interface Checkpoint {
  turn: TurnRecord;
  text: string;
  updatedAt: number;
  /** Set once the answer has ended: the saved outcome, kept until D1 has it. */
  outcome?: Outcome;
}

/**
 * Writes SSE events to one reader, sending tokens together (see FLUSH_INTERVAL_MS) and never waiting on the reader.
 * [DONE] ends the stream: the reader's request finishes by itself, and the client never has to cancel it.
 */
export class EventWriter {
  private readonly writer: WritableStreamDefaultWriter<Uint8Array>;
  private readonly encoder = new TextEncoder();
  private pending = "";
  private timer: ReturnType<typeof setTimeout> | null = null;
  private sentContent = false;
  private gone = false;
  private closed = false;

  constructor(writable: WritableStream<Uint8Array>) {
    this.writer = writable.getWriter();
    // Once the reader cancels, these promises reject; that is expected and must not surface as unhandled.
    this.writer.closed.catch(() => {});
    this.writer.ready.catch(() => {});
  }

  private write(text: string) {
    if (this.gone) return;
    // Not awaited: a slow or vanished reader must never hold the answer back.
    this.writer.write(this.encoder.encode(text)).catch(() => {
      this.gone = true;
    });
  }

  content(text: string) {
    this.pending += text;
    if (!this.sentContent) {
      this.sentContent = true; // the first token goes out at once: it is the time to first token
      this.flush();
    } else if (this.pending.length >= FLUSH_CHARS) {
      this.flush();
    } else {
      this.timer ??= setTimeout(() => this.flush(), FLUSH_INTERVAL_MS);
    }
  }

  flush() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (!this.pending) return;
    this.write(encodeEvent({ content: this.pending }));
    this.pending = "";
  }

  /** Sends one event; [DONE] is the last one, so the stream ends with it and the reader's request finishes. */
  event(event: ChatStreamEvent | typeof STREAM_DONE) {
    this.flush();
    this.write(encodeEvent(event));
    if (event === STREAM_DONE) this.close();
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    this.flush();
    this.gone = true;
    this.writer.close().catch(() => {});
  }
}

/**
 * The pipe of one reader's SSE stream, which leaves the object over RPC. A byte stream the runtime pumps itself
 * (IdentityTransformStream), not a JavaScript TransformStream: when the reader goes away (the browser closed the tab
 * or aborted the fetch), the runtime's pump of a JavaScript stream fails with a promise nobody can handle, printed as
 * "Uncaught Error: Network connection lost." on every disconnect; here the loss only fails the EventWriter's next
 * write, which it expects.
 */
function sseStream(): { readable: ReadableStream<Uint8Array>; writable: WritableStream<Uint8Array> } {
  return new IdentityTransformStream();
}

/** A running answer: what a reader that joins late needs, and the readers following it. */
interface Running {
  controller: AbortController;
  turn: TurnRecord;
  /** The first metadata event (ids, model, offline), sent to every reader first. */
  head: ChatStreamEvent;
  text: string;
  citations: Citation[];
  readers: Set<EventWriter>;
  /** When the first token came, in ms since the epoch. */
  firstTokenAt: number | null;
}

/** An answer running now, as a chat shows it after a reload: its question and the text so far. */
export interface RunningAnswer {
  turn: TurnRecord;
  text: string;
  citations: Citation[];
  offline: boolean;
}

export class GenerationRunner {
  private readonly runningNow = new Map<string, Running>();
  private alarmSet = false;
  private registry: ModelRegistry | undefined;

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly env: Env,
    private readonly db: Db,
    private readonly state: HotState,
  ) {}

  /**
   * The models of this object's bindings, built at the first turn and kept: reading MODEL_ROUTES and setting up a
   * provider's model on every turn was work on the way to its first token. Not kept while the routes are invalid.
   */
  private models(): ModelRegistry {
    this.registry ??= createModelRegistry(this.env);
    return this.registry;
  }

  running(): string[] {
    return [...this.runningNow.keys()];
  }

  stop(messageId: string): boolean {
    const run = this.runningNow.get(messageId);
    if (!run) return false;
    run.controller.abort();
    return true;
  }

  /** The answers running now in a chat, oldest first. */
  runningIn(chatId: string): RunningAnswer[] {
    return [...this.runningNow.values()]
      .filter((r) => r.turn.chatId === chatId)
      .map((r) => ({
        turn: r.turn,
        text: r.text,
        citations: r.citations,
        offline: "metadata" in r.head && r.head.metadata.offline === true,
      }));
  }

  /**
   * A stream that follows a running answer from `offset` (characters of its text the reader already has): the
   * answer's metadata, its citations, the text from the offset at once, then live to the end. Null when no answer
   * with this id runs (it ended, or it is not this user's).
   */
  follow(messageId: string, offset: number): ReadableStream<Uint8Array> | null {
    const run = this.runningNow.get(messageId);
    if (!run) return null;
    const { readable, writable } = sseStream();
    const reader = new EventWriter(writable);
    reader.event(run.head);
    if (run.citations.length > 0) reader.event({ metadata: { citations: run.citations } });
    const missed = run.text.slice(Math.min(offset, run.text.length));
    if (missed) reader.content(missed);
    run.readers.add(reader);
    return readable;
  }

  /** Records the turn, starts the answer and returns its SSE stream at once. */
  start(input: GenerationInput): ReadableStream<Uint8Array> {
    const { readable, writable } = sseStream();
    const controller = new AbortController();
    const { prompt, temperature, topP, maxOutputTokens, external: _key, ...asked } = input;
    const turn: TurnRecord = { ...asked, startedAt: Date.now() };
    const running: Running = {
      controller,
      turn,
      head: {
        metadata: {
          message_id: turn.botMessageId,
          user_message_id: turn.userMessage?.messageId,
          chat_id: turn.chatId,
          model: turn.endpoint,
          ...(turn.forEditedMessageId
            ? { is_edit_response: true, for_edited_message_id: turn.forEditedMessageId }
            : {}),
        },
      },
      text: "",
      citations: [],
      readers: new Set([new EventWriter(writable)]),
      firstTokenAt: null,
    };
    this.runningNow.set(turn.botMessageId, running);
    // run issues the model's call before its first wait; the turn is recorded after (see runAnswer, answer.ts)
    const run = this.run(input, running)
      .catch((err) => {
        console.error("generation failed", turn.botMessageId, err);
        this.report(err, turn, "generation");
      })
      .finally(() => {
        this.runningNow.delete(turn.botMessageId);
        for (const reader of running.readers) reader.close();
      });
    // recorded with the rest of the turn's start, once its first token has left (state/held-writes.ts)
    this.state.held.add(() => this.checkpoint({ turn, text: "", updatedAt: Date.now() }));
    this.ctx.waitUntil(run);
    return readable;
  }

  private async run(input: GenerationInput, running: Running) {
    const { turn } = running;
    const signal = running.controller.signal;
    const toAll = (event: ChatStreamEvent | typeof STREAM_DONE) => {
      for (const reader of running.readers) reader.event(event);
    };
    let error: { code: string; message: string } | null = null;
    let offline = true;
    let provider = input.external?.provider ?? "unknown";
    const tokens = { inputTokens: 0, outputTokens: 0 };
    let lastCheckpoint = Date.now();
    try {
      const resolved = input.external
        ? { model: buildExternalModel(this.env, input.external.provider, input.external.apiKey), offline: false }
        : this.models().resolve(turn.endpoint);
      offline = resolved?.offline ?? true;
      if (resolved && "route" in resolved) provider = resolved.offline ? "offline" : resolved.route.provider;
      running.head = { metadata: { ...("metadata" in running.head ? running.head.metadata : {}), offline } };
      toAll(running.head);
      if (!resolved) throw new Error(`Unknown model ${turn.endpoint}`);
      let prompt = input.prompt;
      if (input.search) {
        const context = await searchStep(this.env, input.search.query, signal);
        running.citations = context.citations;
        toAll({ metadata: { citations: context.citations, search_offline: context.searchOffline } });
        prompt = { ...prompt, system: [prompt.system, context.system].filter(Boolean).join("\n\n") };
      }
      const parts = streamAnswer({
        model: resolved.model,
        prompt,
        abortSignal: signal,
        temperature: input.temperature,
        topP: input.topP,
        maxOutputTokens: input.maxOutputTokens,
        onUsage: (usage) => Object.assign(tokens, usage),
      });
      for await (const part of parts) {
        if (part.type === "text") {
          if (running.firstTokenAt === null) {
            running.firstTokenAt = Date.now();
            // the turn's held start writes, a few ms on (state/held-writes.ts): this token leaves first
            this.state.held.flushSoon();
          }
          running.text += part.text;
          for (const reader of running.readers) reader.content(part.text);
          const now = Date.now();
          if (now - lastCheckpoint >= CHECKPOINT_INTERVAL_MS) {
            lastCheckpoint = now;
            this.checkpoint({ turn, text: running.text, updatedAt: now });
            // a second into the answer, not at its start: see armWatchdog
            this.armWatchdog();
          }
        } else if (part.type === "citations") {
          running.citations = [...running.citations, ...part.citations];
          toAll({ metadata: { citations: running.citations } });
        } else {
          error = { code: part.code, message: part.message };
          break;
        }
      }
    } catch (err) {
      if (err instanceof SearchStepError) {
        error = { code: err.code, message: err.message };
      } else if (!signal.aborted) {
        // A misconfiguration or a bug must still end in a saved message and a clear error event, never a hang.
        console.error("generation error", turn.botMessageId, err);
        this.report(err, turn, "generation");
        error = { code: "provider_error", message: "The model could not answer. Please try again or switch model." };
      }
    }
    // A turn that failed before its first wait (no model for the endpoint, invalid routes) is here while start() still
    // runs: its caller holds the turn's writes after start (runAnswer), so wait for that, then make them (an answer
    // that ended without a token has not), before giving its use back.
    await Promise.resolve();
    this.state.held.flush();
    const text = running.text;
    const outcome: Outcome = {
      text,
      citations: running.citations,
      stopped: signal.aborted,
      error: error?.code ?? null,
      offline,
      metrics: {
        day: turn.usage?.day ?? quotaDay(),
        model: turn.endpoint,
        provider,
        error: error?.code ?? null,
        ttftMs: running.firstTokenAt === null ? null : running.firstTokenAt - (turn.startedAt ?? running.firstTokenAt),
        ...tokens,
        search: turn.isSearchMode,
        image: false,
      },
    };
    // The turn's use is given back when the provider failed before producing anything (same quota day it was taken).
    if (outcome.error && !outcome.text && turn.usage) this.state.usage.refund(turn.usage.day, turn.usage.bucket);
    this.state.chats.append(turn.chatId, [{ messageId: turn.botMessageId, sender: "bot", message: text }]);
    try {
      await this.save(turn, outcome);
    } catch (err) {
      // D1 refused or could not be reached: the stored outcome stays, and the alarm saves it later.
      console.error("could not save a turn; the alarm tries again", turn.botMessageId, err);
      this.report(err, turn, "save");
    }
    logTurn(turn, outcome);
    if (outcome.metrics) this.env.USAGE_ANALYTICS?.writeDataPoint(turnDataPoint(outcome.metrics));
    if (outcome.stopped) toAll({ metadata: { message_id: turn.botMessageId, stopped: true } });
    // the request's id names the turn's log line (logTurn), so the user can quote it to support
    if (error)
      toAll({ error: error.code, message: error.message, ...(turn.requestId ? { request_id: turn.requestId } : {}) });
    toAll(STREAM_DONE);
  }

  /** Writes the turn to D1 in one batch (save-turn.ts): its user message, the answer and the day's usage count. */
  private async save(turn: TurnRecord, outcome: Outcome) {
    const key = CHECKPOINT_PREFIX + turn.botMessageId;
    const checkpoint = (o: Outcome) =>
      this.ctx.storage.put(key, { turn, text: o.text, updatedAt: Date.now(), outcome: o } satisfies Checkpoint);
    // Kept until D1 has it: if the write below fails, the alarm saves this outcome later.
    checkpoint(outcome);
    const bot: MessageInput = {
      messageId: turn.botMessageId,
      sender: "bot",
      message: outcome.text,
      model: turn.endpoint,
      endpoint: turn.endpoint,
      source: "api",
      citations: outcome.citations,
      stopped: outcome.stopped,
      error: outcome.error,
      // the id the error event gave the user, kept with the failed answer (a reload still shows it)
      ...(outcome.error && turn.requestId ? { requestId: turn.requestId } : {}),
      isSearchMode: turn.isSearchMode,
      offline: outcome.offline ?? false,
      ...(turn.forEditedMessageId ? { isEditResponse: true, forEditedMessageId: turn.forEditedMessageId } : {}),
      ...(turn.userMessage
        ? { parentId: turn.userMessage.messageId }
        : turn.botParentId
          ? { parentId: turn.botParentId }
          : {}),
    };
    try {
      await this.state.writeChats((chats) =>
        saveTurn(
          { main: this.db, chats },
          {
            userId: turn.userId,
            chatId: turn.chatId,
            messages: turn.userMessage ? [turn.userMessage, bot] : [bot],
            ...(turn.newBranch ? { showBranch: turn.botMessageId } : {}),
            usage: turn.usage && { ...turn.usage, count: this.state.usage.stored(turn.usage.day, turn.usage.bucket) },
            ...(outcome.metrics && !outcome.metricsSaved ? { metrics: outcome.metrics } : {}),
          },
        ),
      );
    } catch (err) {
      // The stored outcome waits for the alarm: armed here, so a save that fails from any caller (the turn's own end,
      // or the recovery an object's start runs) is tried again.
      this.armWatchdog();
      // The figures are added, not set: once in, the alarm's later save must leave them out.
      if (err instanceof TurnSaveError && err.metricsSaved) await checkpoint({ ...outcome, metricsSaved: true });
      throw err;
    }
    await this.ctx.storage.delete(key);
  }

  /**
   * Sends an unexpected failure of a turn to Sentry when SENTRY_DSN is set (worker/http/error-report.ts), tagged with
   * the request that asked for it, so the id a user quotes finds the event. A provider's own refusal (rate limit,
   * bad key, an error event) is an outcome the turn reports to the user, not a bug, and never comes here.
   */
  private report(err: unknown, turn: TurnRecord, stage: "generation" | "save") {
    reportError({ dsn: this.env.SENTRY_DSN, ctx: this.ctx }, err, {
      tags: {
        ...(turn.requestId ? { request_id: turn.requestId } : {}),
        route: "turn",
        stage,
        model: turn.endpoint,
      },
      extra: { message_id: turn.botMessageId },
      userId: turn.userId,
    });
  }

  private checkpoint(value: Checkpoint) {
    // Not awaited: the output gate makes the write durable before any later output leaves the object.
    this.ctx.storage.put(CHECKPOINT_PREFIX + value.turn.botMessageId, value);
  }

  /**
   * Arms the alarm that saves a turn this instance did not finish (recoverInterrupted), unless it is armed. Not when a
   * turn starts: setting an alarm is a durable write of its own, and on the way to the first token it was the costliest
   * one (locally a commit that holds the runtime's one thread: 50 turns starting at once took their first tokens
   * ~90 ms later, p50). A turn is checkpointed from its first token all the same, and the next start of the object (any
   * call of the user's: every request is authorized by it) saves what it left, so the alarm is only for a user who
   * never comes back: armed at a running answer's first periodic checkpoint, a second in, and when a save fails.
   */
  private armWatchdog(): Promise<void> | undefined {
    if (this.alarmSet) return;
    this.alarmSet = true;
    return this.ctx.storage.setAlarm(Date.now() + WATCHDOG_MS);
  }

  /**
   * Saves every recorded turn that is not running in this instance — its object was evicted or restarted, or its
   * final write failed — with its last text: the ended outcome if there is one, else the error generation_lost.
   */
  async recoverInterrupted() {
    const stored = await this.ctx.storage.list<Checkpoint>({ prefix: CHECKPOINT_PREFIX });
    for (const [key, cp] of stored) {
      const id = key.slice(CHECKPOINT_PREFIX.length);
      if (this.runningNow.has(id)) continue;
      const outcome = cp.outcome ?? lostOutcome(cp);
      try {
        await this.save(cp.turn, outcome);
      } catch (err) {
        console.error("could not save an interrupted turn; the alarm tries again", id, err);
        this.report(err, cp.turn, "save");
      }
    }
  }

  async onAlarm() {
    this.alarmSet = false;
    await this.recoverInterrupted();
    const left = await this.ctx.storage.list({ prefix: CHECKPOINT_PREFIX, limit: 1 });
    if (this.runningNow.size > 0 || left.size > 0) await this.armWatchdog();
  }
}

/** A turn whose object went away mid-answer: its last checkpointed text, counted as an error of kind generation_lost. */
function lostOutcome(cp: Checkpoint): Outcome {
  const { turn } = cp;
  return {
    text: cp.text,
    citations: [],
    stopped: false,
    error: "generation_lost",
    metrics: {
      day: turn.usage?.day ?? quotaDay(),
      model: turn.endpoint,
      provider: "unknown",
      error: "generation_lost",
      ttftMs: null,
      inputTokens: 0,
      outputTokens: 0,
      search: turn.isSearchMode,
      image: false,
    },
  };
}

/**
 * One JSON log line per answer, beside the request's own (worker/http/request-log.ts): the request id that started
 * it, the user as the same hash, the model and provider, how it ended, its duration and time to first token in ms.
 */
function logTurn(turn: TurnRecord, outcome: Outcome) {
  const m = outcome.metrics;
  const startedAt = turn.startedAt ?? Date.now();
  void userHash(turn.userId).then((user) =>
    console.log(
      JSON.stringify({
        event: "turn",
        request_id: turn.requestId ?? null,
        user,
        chat_id: turn.chatId,
        message_id: turn.botMessageId,
        model: turn.endpoint,
        provider: m?.provider ?? null,
        status: outcome.error ? "error" : outcome.stopped ? "stopped" : "ok",
        error: outcome.error,
        duration_ms: Date.now() - startedAt,
        ttft_ms: m?.ttftMs ?? null,
        tokens_in: m?.inputTokens ?? 0,
        tokens_out: m?.outputTokens ?? 0,
        search: turn.isSearchMode,
      }),
    ),
  );
}
