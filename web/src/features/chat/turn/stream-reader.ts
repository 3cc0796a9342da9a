// Reading the model API's event stream. Bytes arrive in arbitrary pieces (a UTF-8 character or an event may be
// split across chunks); the decoder keeps partial characters and decodeEvents keeps partial events, so every
// event is seen once and whole, and each is validated by the shared schema (worker/protocol/chat-stream.ts).
// readAnswer turns the events into the answer as it grows, for an answer asked here and one followed after a reload.
import {
  type ChatStreamEvent,
  type Citation,
  STREAM_DONE,
  decodeEvents,
} from "../../../../../worker/protocol/chat-stream";

export type StreamItem = ChatStreamEvent | typeof STREAM_DONE;

/**
 * The worker ends the stream right after [DONE]; a reader that has seen [DONE] and stopped reading waits this long
 * for that end before it lets go of the connection anyway, in milliseconds (a proxy that holds it open).
 */
export const END_AFTER_DONE_MS = 10_000;

/**
 * The events of a model API stream. The consumer may stop at [DONE]: the rest of the stream (its end, which follows
 * at once) is still read, in the background, so the request finishes instead of being cancelled — a cancelled answer
 * request shows as failed in the browser's network log. Stopping before [DONE] cancels it (the reader left early).
 */
export async function* readChatStream(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamItem> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  // A "\r" that ends a chunk may be the first half of "\r\n"; it waits for the next chunk before normalising.
  let carry = "";
  let finished = false;
  let sawDone = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      let text = carry + (done ? decoder.decode() : decoder.decode(value, { stream: true }));
      carry = "";
      if (!done && text.endsWith("\r")) {
        carry = "\r";
        text = text.slice(0, -1);
      }
      buffer += text.replace(/\r\n?/g, "\n");
      if (done) break;
      const { events, rest } = decodeEvents(buffer);
      buffer = rest;
      for (const event of events) {
        if (event === STREAM_DONE) sawDone = true;
        yield event;
      }
    }
    finished = true;
  } finally {
    if (finished) reader.releaseLock();
    else if (sawDone) void readToEnd(reader);
    else {
      // the consumer left before the answer ended (or reading failed): let go of the connection
      await reader.cancel().catch(() => {});
      reader.releaseLock();
    }
  }
  if (buffer.trim()) {
    // the stream ended without the final blank line: whatever whole lines remain still count
    for (const event of decodeEvents(`${buffer}\n\n`).events) yield event;
  }
}

/** Reads what follows [DONE] (nothing but the stream's end) and drops it; cancels only if the end never comes. */
async function readToEnd(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  const timer = setTimeout(() => void reader.cancel().catch(() => {}), END_AFTER_DONE_MS);
  try {
    while (!(await reader.read()).done) {
      // nothing after [DONE] counts
    }
  } catch {
    // the connection broke after the answer had ended: nothing is lost
  } finally {
    clearTimeout(timer);
    reader.releaseLock();
  }
}

/** What a streamed answer has become so far. */
export interface AnswerState {
  text: string;
  citations: Citation[];
  stopped: boolean;
  /** The stream's error code, if it failed. */
  error: string | null;
  /** The id of the request that started the answer, when its stream failed (the worker's turn log line has it). */
  requestId: string | null;
  offline: boolean;
  /** The citations came from the offline search source (no search provider configured). */
  searchOffline: boolean;
  model: string | null;
  done: boolean;
  /** Ids the server confirmed in its first metadata event. */
  messageId: string | null;
  userMessageId: string | null;
}

export const initialAnswer = (): AnswerState => ({
  text: "",
  citations: [],
  stopped: false,
  error: null,
  requestId: null,
  offline: false,
  searchOffline: false,
  model: null,
  done: false,
  messageId: null,
  userMessageId: null,
});

export function applyStreamEvent(state: AnswerState, event: StreamItem): AnswerState {
  if (event === STREAM_DONE) return { ...state, done: true };
  if ("content" in event) return { ...state, text: state.text + event.content };
  if ("error" in event) return { ...state, error: event.error || "unknown_error", requestId: event.request_id ?? null };
  const m = event.metadata;
  return {
    ...state,
    citations: m.citations ?? state.citations,
    stopped: state.stopped || m.stopped === true,
    offline: m.offline ?? state.offline,
    searchOffline: m.search_offline ?? state.searchOffline,
    model: m.model ?? state.model,
    messageId: m.message_id ?? state.messageId,
    userMessageId: m.user_message_id ?? state.userMessageId,
  };
}

/** The cache is written at most this often while text streams in, in milliseconds (about two frames). */
export const FLUSH_MS = 32;

/** How reading an answer's stream ended: its state (partial when reading failed) and the failure, if any. */
export interface ReadAnswer {
  answer: AnswerState;
  failed: boolean;
  error?: unknown;
}

/**
 * Reads a model API stream on from `from` until [DONE], its end or a failure, showing what the answer has become at
 * most every FLUSH_MS while it streams (`show`), and telling `onEvent` of each event as it arrives. The final state is
 * the caller's to show: a write still waiting is dropped, so it cannot land after the final one.
 */
export async function readAnswer(
  body: ReadableStream<Uint8Array>,
  from: AnswerState,
  show: (answer: AnswerState) => void,
  onEvent?: (event: StreamItem) => void,
): Promise<ReadAnswer> {
  let answer = from;
  let timer: ReturnType<typeof setTimeout> | null = null;
  try {
    for await (const event of readChatStream(body)) {
      answer = applyStreamEvent(answer, event);
      onEvent?.(event);
      if (answer.done) break;
      timer ??= setTimeout(() => {
        timer = null;
        show(answer);
      }, FLUSH_MS);
    }
    return { answer, failed: false };
  } catch (error) {
    return { answer, failed: true, error };
  } finally {
    if (timer) clearTimeout(timer);
  }
}
