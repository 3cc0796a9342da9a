// Sending and stopping, against a fake worker: the first message creates the chat with the shared title rule,
// the answer streams into the query cache, empty prompts and double sends are ignored, a 403 for the model undoes
// the exchange and switches models, a stream error marks the answer, and Stop posts the bot message's id.
import { QueryClient } from "@tanstack/react-query";
import i18next from "i18next";
import { createStore, getDefaultStore } from "jotai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { STREAM_DONE } from "../../worker/protocol/chat-stream";
import { titleFromPrompt } from "../../worker/protocol/rules";
import { draftAtom, streamingAtom } from "../../web/src/features/chat/chat.atoms";
import { type ChatDeps, stopAnswer } from "../../web/src/features/chat/answer-turn";
import { sendMessage } from "../../web/src/features/chat/send-message";
import { chatKeys } from "../../web/src/features/chat/chat.queries";
import { type ChatContentData, allMessages } from "../../web/src/features/chat/chat-cache";
import { disabledModelsAtom, selectedModelAtom, usageWarningAtom } from "../../web/src/features/models/models.atoms";
import { toastsAtom } from "../../web/src/features/toast/toast.atoms";
import { fakeWorker as fakeChatWorker, json, model, settle, sseBody } from "./support/fake-chat-worker";

const CATALOGUE = {
  status: "success",
  data: {
    models: [model("gpt-4.1-mini", "GPT 4.1-mini"), model("o4-mini", "GPT o4-mini")],
    default: "gpt-4.1-mini",
    plan: "free",
  },
};

const fakeWorker = (answer: Parameters<typeof fakeChatWorker>[0]) => fakeChatWorker(answer, CATALOGUE);

