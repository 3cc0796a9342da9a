// Sending and stopping, against a fake worker: the first message creates the chat with the shared title rule,
// the answer streams into the query cache, empty prompts and double sends are ignored, a 403 for the model undoes
// the exchange and switches models, a stream error marks the answer, and Stop posts the bot message's id. The one send
// path asks for what the input's state says — a picture in image mode or for a regeneration phrase, a question with
// its files — with bodies the worker's own schemas accept, and an image answer counts its uses like any other.
import { QueryClient } from "@tanstack/react-query";
import i18next from "i18next";
import { createStore, getDefaultStore } from "jotai";
import * as v from "valibot";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ChatAskSchema, ImageAskSchema } from "../../worker/protocol/turn-requests";
import { STREAM_DONE } from "../../worker/protocol/chat-stream";
import { imageMessageMarkdown } from "../../worker/protocol/images";
import { quotaDay, titleFromPrompt } from "../../worker/protocol/rules";
import { draftAtom, streamingAtom } from "../../web/src/features/chat/chat.atoms";
import type { ChatDeps } from "../../web/src/features/chat/chat-actions";
import { stopAnswer } from "../../web/src/features/chat/turn/turn-runner";
import { sendMessage } from "../../web/src/features/chat/turn/send-message";
import { chatKeys } from "../../web/src/features/chat/chat.queries";
import { type ChatContentData, allMessages, upsertMessage } from "../../web/src/features/chat/chat-cache";
import { attachmentsAtom, type PendingFile } from "../../web/src/features/attachments/signed-in/attachments.atoms";
import { uploadFiles } from "../../web/src/features/attachments/upload";
import { imageDisabledAtom } from "../../web/src/features/images/image-quota.atoms";
import { imageModeAtom } from "../../web/src/features/images/signed-in/image-mode.atoms";
import { disabledModelsAtom, selectedModelAtom, usageWarningAtom } from "../../web/src/features/models/models.atoms";
import { modelKeys } from "../../web/src/features/models/models.queries";
import type { ModelsResponse } from "../../web/src/features/models/models.schemas";
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

// The upload itself (XMLHttpRequest, with progress) is faked: what the send does around it is under test here.
vi.mock("../../web/src/features/attachments/upload", () => ({
  uploadFiles: vi.fn(async (files: File[]) =>
    files.map((f, i) => ({
      id: `up-${i + 1}`,
      name: f.name,
      type: f.type,
      group: "image",
      size: f.size,
      url: `/media-api/api/uploads/up-${i + 1}`,
    })),
  ),
}));

