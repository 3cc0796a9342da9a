// Reading the model API's event stream: events split anywhere (inside JSON, inside a UTF-8 character, between
// "\r" and "\n") are seen once and whole; error events and [DONE] come through; the answer state follows them. A
// reader that stops at [DONE] still reads the stream to its end (no cancelled request); one that stops earlier cancels.
import { describe, expect, it, vi } from "vitest";
import { STREAM_DONE, encodeEvent } from "../../worker/protocol/chat-stream";
import {
  END_AFTER_DONE_MS,
  type StreamItem,
  applyStreamEvent,
  initialAnswer,
  readChatStream,
} from "../../web/src/features/chat/turn/stream-reader";

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const c of chunks) controller.enqueue(c);
      controller.close();
    },
  });
}

/** Cuts bytes at the given offsets. */
function cut(bytes: Uint8Array, sizes: (i: number) => number): Uint8Array[] {
  const out: Uint8Array[] = [];
  let i = 0;
  let n = 0;
  while (i < bytes.length) {
    const size = Math.max(1, sizes(n++));
    out.push(bytes.slice(i, i + size));
    i += size;
  }
  return out;
}

async function collect(stream: ReadableStream<Uint8Array>): Promise<StreamItem[]> {
  const out: StreamItem[] = [];
  for await (const e of readChatStream(stream)) out.push(e);
  return out;
}

const EVENTS: StreamItem[] = [
  { metadata: { message_id: "bot-1", user_message_id: "user-1", chat_id: "c1", model: "gpt-4.1-mini", offline: true } },
  { content: "Xin chào, " },
  { content: "thế giới 🌏 — 你好" },
  { metadata: { citations: [{ url: "https://example.com", title: "Example" }] } },
  { content: "\n\n```js\nconsole.log('a\\n\\nb')\n```" },
  STREAM_DONE,
];
const BYTES = new TextEncoder().encode(EVENTS.map((e) => encodeEvent(e)).join(""));

describe("readChatStream", () => {
  it("decodes a stream delivered in one piece", async () => {
    expect(await collect(streamOf([BYTES]))).toEqual(EVENTS);
  });

  it("decodes the same events when every chunk is one byte (splitting multi-byte characters)", async () => {
    expect(await collect(streamOf(cut(BYTES, () => 1)))).toEqual(EVENTS);
  });

  it("decodes the same events for irregular chunk sizes", async () => {
    for (const seed of [2, 3, 5, 7, 13]) {
      expect(await collect(streamOf(cut(BYTES, (n) => ((n * seed) % 11) + 1)))).toEqual(EVENTS);
    }
  });

  it("handles CRLF line endings even when a chunk ends between \\r and \\n", async () => {
    const text = 'data: {"content":"a"}\r\n\r\ndata: {"content":"b"}\r\n\r\ndata: [DONE]\r\n\r\n';
    const bytes = new TextEncoder().encode(text);
    const splitAt = text.indexOf("\r\n") + 1; // after the first "\r"
    const events = await collect(streamOf([bytes.slice(0, splitAt), bytes.slice(splitAt)]));
    expect(events).toEqual([{ content: "a" }, { content: "b" }, STREAM_DONE]);
  });

  it("passes error events through", async () => {
    const bytes = new TextEncoder().encode(
      encodeEvent({ content: "partial" }) +
        encodeEvent({ error: "provider_unavailable", message: "down" }) +
        encodeEvent(STREAM_DONE),
    );
    expect(await collect(streamOf(cut(bytes, () => 4)))).toEqual([
      { content: "partial" },
      { error: "provider_unavailable", message: "down" },
      STREAM_DONE,
    ]);
  });

  it("skips lines that are not valid events", async () => {
    const bytes = new TextEncoder().encode(
      `: comment\n\ndata: {"nope":1}\n\ndata: not json\n\n${encodeEvent({ content: "ok" })}`,
    );
    expect(await collect(streamOf([bytes]))).toEqual([{ content: "ok" }]);
  });

  it("keeps a last event that lacks the closing blank line", async () => {
    const bytes = new TextEncoder().encode('data: {"content":"x"}\n\ndata: [DONE]');
    expect(await collect(streamOf([bytes]))).toEqual([{ content: "x" }, STREAM_DONE]);
  });

  it("cancels the stream when the reader stops before [DONE]", async () => {
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(BYTES);
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const e of readChatStream(stream)) {
      if (e !== STREAM_DONE && "content" in e) break;
    }
    expect(cancelled).toBe(true);
  });

  it("reads the stream to its end, never cancelling it, when the reader stops at [DONE]", async () => {
    let cancelled = false;
    let pulls = 0;
    let ended = () => {};
    const end = new Promise<void>((resolve) => (ended = resolve));
    // one pull answers the events, the next one (asked for only by a reader that keeps reading) ends the stream
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (++pulls === 1) return controller.enqueue(BYTES);
          controller.close();
          ended();
        },
        cancel() {
          cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
    const seen: StreamItem[] = [];
    for await (const e of readChatStream(stream)) {
      seen.push(e);
      if (e === STREAM_DONE) break;
    }
    expect(seen).toEqual(EVENTS);
    expect(cancelled).toBe(false);
    await end;
    await vi.waitFor(() => expect(stream.locked).toBe(false));
    expect(cancelled).toBe(false);
  });

  it("lets go of a stream that stays open after [DONE], once END_AFTER_DONE_MS have passed", async () => {
    vi.useFakeTimers();
    try {
      let cancelled = false;
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(BYTES);
        },
        cancel() {
          cancelled = true;
        },
      });
      for await (const e of readChatStream(stream)) {
        if (e === STREAM_DONE) break;
      }
      await vi.advanceTimersByTimeAsync(END_AFTER_DONE_MS - 1);
      expect(cancelled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(cancelled).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("applyStreamEvent", () => {
  it("builds the answer: ids and offline flag, text, citations, then done", () => {
    const state = EVENTS.reduce(applyStreamEvent, initialAnswer());
    expect(state).toMatchObject({
      messageId: "bot-1",
      userMessageId: "user-1",
      model: "gpt-4.1-mini",
      offline: true,
      citations: [{ url: "https://example.com", title: "Example" }],
      stopped: false,
      error: null,
      done: true,
    });
    expect(state.text).toBe("Xin chào, thế giới 🌏 — 你好\n\n```js\nconsole.log('a\\n\\nb')\n```");
  });

  it("marks a stopped answer and keeps its partial text", () => {
    const events: StreamItem[] = [
      { content: "part" },
      { metadata: { message_id: "bot-1", stopped: true } },
      STREAM_DONE,
    ];
    expect(events.reduce(applyStreamEvent, initialAnswer())).toMatchObject({
      text: "part",
      stopped: true,
      error: null,
      done: true,
    });
  });

  it("records the error code of a failed answer", () => {
    const events: StreamItem[] = [{ content: "p" }, { error: "stream_interrupted", message: "x" }, STREAM_DONE];
    expect(events.reduce(applyStreamEvent, initialAnswer())).toMatchObject({ error: "stream_interrupted", done: true });
  });
});
