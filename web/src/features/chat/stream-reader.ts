// Reading the model API's event stream. Bytes arrive in arbitrary pieces (a UTF-8 character or an event may be
// split across chunks); the decoder keeps partial characters and decodeEvents keeps partial events, so every
// event is seen once and whole, and each is validated by the shared schema (worker/protocol/chat-stream.ts).
import {
  type ChatStreamEvent,
  type Citation,
  STREAM_DONE,
  decodeEvents,
} from "../../../../worker/protocol/chat-stream";

export type StreamItem = ChatStreamEvent | typeof STREAM_DONE;

export async function* readChatStream(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamItem> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  // A "\r" that ends a chunk may be the first half of "\r\n"; it waits for the next chunk before normalising.
  let carry = "";
  let finished = false;
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
      for (const event of events) yield event;
    }
    finished = true;
  } finally {
    // the consumer left early (or reading failed): let go of the connection
    if (!finished) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
  if (buffer.trim()) {
    // the stream ended without the final blank line: whatever whole lines remain still count
    for (const event of decodeEvents(`${buffer}\n\n`).events) yield event;
  }
}

/** What a streamed answer has become so far. */
export interface AnswerState {
  text: string;
  citations: Citation[];
  stopped: boolean;
  /** The stream's error code, if it failed. */
  error: string | null;
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
  if ("error" in event) return { ...state, error: event.error || "unknown_error" };
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
