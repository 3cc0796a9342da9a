// A fake worker for the SPA's chat tests: GET /api/models answers the given catalogue, POST /chat-sessions makes
// "chat-1", and every other call goes to the test's own handler; SSE bodies are written event by event.
import { vi } from "vitest";
import { type STREAM_DONE, encodeEvent, type ChatStreamEvent } from "../../../worker/protocol/chat-stream";

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

export const model = (endpoint: string, name: string, remaining = 40) => ({
  id: endpoint,
  endpoint,
  name,
  descriptions: { free: "", premium: "" },
  premiumRequired: false,
  fileSupport: false,
  supportedFileTypes: [],
  allowed: true,
  remaining,
  total: 50,
  offline: true,
});

export function catalogue(searchRemaining = 10) {
  return {
    status: "success",
    data: {
      models: [model("gpt-4.1-mini", "GPT 4.1-mini"), model("o4-mini", "GPT o4-mini")],
      default: "gpt-4.1-mini",
      plan: "free",
      search: { remaining: searchRemaining, total: 10 },
    },
  };
}

/** A history row as the worker sends it. */
export const chatRow = (id: string, title: string, persona: unknown = null) => ({
  id,
  title,
  status: "active",
  is_starred: false,
  persona,
  last_message_at: "2025-06-15 03:00:00",
  created_at: null,
  updated_at: null,
});

/** An SSE body the test writes to event by event. */
export function sseBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
  });
  const enc = new TextEncoder();
  return {
    body,
    send: (e: ChatStreamEvent | typeof STREAM_DONE) => controller.enqueue(enc.encode(encodeEvent(e))),
    close: () => controller.close(),
    /** The connection breaks mid-answer: the reader's next read fails. */
    fail: () => controller.error(new TypeError("network error")),
  };
}

export interface Call {
  url: string;
  method: string;
  body: Record<string, unknown> | undefined;
}

export function fakeWorker(answer: (call: Call) => Response | Promise<Response>, models: unknown = catalogue()) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = { url, method: init.method ?? "GET", body: init.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      if (url === "/api/models") return json(200, models);
      if (url === "/chat-sessions" && call.method === "POST") {
        return json(201, {
          status: "success",
          data: chatRow("chat-1", String(call.body?.title), call.body?.persona ?? null),
        });
      }
      return answer(call);
    }),
  );
  return calls;
}

export const settle = () => new Promise((r) => setTimeout(r, 60));
