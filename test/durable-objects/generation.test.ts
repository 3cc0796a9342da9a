// The Durable Object's generation runner against the fake provider upstream: every failure ends in a clear error
// event and a saved bot message, never a hang; a stop keeps the partial text; lost answers are swept up.
import { env, runInDurableObject } from "cloudflare:test";
import { getServerByName } from "partyserver";
import { describe, expect, it } from "vitest";
import { GenerationRunner, type GenerationInput } from "../../durable-objects/generation";
import type { UserHub } from "../../durable-objects/user-hub";
import { quotaDay } from "../../worker/lib/time";
import { makeChat, messagesOf, registerUser } from "../support/api";
import { FAKE_CUT_TEXT, FAKE_MODELS, FAKE_OK_TEXT } from "../support/fake-upstream-scenarios";

function envRoutedTo(provider: "openai" | "anthropic", model: string): Env {
  const base = `${env.FAKE_UPSTREAM_URL}/${provider}`;
  return {
    ...env,
    ...(provider === "openai" ? { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: base } : { ANTHROPIC_API_KEY: "ak-test", ANTHROPIC_BASE_URL: base }),
    MODEL_ROUTES: JSON.stringify({ "gpt-4.1-mini": { provider, model } }),
  };
}

async function setup() {
  const u = await registerUser();
  const chatId = await makeChat(u.id);
  const hub = await getServerByName(env.USER_HUB as DurableObjectNamespace<UserHub>, u.id);
  const input: GenerationInput = {
    userId: u.id,
    chatId,
    endpoint: "gpt-4.1-mini",
    userMessageId: `u-${crypto.randomUUID()}`,
    botMessageId: `b-${crypto.randomUUID()}`,
    messages: [{ role: "user", content: "hello" }],
    usage: { bucket: "gpt-4.1-mini", day: quotaDay() },
  };
  return { u, chatId, hub, input };
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<any[]> {
  const text = await new Response(stream).text();
  return text
    .split("\n\n")
    .filter((b) => b.startsWith("data: "))
    .map((b) => b.slice(6))
    .map((d) => (d === "[DONE]" ? d : JSON.parse(d)));
}

describe("GenerationRunner", () => {
  it("streams a provider's answer and saves it", async () => {
    const { chatId, hub, input } = await setup();
    const events = await runInDurableObject(hub, (_i, state) => readAll(new GenerationRunner(state, envRoutedTo("openai", FAKE_MODELS.ok)).start(input)));
    expect(events[0].metadata).toMatchObject({ offline: false, message_id: input.botMessageId });
    expect(events.filter((e) => e.content).map((e) => e.content).join("")).toBe(FAKE_OK_TEXT);
    expect(events.at(-1)).toBe("[DONE]");
    const bot = (await messagesOf(chatId)).find((m) => m.sender === "bot");
    expect(bot).toMatchObject({ message: FAKE_OK_TEXT, error: null, stopped: 0 });
  });

  it("keeps the partial text and ends with stream_interrupted when the upstream is cut mid-way", async () => {
    const { chatId, hub, input } = await setup();
    const events = await runInDurableObject(hub, (_i, state) => readAll(new GenerationRunner(state, envRoutedTo("anthropic", FAKE_MODELS.cut)).start(input)));
    expect(events.filter((e) => e.content).map((e) => e.content).join("")).toBe(FAKE_CUT_TEXT);
    expect(events.at(-2)).toMatchObject({ error: "stream_interrupted", message: expect.any(String) });
    expect(events.at(-1)).toBe("[DONE]");
    const bot = (await messagesOf(chatId)).find((m) => m.sender === "bot");
    expect(bot).toMatchObject({ message: FAKE_CUT_TEXT, error: "stream_interrupted" });
  });

  it("maps an upstream 401 to provider_auth_failed, saves the failed message and gives the daily use back", async () => {
    const { u, chatId, hub, input } = await setup();
    await env.DB.prepare("INSERT INTO daily_usage (user_id, day, bucket, count) VALUES (?, ?, 'gpt-4.1-mini', 1)").bind(u.id, quotaDay()).run();
    const events = await runInDurableObject(hub, (_i, state) =>
      readAll(new GenerationRunner(state, envRoutedTo("openai", FAKE_MODELS.unauthorized)).start(input)),
    );
    expect(events.some((e) => e.error === "provider_auth_failed")).toBe(true);
    const bot = (await messagesOf(chatId)).find((m) => m.sender === "bot");
    expect(bot).toMatchObject({ message: "", error: "provider_auth_failed" });
    const usage = await env.DB.prepare("SELECT count FROM daily_usage WHERE user_id = ?").bind(u.id).first<any>();
    expect(usage.count).toBe(0);
  });

  it("maps an upstream 429 to provider_rate_limited", async () => {
    const { hub, input } = await setup();
    const events = await runInDurableObject(hub, (_i, state) =>
      readAll(new GenerationRunner(state, envRoutedTo("anthropic", FAKE_MODELS.rateLimited)).start(input)),
    );
    expect(events.find((e) => e.error)?.error).toBe("provider_rate_limited");
  });

  it("ends with a clear error event, and still saves, when the configuration is broken", async () => {
    const { chatId, hub, input } = await setup();
    const events = await runInDurableObject(hub, (_i, state) =>
      readAll(new GenerationRunner(state, { ...env, MODEL_ROUTES: "{not json" }).start(input)),
    );
    expect(events.find((e) => e.error)?.error).toBe("provider_error");
    expect(events.at(-1)).toBe("[DONE]");
    expect((await messagesOf(chatId)).find((m) => m.sender === "bot")?.error).toBe("provider_error");
  });

  it("stops a slow upstream answer on request and keeps what arrived", async () => {
    const { chatId, hub, input } = await setup();
    const events = await runInDurableObject(hub, async (_i, state) => {
      const runner = new GenerationRunner(state, envRoutedTo("openai", FAKE_MODELS.slow));
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

  it("saves an answer whose object was restarted mid-way with its checkpointed text and generation_lost", async () => {
    const { chatId, hub, input } = await setup();
    const { messages: _m, ...meta } = input;
    await runInDurableObject(hub, async (_i, state) => {
      await state.storage.put(`generation:${input.botMessageId}`, { input: meta, text: "Half an answ", updatedAt: Date.now() });
      await new GenerationRunner(state, env).recoverInterrupted();
      expect(await state.storage.get(`generation:${input.botMessageId}`)).toBeUndefined();
    });
    const bot = (await messagesOf(chatId)).find((m) => m.sender === "bot");
    expect(bot).toMatchObject({ message: "Half an answ", error: "generation_lost", message_id: input.botMessageId });
  });
});
