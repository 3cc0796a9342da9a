// The conversation's turns against a fake worker: the web search toggle asks for search mode and counts the day's
// searches, used-up searches cancel the send with the critical warning (before asking, or on the worker's 403), an
// an edit puts a new version of the question in its place and streams an edit reply, a regeneration writes another
// answer in place of the one shown with the same or another model (both keep the ‹ n / total › versions), and stop
// works on both.
import { QueryClient } from "@tanstack/react-query";
import i18next from "i18next";
import { createStore } from "jotai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { STREAM_DONE } from "../../worker/protocol/chat-stream";
import { draftAtom, searchExhaustedAtom, searchModeAtom, streamingAtom } from "../../web/src/features/chat/chat.atoms";
import type { ChatDeps } from "../../web/src/features/chat/chat-actions";
import { stopAnswer } from "../../web/src/features/chat/turn/turn-runner";
import { sendMessage } from "../../web/src/features/chat/turn/send-message";
import { editMessage, regenerateAnswer } from "../../web/src/features/chat/turn/edit-actions";
import { chatKeys } from "../../web/src/features/chat/chat.queries";
import type { ChatMessage } from "../../web/src/features/chat/chat.schemas";
import { type ChatContentData, allMessages } from "../../web/src/features/chat/chat-cache";
import { disabledModelsAtom, usageWarningAtom } from "../../web/src/features/models/models.atoms";
import { modelKeys } from "../../web/src/features/models/models.queries";
import type { ModelsResponse } from "../../web/src/features/models/models.schemas";
import { catalogue, fakeWorker, json, settle, sseBody } from "./support/fake-chat-worker";

const message = (id: string, sender: "user" | "bot", text: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  message_id: id,
  sender,
  message: text,
  model: "gpt-4.1-mini",
  citations: [],
  stopped: false,
  error: null,
  created_at: "2025-06-15T03:00:00.000Z",
  ...extra,
});