describe("chat actions", () => {
  let deps: ChatDeps;
  let store: ReturnType<typeof createStore>;
  let qc: QueryClient;
  const openChat = vi.fn();

  beforeEach(async () => {
    localStorage.clear();
    await i18next.init({ lng: "en", resources: {} });
    qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    store = createStore();
    openChat.mockReset();
    deps = { queryClient: qc, store, t: i18next.t.bind(i18next), openChat };
    getDefaultStore().set(toastsAtom, []);
  });
  afterEach(() => vi.unstubAllGlobals());

  const content = (chatId = "chat-1") => {
    const data = qc.getQueryData<ChatContentData>(chatKeys.content(chatId));
    return data && { messages: allMessages(data) };
  };

  it("creates the chat for a first message with the title rule, opens it, and streams the answer into the cache", async () => {
    const sse = sseBody();
    const calls = fakeWorker(
      () =>
        new Response(sse.body, { status: 200, headers: { "X-Remaining-Usage": "5", "X-Warning-Level": "warning" } }),
    );
    const prompt = "Please explain the history of the Vietnamese language in detail";
    const done = sendMessage(deps, { text: `  ${prompt}  `, chatId: null });

    await settle();
    const create = calls.find((c) => c.url === "/chat-sessions");
    expect(create?.body?.title).toBe(titleFromPrompt(prompt));
    expect(String(create?.body?.title)).toHaveLength(31); // 30 characters and the ellipsis
    expect(openChat).toHaveBeenCalledWith("chat-1");
    expect(localStorage.getItem("current_chat_id")).toBe("chat-1");

    const ask = calls.find((c) => c.url === "/api/chat/gpt-4.1-mini")!;
    expect(ask.body).toMatchObject({ question: prompt, chat_id: "chat-1" });
    expect(store.get(streamingAtom)).toMatchObject({ chatId: "chat-1", botMessageId: ask.body?.bot_message_id });

    sse.send({ metadata: { message_id: String(ask.body?.bot_message_id), offline: true } });
    sse.send({ content: "Hello " });
    sse.send({ content: "there" });
    await settle();
    expect(content()?.messages.at(-1)).toMatchObject({ sender: "bot", message: "Hello there", isStreaming: true });

    sse.send(STREAM_DONE);
    sse.close();
    await expect(done).resolves.toBe(true);
    expect(content()?.messages.map((m) => [m.sender, m.message, m.message_id])).toEqual([
      ["user", prompt, ask.body?.message_id],
      ["bot", "Hello there", ask.body?.bot_message_id],
    ]);
    expect(content()?.messages.at(-1)).toMatchObject({
      isStreaming: false,
      loading: false,
      stopped: false,
      error: null,
      offline: true,
    });
    expect(store.get(streamingAtom)).toBeNull();
    expect(store.get(usageWarningAtom)).toMatchObject({ level: "warning", remaining: 5, model: "GPT 4.1-mini" });
  });

  it("ignores empty and whitespace-only prompts", async () => {
    const calls = fakeWorker(() => json(500, {}));
    await expect(sendMessage(deps, { text: "   \n\t ", chatId: "chat-1" })).resolves.toBe(false);
    expect(calls).toEqual([]);
  });

  it("blocks a second send while one is loading", async () => {
    const sse = sseBody();
    const calls = fakeWorker(() => new Response(sse.body, { status: 200 }));
    const first = sendMessage(deps, { text: "one", chatId: "chat-1" });
    await settle();
    await expect(sendMessage(deps, { text: "two", chatId: "chat-1" })).resolves.toBe(false);
    expect(calls.filter((c) => c.url.startsWith("/api/chat/")).length).toBe(1);
    sse.send(STREAM_DONE);
    sse.close();
    await first;
  });

  it("on 403 quota_exhausted removes the exchange, disables the model, switches to another and warns", async () => {
    fakeWorker(() => json(403, { status: "error", code: "quota_exhausted", message: "No uses left" }));
    await expect(sendMessage(deps, { text: "hello", chatId: "chat-1" })).resolves.toBe(false);
    expect(content()?.messages ?? []).toEqual([]);
    expect(store.get(disabledModelsAtom)).toEqual(["gpt-4.1-mini"]);
    expect(store.get(selectedModelAtom)).toBe("o4-mini");
    expect(store.get(draftAtom)).toBe("hello");
    expect(store.get(streamingAtom)).toBeNull();
    // the banner says the model ran out and names the one now answering (no toast besides it)
    expect(store.get(usageWarningAtom)).toMatchObject({
      level: "zero_remaining",
      model: "GPT 4.1-mini",
      switchedTo: "GPT o4-mini",
    });
    expect(getDefaultStore().get(toastsAtom)).toEqual([]);
  });

  it("marks the answer with the stream's error code when the stream fails", async () => {
    const sse = sseBody();
    fakeWorker(() => new Response(sse.body, { status: 200 }));
    const done = sendMessage(deps, { text: "hello", chatId: "chat-1" });
    await settle();
    sse.send({ content: "par" });
    sse.send({ error: "provider_unavailable", message: "down" });
    sse.send(STREAM_DONE);
    sse.close();
    await done;
    expect(content()?.messages.at(-1)).toMatchObject({
      sender: "bot",
      error: "provider_unavailable",
      isStreaming: false,
    });
  });

  it("marks the answer interrupted when the stream ends without [DONE]", async () => {
    const sse = sseBody();
    fakeWorker(() => new Response(sse.body, { status: 200 }));
    const done = sendMessage(deps, { text: "hello", chatId: "chat-1" });
    await settle();
    sse.send({ content: "par" });
    sse.close();
    await done;
    expect(content()?.messages.at(-1)).toMatchObject({ error: "stream_interrupted" });
  });

  it("stop posts the bot message id; the stopped answer keeps its partial text", async () => {
    const sse = sseBody();
    const calls = fakeWorker((call) => {
      if (call.url === "/api/chat/stop") {
        sse.send({ metadata: { message_id: String(call.body?.message_id), stopped: true } });
        sse.send(STREAM_DONE);
        sse.close();
        return json(200, { status: "success", data: { message_id: call.body?.message_id, stopped: true } });
      }
      return new Response(sse.body, { status: 200 });
    });
    const done = sendMessage(deps, { text: "write a long essay", chatId: "chat-1" });
    await settle();
    sse.send({ content: "The beginning" });
    await settle();
    await stopAnswer(deps);
    await done;
    const bot = calls.find((c) => c.url === "/api/chat/gpt-4.1-mini")!.body?.bot_message_id;
    expect(calls.find((c) => c.url === "/api/chat/stop")?.body).toEqual({ message_id: bot });
    expect(content()?.messages.at(-1)).toMatchObject({
      message: "The beginning",
      stopped: true,
      error: null,
      isStreaming: false,
    });
  });

  it("keeps the model while its last use is left, warning critically", async () => {
    const sse = sseBody();
    fakeWorker(
      () =>
        new Response(sse.body, { status: 200, headers: { "X-Remaining-Usage": "1", "X-Warning-Level": "critical" } }),
    );
    const done = sendMessage(deps, { text: "hello", chatId: "chat-1" });
    await settle();
    sse.send(STREAM_DONE);
    sse.close();
    await done;
    expect(store.get(disabledModelsAtom)).toEqual([]);
    expect(store.get(selectedModelAtom)).not.toBe("o4-mini");
    expect(store.get(usageWarningAtom)).toMatchObject({ level: "critical", remaining: 1 });
  });

  it("disables the model once its last use is spent, and switches", async () => {
    const sse = sseBody();
    fakeWorker(
      () =>
        new Response(sse.body, {
          status: 200,
          headers: { "X-Remaining-Usage": "0", "X-Warning-Level": "zero_remaining" },
        }),
    );
    const done = sendMessage(deps, { text: "hello", chatId: "chat-1" });
    await settle();
    sse.send(STREAM_DONE);
    sse.close();
    await done;
    expect(store.get(disabledModelsAtom)).toEqual(["gpt-4.1-mini"]);
    expect(store.get(selectedModelAtom)).toBe("o4-mini");
    expect(store.get(usageWarningAtom)).toMatchObject({
      level: "zero_remaining",
      remaining: 0,
      switchedTo: "GPT o4-mini",
    });
  });

  it("switches away before sending when the catalogue shows the model's uses spent elsewhere, saying so", async () => {
    const sse = sseBody();
    const spent = {
      ...CATALOGUE,
      data: { ...CATALOGUE.data, models: [model("gpt-4.1-mini", "GPT 4.1-mini", 0), model("o4-mini", "GPT o4-mini")] },
    };
    const calls = fakeChatWorker(() => new Response(sse.body, { status: 200 }), spent);
    const done = sendMessage(deps, { text: "hello", chatId: "chat-1" });
    await settle();
    expect(calls.some((c) => c.url === "/api/chat/o4-mini")).toBe(true);
    expect(store.get(selectedModelAtom)).toBe("o4-mini");
    expect(store.get(usageWarningAtom)).toMatchObject({
      level: "zero_remaining",
      model: "GPT 4.1-mini",
      switchedTo: "GPT o4-mini",
    });
    sse.send(STREAM_DONE);
    sse.close();
    await done;
  });
});
