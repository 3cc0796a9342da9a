// Running answers inside the user's Durable Object. A generation is detached from the request that started it:
// the SSE stream is only a window onto it. If the reader goes away the answer still runs to the end and is saved;
// an explicit stop aborts it and saves the partial text with stopped: true; a failure saves the partial text with
// the error code. Progress is checkpointed to Durable Object storage, and an alarm sweeps up any answer whose
// object was evicted or restarted mid-way, so no started answer is ever left unsaved.
import type { ModelMessage } from "ai";
import { createDb } from "../worker/db/client";
import { saveMessages } from "../worker/db/messages";
import { refundUsage } from "../worker/db/usage";
import { createModelRegistry } from "../worker/models/registry";
import { streamAnswer } from "../worker/models/stream-answer";
import { type ChatStreamEvent, encodeEvent, STREAM_DONE, type Citation } from "../worker/protocol/chat-stream";

/** How often a running answer's text is checkpointed to storage, in milliseconds. */
const CHECKPOINT_INTERVAL_MS = 1_000;
/** The watchdog alarm fires this long after the last checkpoint; an answer with no progress for longer is lost. */
const WATCHDOG_MS = 60_000;
const CHECKPOINT_PREFIX = "generation:";

const SYSTEM_PROMPT =
  "You are Mây, a helpful multilingual assistant. Answer in the language of the user's last message. Use Markdown where it helps.";

export interface GenerationInput {
  userId: string;
  chatId: string;
  endpoint: string;
  userMessageId: string;
  botMessageId: string;
  /** The conversation so far, oldest first, ending with the new user message. */
  messages: ModelMessage[];
  /** The quota use taken for this answer, given back if the provider fails before producing any text. */
  usage: { bucket: string; day: string };
  isSearchMode?: boolean;
}

interface Checkpoint {
  input: Omit<GenerationInput, "messages">;
  text: string;
  updatedAt: number;
}

interface Running {
  controller: AbortController;
}

export class GenerationRunner {
  private readonly runningNow = new Map<string, Running>();

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly env: Env,
  ) {}

  running(): string[] {
    return [...this.runningNow.keys()];
  }

  stop(messageId: string): boolean {
    const run = this.runningNow.get(messageId);
    if (!run) return false;
    run.controller.abort();
    return true;
  }

  start(input: GenerationInput): ReadableStream<Uint8Array> {
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const writer = writable.getWriter();
    // Once the reader cancels, these promises reject; that is expected and must not surface as unhandled.
    writer.closed.catch(() => {});
    writer.ready.catch(() => {});
    const encoder = new TextEncoder();
    let readerGone = false;
    const send = (event: ChatStreamEvent | typeof STREAM_DONE) => {
      if (readerGone) return;
      // Not awaited: a slow or vanished reader must never hold the answer back.
      writer.write(encoder.encode(encodeEvent(event))).catch(() => {
        readerGone = true;
      });
    };
    const controller = new AbortController();
    this.runningNow.set(input.botMessageId, { controller });
    const run = this.run(input, controller.signal, send)
      .catch((err) => console.error("generation failed", input.botMessageId, err))
      .finally(() => {
        this.runningNow.delete(input.botMessageId);
        writer.close().catch(() => {});
      });
    this.ctx.waitUntil(run);
    return readable;
  }

  private async run(input: GenerationInput, signal: AbortSignal, send: (e: ChatStreamEvent | typeof STREAM_DONE) => void) {
    const { messages, ...meta } = input;
    const key = CHECKPOINT_PREFIX + input.botMessageId;
    await this.checkpoint(key, { input: meta, text: "", updatedAt: Date.now() });

    let text = "";
    let citations: Citation[] = [];
    let error: { code: string; message: string } | null = null;
    let lastCheckpoint = Date.now();
    try {
      const resolved = createModelRegistry(this.env).resolve(input.endpoint);
      send({
        metadata: {
          message_id: input.botMessageId,
          user_message_id: input.userMessageId,
          chat_id: input.chatId,
          model: input.endpoint,
          offline: resolved?.offline ?? true,
        },
      });
      if (!resolved) throw new Error(`Unknown model ${input.endpoint}`);
      for await (const part of streamAnswer({ model: resolved.model, system: SYSTEM_PROMPT, messages, abortSignal: signal })) {
        if (part.type === "text") {
          text += part.text;
          send({ content: part.text });
          if (Date.now() - lastCheckpoint >= CHECKPOINT_INTERVAL_MS) {
            lastCheckpoint = Date.now();
            await this.checkpoint(key, { input: meta, text, updatedAt: lastCheckpoint });
          }
        } else if (part.type === "citations") {
          citations = part.citations;
          send({ metadata: { citations } });
        } else {
          error = { code: part.code, message: part.message };
          break;
        }
      }
    } catch (err) {
      // A misconfiguration or a bug must still end in a saved message and a clear error event, never a hang.
      console.error("generation error", input.botMessageId, err);
      error = { code: "provider_error", message: "The model could not answer. Please try again or switch model." };
    }
    const stopped = signal.aborted;
    await this.finish(meta, { text, citations, stopped, error: error?.code ?? null });
    await this.ctx.storage.delete(key);
    if (stopped) send({ metadata: { message_id: input.botMessageId, stopped: true } });
    if (error) send({ error: error.code, message: error.message });
    send(STREAM_DONE);
  }

  /** Saves the bot message (always, whatever happened) and gives the quota use back if nothing was produced. */
  private async finish(
    meta: Omit<GenerationInput, "messages">,
    result: { text: string; citations: Citation[]; stopped: boolean; error: string | null },
  ) {
    const db = createDb(this.env.DB);
    await saveMessages({
      db,
      userId: meta.userId,
      chatId: meta.chatId,
      items: [
        {
          messageId: meta.botMessageId,
          sender: "bot",
          message: result.text,
          model: meta.endpoint,
          endpoint: meta.endpoint,
          source: "api",
          citations: result.citations,
          stopped: result.stopped,
          error: result.error,
          isSearchMode: meta.isSearchMode ?? false,
        },
      ],
    });
    if (result.error && !result.text) {
      await refundUsage({ db, userId: meta.userId, bucket: meta.usage.bucket, day: meta.usage.day });
    }
  }

  private async checkpoint(key: string, value: Checkpoint) {
    await this.ctx.storage.put(key, value);
    const alarm = await this.ctx.storage.getAlarm();
    const due = Date.now() + WATCHDOG_MS;
    if (alarm === null || alarm > due) await this.ctx.storage.setAlarm(due);
  }

  /**
   * Saves every checkpointed answer that is not running in this instance — its object was evicted or restarted —
   * with its last checkpointed text and the error generation_lost. Runs on start and on the watchdog alarm.
   */
  async recoverInterrupted() {
    const stored = await this.ctx.storage.list<Checkpoint>({ prefix: CHECKPOINT_PREFIX });
    for (const [key, cp] of stored) {
      const id = key.slice(CHECKPOINT_PREFIX.length);
      if (this.runningNow.has(id)) continue;
      await this.finish(cp.input, { text: cp.text, citations: [], stopped: false, error: "generation_lost" });
      await this.ctx.storage.delete(key);
    }
  }

  async onAlarm() {
    await this.recoverInterrupted();
    if (this.runningNow.size > 0) await this.ctx.storage.setAlarm(Date.now() + WATCHDOG_MS);
  }
}