describe("conversation actions", () => {
  let deps: ChatDeps;
  let store: ReturnType<typeof createStore>;
  let qc: QueryClient;

  beforeEach(async () => {
    localStorage.clear();
    await i18next.init({ lng: "en", resources: {} });
    qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    store = createStore();
    deps = { queryClient: qc, store, t: i18next.t.bind(i18next), openChat: vi.fn(), openUpgrade: vi.fn() };
  });
  afterEach(() => vi.unstubAllGlobals());

  const seed = (messages: ChatMessage[]) =>
    qc.setQueryData<ChatContentData>(chatKeys.content("chat-1"), {
      pages: [{ title: "T", messages, next_before: null }],
      pageParams: [null],
    });
  const messages = () => allMessages(qc.getQueryData<ChatContentData>(chatKeys.content("chat-1")));

  describe("web search", () => {
    it("asks for search mode while the toggle is on and counts the search quota, not the model's", async () => {
      const sse = sseBody();
      const calls = fakeWorker(
        () =>
          new Response(sse.body, { status: 200, headers: { "X-Remaining-Usage": "5", "X-Warning-Level": "warning" } }),
      );
      store.set(searchModeAtom, true);
      const done = sendMessage(deps, { text: "latest news", chatId: "chat-1" });
      await settle();
      sse.send({
        metadata: { citations: [{ url: "https://offline.may.invalid/1", title: "One" }], search_offline: true },
      });
      sse.send({ content: "News [1]." });
      sse.send(STREAM_DONE);
      sse.close();
      await done;
      expect(calls.find((c) => c.url.startsWith("/api/chat/"))?.body).toMatchObject({
        question: "latest news",
        is_search_mode: true,
      });
      expect(messages().at(-1)).toMatchObject({
        message: "News [1].",
        searchOffline: true,
        citations: [{ title: "One" }],
      });
      const models = qc.getQueryData<ModelsResponse>(modelKeys.all);
      expect(models?.search?.remaining).toBe(5);
      expect(models?.models.find((m) => m.endpoint === "gpt-4.1-mini")?.remaining).toBe(40);
      expect(store.get(usageWarningAtom)).toMatchObject({
        level: "warning",
        remaining: 5,
        model: "conversation.webSearch",
      });
    });

    it("counts an auto-search (citations before any text) against the searches, a plain answer against the model", async () => {
      const sse = sseBody();
      fakeWorker(
        () =>
          new Response(sse.body, { status: 200, headers: { "X-Remaining-Usage": "1", "X-Warning-Level": "critical" } }),
      );
      const done = sendMessage(deps, { text: "thời tiết hôm nay ở Hà Nội", chatId: "chat-1" });
      await settle();
      sse.send({ metadata: { citations: [{ url: "https://example.com/w" }] } });
      sse.send({ content: "Nắng." });
      sse.send(STREAM_DONE);
      sse.close();
      await done;
      // one search left does not disable the model
      expect(store.get(disabledModelsAtom)).toEqual([]);
      expect(qc.getQueryData<ModelsResponse>(modelKeys.all)?.search?.remaining).toBe(1);
    });

    it("cancels the send with the critical warning when today's searches are used up, without asking the worker", async () => {
      const calls = fakeWorker(() => json(500, {}), catalogue(0));
      store.set(searchModeAtom, true);
      store.set(draftAtom, "weather today");
      await expect(sendMessage(deps, { text: "weather today", chatId: "chat-1" })).resolves.toBe(false);
      expect(calls.filter((c) => c.url.startsWith("/api/chat/"))).toEqual([]);
      expect(store.get(searchExhaustedAtom)).not.toBeNull();
      expect(store.get(streamingAtom)).toBeNull();
      expect(store.get(draftAtom)).toBe("weather today");
    });

    it("on the worker's 403 for searches keeps the model, puts the question back and shows the warning", async () => {
      fakeWorker(() =>
        json(403, {
          status: "error",
          code: "quota_exhausted",
          message: "No web search uses left today",
          model: "search",
          total: 10,
        }),
      );
      store.set(searchModeAtom, true);
      await expect(sendMessage(deps, { text: "weather today", chatId: "chat-1" })).resolves.toBe(false);
      expect(messages()).toEqual([]);
      expect(store.get(disabledModelsAtom)).toEqual([]);
      expect(store.get(draftAtom)).toBe("weather today");
      expect(store.get(searchExhaustedAtom)).not.toBeNull();
    });
  });

  describe("edit", () => {
    it("puts a new version of the question in its place, keeps its first text, and streams an edit reply tied to it", async () => {
      seed([message("u1", "user", "What is pho?"), message("b1", "bot", "A soup.")]);
      const sse = sseBody();
      const calls = fakeWorker(
        () =>
          new Response(sse.body, { status: 200, headers: { "X-Remaining-Usage": "15", "X-Warning-Level": "notice" } }),
      );
      const done = editMessage(deps, { chatId: "chat-1", messageId: "u1", text: " What is bún chả? " });
      await settle();
      const ask = calls.find((c) => c.url === "/api/chat/gpt-4.1-mini");
      expect(ask?.body).toMatchObject({ question: "What is bún chả?", chat_id: "chat-1", edit_message_id: "u1" });
      expect(ask?.body?.regenerate_message_id).toBeUndefined();
      const editedId = String(ask?.body?.message_id);
      expect(editedId).not.toBe("u1");
      // the new version takes the question's place: the old one and its answer leave the screen
      expect(messages()[0]).toMatchObject({
        message_id: editedId,
        message: "What is bún chả?",
        edited: true,
        original_message: "What is pho?",
        versions: ["u1", editedId],
      });
      sse.send({
        metadata: {
          message_id: String(ask?.body?.bot_message_id),
          is_edit_response: true,
          for_edited_message_id: editedId,
        },
      });
      sse.send({ content: "Grilled pork." });
      sse.send(STREAM_DONE);
      sse.close();
      await expect(done).resolves.toBe(true);
      expect(messages().map((m) => [m.message_id, m.message])).toEqual([
        [editedId, "What is bún chả?"],
        [ask?.body?.bot_message_id, "Grilled pork."],
      ]);
      expect(messages().at(-1)).toMatchObject({
        is_edit_response: true,
        for_edited_message_id: editedId,
        isStreaming: false,
      });
      // the use counts: the warning follows the headers
      expect(store.get(usageWarningAtom)).toMatchObject({ level: "notice", remaining: 15 });
    });

    it("keeps the first text across a second edit", async () => {
      seed([message("u1", "user", "second", { edited: true, original_message: "first" })]);
      const sse = sseBody();
      fakeWorker(() => new Response(sse.body, { status: 200 }));
      const done = editMessage(deps, { chatId: "chat-1", messageId: "u1", text: "third" });
      await settle();
      expect(messages()[0]).toMatchObject({ message: "third", original_message: "first" });
      sse.send(STREAM_DONE);
      sse.close();
      await done;
    });

    it("on 403 puts the question and its answer back as they were", async () => {
      seed([message("u1", "user", "What is pho?"), message("b1", "bot", "A soup.")]);
      fakeWorker(() => json(403, { status: "error", code: "quota_exhausted", message: "No uses left" }));
      await expect(editMessage(deps, { chatId: "chat-1", messageId: "u1", text: "Changed" })).resolves.toBe(false);
      expect(messages()).toEqual([message("u1", "user", "What is pho?"), message("b1", "bot", "A soup.")]);
    });

    it("does nothing for an unchanged text, an answer, or while an answer runs", async () => {
      seed([message("u1", "user", "same"), message("b1", "bot", "A soup.")]);
      const calls = fakeWorker(() => json(500, {}));
      await expect(editMessage(deps, { chatId: "chat-1", messageId: "u1", text: " same " })).resolves.toBe(false);
      await expect(editMessage(deps, { chatId: "chat-1", messageId: "b1", text: "x" })).resolves.toBe(false);
      store.set(streamingAtom, { chatId: "chat-1", botMessageId: "b0", phase: "streaming", stopping: false });
      await expect(editMessage(deps, { chatId: "chat-1", messageId: "u1", text: "other" })).resolves.toBe(false);
      expect(calls).toEqual([]);
    });
  });

  describe("regenerate", () => {
    it("writes another answer in place of the one shown with another model, and stop stops it by its id", async () => {
      seed([
        message("u1", "user", "Hi"),
        message("b1", "bot", "Old answer", { citations: [{ url: "https://a.example" }] }),
      ]);
      const sse = sseBody();
      let answerId = "";
      const calls = fakeWorker((call) => {
        if (call.url === "/api/chat/stop") {
          sse.send({ metadata: { message_id: answerId, stopped: true } });
          sse.send(STREAM_DONE);
          sse.close();
          return json(200, { status: "success", data: { message_id: answerId, stopped: true } });
        }
        return new Response(sse.body, {
          status: 200,
          headers: { "X-Remaining-Usage": "9", "X-Warning-Level": "none" },
        });
      });
      const done = regenerateAnswer(deps, { chatId: "chat-1", messageId: "b1", endpoint: "o4-mini" });
      await settle();
      const ask = calls.find((c) => c.url.startsWith("/api/chat/") && c.url !== "/api/chat/stop");
      expect(ask?.url).toBe("/api/chat/o4-mini");
      answerId = String(ask?.body?.bot_message_id);
      expect(answerId).not.toBe("b1");
      expect(ask?.body).toEqual({ chat_id: "chat-1", regenerate_message_id: "b1", bot_message_id: answerId });
      expect(messages().map((m) => m.message_id)).toEqual(["u1", answerId]);
      expect(messages()[1]).toMatchObject({
        message: "",
        loading: true,
        citations: [],
        model: "o4-mini",
        versions: ["b1", answerId],
      });
      expect(store.get(streamingAtom)).toMatchObject({ botMessageId: answerId });

      sse.send({ content: "New ans" });
      await settle();
      await stopAnswer(deps);
      await done;
      expect(calls.find((c) => c.url === "/api/chat/stop")?.body).toEqual({ message_id: answerId });
      expect(messages()[1]).toMatchObject({
        message_id: answerId,
        message: "New ans",
        stopped: true,
        isStreaming: false,
      });
      expect(
        qc.getQueryData<ModelsResponse>(modelKeys.all)?.models.find((m) => m.endpoint === "o4-mini")?.remaining,
      ).toBe(9);
    });

    it("ends not streaming when the stream breaks right after some text: no waiting write lands after the last one", async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      try {
        seed([message("u1", "user", "Hi"), message("b1", "bot", "Old answer")]);
        const sse = sseBody();
        fakeWorker(() => new Response(sse.body, { status: 200 }));
        const done = regenerateAnswer(deps, { chatId: "chat-1", messageId: "b1", endpoint: "o4-mini" });
        await settle();
        sse.send({ content: "New" });
        sse.send({ content: " answer" });
        await vi.advanceTimersByTimeAsync(1);
        sse.fail();
        await done;
        await vi.advanceTimersByTimeAsync(1_000);
        expect(store.get(streamingAtom)).toBeNull();
        expect(messages()[1]).toMatchObject({
          message: "New answer",
          error: "stream_interrupted",
          isStreaming: false,
          loading: false,
        });
      } finally {
        vi.useRealTimers();
      }
    });

    it("is not followed again once it ends when the chat's content was fetched while it streamed (listed as running)", async () => {
      seed([message("u1", "user", "Hi"), message("b1", "bot", "Old answer")]);
      const sse = sseBody();
      const calls = fakeWorker(() => new Response(sse.body, { status: 200 }));
      const done = regenerateAnswer(deps, { chatId: "chat-1", messageId: "b1", endpoint: "o4-mini" });
      await settle();
      const answerId = String(calls.find((c) => c.url.startsWith("/api/chat/"))?.body?.bot_message_id);
      sse.send({ content: "New" });
      await settle();
      // a content fetch lands mid-answer: the worker lists the answer as running, which the chat screen follows
      seed([message("u1", "user", "Hi"), message(answerId, "bot", "Ne", { isStreaming: true, running: true })]);
      sse.send({ content: " answer" });
      sse.send(STREAM_DONE);
      sse.close();
      await done;
      expect(messages()[1]).toMatchObject({ message: "New answer", isStreaming: false });
      expect(messages()[1]?.running).toBeFalsy();
    });

    it("gives the old answer back exactly on 403 and disables that model", async () => {
      seed([message("u1", "user", "Hi"), message("b1", "bot", "Old answer")]);
      const calls = fakeWorker(() => json(403, { status: "error", code: "quota_exhausted", message: "No uses left" }));
      await expect(
        regenerateAnswer(deps, { chatId: "chat-1", messageId: "b1", endpoint: "gpt-4.1-mini" }),
      ).resolves.toBe(false);
      expect(calls.find((c) => c.url.startsWith("/api/chat/"))?.url).toBe("/api/chat/gpt-4.1-mini");
      expect(messages()[1]).toEqual(message("b1", "bot", "Old answer"));
      expect(store.get(disabledModelsAtom)).toEqual(["gpt-4.1-mini"]);
    });
  });
});