/** The worker's answer to POST /api/chat/image for `body` (worker/protocol/images.ts ImageResult). */
function imageResult(body: Record<string, unknown> | undefined) {
  const url = "/media-api/api/images/img-2";
  return {
    success: true,
    imageUrl: url,
    imageId: "img-2",
    description: "A red cat",
    message: imageMessageMarkdown(url, "A red cat"),
    prompt: String(body?.question),
    type: body?.is_edit ? "edit" : "generation",
    model: "offline-image",
    timestamp: "2026-01-01T00:00:00.000Z",
    isEdit: Boolean(body?.is_edit),
    originalImage: body?.original_image ?? null,
    offline: true,
    chat_id: String(body?.chat_id),
    message_id: String(body?.message_id),
    bot_message_id: String(body?.bot_message_id),
    metadata: { remainingUsage: 2, warningLevel: "critical", model: "offline-image" },
  };
}

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
    deps = { queryClient: qc, store, t: i18next.t.bind(i18next), openChat, openUpgrade: vi.fn() };
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
    expect(v.safeParse(ChatAskSchema, ask.body).success).toBe(true);
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
  describe("what a send asks for", () => {
    const picture = (url: string) => imageMessageMarkdown(url, "Picture: a cat");
    const imageWorker = (
      headers: Record<string, string> = { "X-Remaining-Usage": "2", "X-Warning-Level": "critical" },
    ) =>
      fakeWorker((call) =>
        call.url === "/api/chat/image" ? json(200, imageResult(call.body), headers) : json(500, {}),
      );

    beforeEach(() => {
      localStorage.setItem("user", JSON.stringify({ id: "u1", name: "An", email: "an@example.com" }));
    });

    it("draws a picture in image mode with a body the worker's image schema takes, and image mode ends with the send", async () => {
      store.set(imageModeAtom, true);
      const calls = imageWorker();
      await expect(sendMessage(deps, { text: " a red cat ", chatId: "chat-1" })).resolves.toBe(true);
      const ask = calls.find((c) => c.url === "/api/chat/image")!;
      expect(v.parse(ImageAskSchema, ask.body)).toMatchObject({
        question: "a red cat",
        chat_id: "chat-1",
        is_edit: false,
        original_image: null,
      });
      expect(content()?.messages.map((m) => [m.sender, m.message, m.isStreaming ?? false])).toEqual([
        ["user", "a red cat", false],
        ["bot", imageMessageMarkdown("/media-api/api/images/img-2", "A red cat"), false],
      ]);
      expect(store.get(imageModeAtom)).toBe(false);
      expect(store.get(streamingAtom)).toBeNull();
      expect(store.get(usageWarningAtom)).toMatchObject({ level: "critical", remaining: 2, kind: "image" });
    });

    it("edits the latest generated picture for a regeneration phrase, without image mode", async () => {
      upsertMessage(qc, "chat-1", {
        message_id: "b0",
        sender: "bot",
        message: picture("/media-api/api/images/img-1"),
        model: "offline-image",
        citations: [],
        stopped: false,
        error: null,
        created_at: "2026-01-01T00:00:00.000Z",
      });
      const calls = imageWorker();
      await expect(sendMessage(deps, { text: "vẽ lại với màu xanh", chatId: "chat-1" })).resolves.toBe(true);
      expect(calls.find((c) => c.url === "/api/chat/image")?.body).toMatchObject({
        is_edit: true,
        original_image: "/media-api/api/images/img-1",
      });
      expect(calls.some((c) => c.url.startsWith("/api/chat/gpt"))).toBe(false);
    });

    it("asks a plain question for the same words when the latest answer holds no picture", async () => {
      const sse = sseBody();
      const calls = fakeWorker(() => new Response(sse.body, { status: 200 }));
      const done = sendMessage(deps, { text: "vẽ lại với màu xanh", chatId: "chat-1" });
      await settle();
      sse.send(STREAM_DONE);
      sse.close();
      await expect(done).resolves.toBe(true);
      expect(calls.map((c) => c.url)).toContain("/api/chat/gpt-4.1-mini");
      expect(calls.some((c) => c.url === "/api/chat/image")).toBe(false);
    });

    it("keeps image mode on for the retry when the day's pictures are already used up, without a call", async () => {
      store.set(imageModeAtom, true);
      store.set(imageDisabledAtom, true);
      const calls = imageWorker();
      await expect(sendMessage(deps, { text: "a red cat", chatId: "chat-1" })).resolves.toBe(false);
      expect(calls).toEqual([]);
      expect(store.get(imageModeAtom)).toBe(true);
      expect(content()?.messages ?? []).toEqual([]);
      expect(deps.openUpgrade).not.toHaveBeenCalled();
      const toast = getDefaultStore().get(toastsAtom).at(-1);
      toast?.action?.onClick();
      expect(deps.openUpgrade).toHaveBeenCalled();
    });

    it("counts a picture's uses like any other answer: today's image count, and a warning already showing counts down", async () => {
      qc.setQueryData<ModelsResponse>(modelKeys.all, {
        models: [],
        default: "gpt-4.1-mini",
        plan: "free",
        image: { remaining: 4, total: 10 },
      });
      store.set(usageWarningAtom, { level: "warning", remaining: 5, model: "", kind: "image", day: quotaDay() });
      store.set(imageModeAtom, true);
      imageWorker({ "X-Remaining-Usage": "3", "X-Warning-Level": "none" });
      await expect(sendMessage(deps, { text: "a red cat", chatId: "chat-1" })).resolves.toBe(true);
      expect(qc.getQueryData<ModelsResponse>(modelKeys.all)?.image).toEqual({ remaining: 3, total: 10 });
      expect(store.get(usageWarningAtom)).toMatchObject({ level: "warning", remaining: 3, kind: "image" });
    });

    it("sends a question with its files' ids once they are up, and gives them back to the tray when it is refused", async () => {
      const photo = new File([new Uint8Array(10)], "photo.png", { type: "image/png" });
      const pending: PendingFile = {
        key: "k1",
        file: photo,
        originalSize: photo.size,
        isImage: true,
        compressed: false,
        status: "ready",
        progress: 0,
        ref: null,
        previewUrl: null,
      };
      store.set(attachmentsAtom, [pending]);
      const calls = fakeWorker(() => json(403, { status: "error", code: "quota_exhausted", message: "No uses left" }));
      await expect(sendMessage(deps, { text: "what is on it?", chatId: "chat-1" })).resolves.toBe(false);
      expect(vi.mocked(uploadFiles)).toHaveBeenCalledWith([photo], expect.any(Function));
      const ask = calls.find((c) => c.url === "/api/chat/gpt-4.1-mini")!;
      expect(v.parse(ChatAskSchema, ask.body)).toMatchObject({ attachment_ids: ["up-1"] });
      // refused before anything was saved: the question and its (uploaded) file are back where they were
      expect(store.get(draftAtom)).toBe("what is on it?");
      expect(store.get(attachmentsAtom)).toMatchObject([{ key: "k1", status: "uploaded", ref: { id: "up-1" } }]);
    });
  });
});
