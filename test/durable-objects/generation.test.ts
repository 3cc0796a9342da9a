// The Durable Object's generation runner against the fake provider upstream: every failure ends in a clear error
// event and a saved bot message, never a hang; a stop keeps the partial text; lost answers are swept up.
import { env, runInDurableObject } from "cloudflare:test";
import { getServerByName } from "partyserver";
import { describe, expect, it } from "vitest";
import { EventWriter, GenerationRunner, type GenerationInput } from "../../durable-objects/generation";
import type { UserHub } from "../../durable-objects/user-hub";
import { createDb } from "../../worker/db/client";
import { quotaDay } from "../../worker/lib/time";
import { STREAM_DONE } from "../../worker/protocol/chat-stream";
import { makeChat, messagesOf, readSse, seedUser } from "../support/api";
import { FAKE_CUT_TEXT, FAKE_MODELS, FAKE_OK_TEXT } from "../support/fake-upstream-scenarios";

function envRoutedTo(provider: "openai" | "anthropic", model: string): Env {
  const base = `${env.FAKE_UPSTREAM_URL}/${provider}`;
  return {
    ...env,
    ...(provider === "openai"
      ? { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: base }
      : { ANTHROPIC_API_KEY: "ak-test", ANTHROPIC_BASE_URL: base }),
    MODEL_ROUTES: JSON.stringify({ "gpt-4.1-mini": { provider, model } }),
  };
}

async function setup() {
  const u = await seedUser();
  const chatId = await makeChat(u.id);
  const hub = await getServerByName(env.USER_HUB as DurableObjectNamespace<UserHub>, u.id);
  const input: GenerationInput = {
    userId: u.id,
    chatId,
    endpoint: "gpt-4.1-mini",
    botMessageId: `b-${crypto.randomUUID()}`,
    userMessage: { messageId: `u-${crypto.randomUUID()}`, sender: "user", message: "hello", createdAt: Date.now() },
    usage: { bucket: "gpt-4.1-mini", day: quotaDay() },
    isSearchMode: false,
    prompt: { messages: [{ role: "user", content: "hello" }] },
  };
  return { u, chatId, hub, input };
}

/** Every event of a stream the runner wrote, through the protocol's decoder. */
const readAll = (stream: ReadableStream<Uint8Array>) => readSse(new Response(stream));

describe("EventWriter", () => {
  it("ends the stream with [DONE]: the reader's next read after it is the end, with no close() needed", async () => {
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const writer = new EventWriter(writable);
    writer.event({ metadata: { message_id: "b-1" } });
    writer.content("Xin chào");
    writer.event(STREAM_DONE);
    const reader = readable.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!text.endsWith("data: [DONE]\n\n")) {
      const { value, done } = await reader.read();
      expect(done).toBe(false);
      text += decoder.decode(value, { stream: true });
    }
    expect(text).toBe('data: {"metadata":{"message_id":"b-1"}}\n\ndata: {"content":"Xin chào"}\n\ndata: [DONE]\n\n');
    expect(await reader.read()).toEqual({ done: true, value: undefined });
    writer.close(); // the runner still closes every reader when the answer ends: a second close is harmless
  });
});

describe("GenerationRunner", () => {
  it("streams a provider's answer and saves it", async () => {
    const { chatId, hub, input } = await setup();
    const events = await runInDurableObject(hub, (hubInstance: UserHub, state) =>
      readAll(
        new GenerationRunner(state, envRoutedTo("openai", FAKE_MODELS.ok), createDb(env.DB), hubInstance.state).start(
          input,
        ),
      ),
    );
    expect(events[0].metadata).toMatchObject({ offline: false, message_id: input.botMessageId });
    expect(
      events
        .filter((e) => e.content)
        .map((e) => e.content)
        .join(""),
    ).toBe(FAKE_OK_TEXT);
    expect(events.at(-1)).toBe("[DONE]");
    const bot = (await messagesOf(chatId)).find((m) => m.sender === "bot");
    expect(bot).toMatchObject({ message: FAKE_OK_TEXT, error: null, stopped: 0 });
  });

  it("keeps the partial text and ends with stream_interrupted when the upstream is cut mid-way", async () => {
    const { chatId, hub, input } = await setup();
    const events = await runInDurableObject(hub, (hubInstance: UserHub, state) =>
      readAll(
        new GenerationRunner(
          state,
          envRoutedTo("anthropic", FAKE_MODELS.cut),
          createDb(env.DB),
          hubInstance.state,
        ).start(input),
      ),
    );
    expect(
      events
        .filter((e) => e.content)
        .map((e) => e.content)
        .join(""),
    ).toBe(FAKE_CUT_TEXT);
    expect(events.at(-2)).toMatchObject({ error: "stream_interrupted", message: expect.any(String) });
    expect(events.at(-1)).toBe("[DONE]");
    const bot = (await messagesOf(chatId)).find((m) => m.sender === "bot");
    expect(bot).toMatchObject({ message: FAKE_CUT_TEXT, error: "stream_interrupted" });
  });

  it("maps an upstream 401 to provider_auth_failed, saves the failed message and gives the daily use back", async () => {
    const { u, chatId, hub, input } = await setup();
    const events = await runInDurableObject(hub, (hubInstance: UserHub, state) => {
      expect(hubInstance.state.takeUse(input.usage!.day, "gpt-4.1-mini", 50)).toBe(49);
      return readAll(
        new GenerationRunner(
          state,
          envRoutedTo("openai", FAKE_MODELS.unauthorized),
          createDb(env.DB),
          hubInstance.state,
        ).start(input),
      );
    });
    expect(events.some((e) => e.error === "provider_auth_failed")).toBe(true);
    const bot = (await messagesOf(chatId)).find((m) => m.sender === "bot");
    expect(bot).toMatchObject({ message: "", error: "provider_auth_failed" });
    const usage = await env.DB.prepare("SELECT count FROM daily_usage WHERE user_id = ?").bind(u.id).first<any>();
    expect(usage.count).toBe(0);
    expect(
      await runInDurableObject(hub, (hubInstance: UserHub) =>
        hubInstance.state.usage(input.usage!.day, "gpt-4.1-mini"),
      ),
    ).toBe(0);
  });

  it("maps an upstream 429 to provider_rate_limited", async () => {
    const { hub, input } = await setup();
    const events = await runInDurableObject(hub, (hubInstance: UserHub, state) =>
      readAll(
        new GenerationRunner(
          state,
          envRoutedTo("anthropic", FAKE_MODELS.rateLimited),
          createDb(env.DB),
          hubInstance.state,
        ).start(input),
      ),
    );
    expect(events.find((e) => e.error)?.error).toBe("provider_rate_limited");
  });

  it("ends with a clear error event, and still saves, when the configuration is broken", async () => {
    const { chatId, hub, input } = await setup();
    const events = await runInDurableObject(hub, (hubInstance: UserHub, state) =>
      readAll(
        new GenerationRunner(state, { ...env, MODEL_ROUTES: "{not json" }, createDb(env.DB), hubInstance.state).start(
          input,
        ),
      ),
    );
    expect(events.find((e) => e.error)?.error).toBe("provider_error");
    expect(events.at(-1)).toBe("[DONE]");
    expect((await messagesOf(chatId)).find((m) => m.sender === "bot")?.error).toBe("provider_error");
  });

  it("stops a slow upstream answer on request and keeps what arrived", async () => {
    const { chatId, hub, input } = await setup();
    const events = await runInDurableObject(hub, async (hubInstance: UserHub, state) => {
      const runner = new GenerationRunner(
        state,
        envRoutedTo("openai", FAKE_MODELS.slow),
        createDb(env.DB),
        hubInstance.state,
      );
      const stream = runner.start(input);
      const reader = stream.getReader();
      const decoder = new TextDecoder();
      let text = "";
      while (!text.includes('"content"')) text += decoder.decode((await reader.read()).value, { stream: true });
      expect(runner.running()).toEqual([input.botMessageId]);
      expect(runner.stop(input.botMessageId)).toBe(true);
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      return text;
    });
    expect(events).toContain('"stopped":true');
    const bot = (await messagesOf(chatId)).find((m) => m.sender === "bot");
    expect(bot.stopped).toBe(1);
    expect(bot.message.length).toBeGreaterThan(0);
  });

  it("saves a turn whose object was restarted mid-way: the user message and the checkpointed text with generation_lost", async () => {
    const { chatId, hub, input } = await setup();
    const { prompt: _p, ...turn } = input;
    await runInDurableObject(hub, async (hubInstance: UserHub, state) => {
      await state.storage.put(`generation:${input.botMessageId}`, {
        turn,
        text: "Half an answ",
        updatedAt: Date.now(),
      });
      await new GenerationRunner(state, env, createDb(env.DB), hubInstance.state).recoverInterrupted();
      expect(await state.storage.get(`generation:${input.botMessageId}`)).toBeUndefined();
    });
    const saved = await messagesOf(chatId);
    expect(saved.map((m) => m.sender)).toEqual(["user", "bot"]);
    expect(saved[0]).toMatchObject({ message: "hello", message_id: input.userMessage!.messageId });
    expect(saved[1]).toMatchObject({
      message: "Half an answ",
      error: "generation_lost",
      message_id: input.botMessageId,
    });
  });

  it("keeps an ended turn whose D1 write failed and saves its outcome on the next sweep", async () => {
    const { chatId, hub, input } = await setup();
    const { prompt: _p, ...turn } = input;
    const outcome = { text: "The whole answer.", citations: [], stopped: false, error: null };
    await runInDurableObject(hub, async (hubInstance: UserHub, state) => {
      await state.storage.put(`generation:${input.botMessageId}`, {
        turn,
        text: outcome.text,
        updatedAt: Date.now(),
        outcome,
      });
      await new GenerationRunner(state, env, createDb(env.DB), hubInstance.state).recoverInterrupted();
    });
    const bot = (await messagesOf(chatId)).find((m) => m.sender === "bot");
    expect(bot).toMatchObject({ message: "The whole answer.", error: null });
  });
});
