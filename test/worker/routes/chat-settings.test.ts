// A chat's own settings (PUT /chat-sessions/{id}/settings, issue 25 point 2): saved and read back with the chat,
// refused when bad (400), on another user's chat (404) and, for temperature and length, on the free plan (403); and
// they reach the model: the system prompt after the custom instructions, the temperature over the AI style's, the
// length as the provider's max_tokens, all from the user's object, with no D1 read before the first token.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { HotState } from "../../../durable-objects/state/hot-state";
import { GenerationRunner } from "../../../durable-objects/turn/generation";
import { runTurn, turnHost } from "../../../durable-objects/turn/turn";
import { createDb } from "../../../worker/db/client";
import { shardD1 } from "../../../worker/db/shards";
import {
  answerInUserHub,
  ask,
  call,
  contentOf,
  eventually,
  expectError,
  inUserHub,
  json,
  newChat,
  premiumUser,
  readSse,
  seedUser,
  setPlan,
  type TestUser,
  sessionOf,
} from "../../support/api";
import { wrapD1 } from "../../support/d1-wrapper";
import { FAKE_MODELS } from "../../support/fake-upstream-scenarios";
import { requestsWithKey } from "../models/model-helpers";

const putSettings = (u: TestUser, chatId: string, body: unknown) =>
  call("PUT", `/chat-sessions/${chatId}/settings`, { token: u.token, body });

/** A chat made through the API, which the user's object already knows (its turns read no D1 for it). */
async function knownChat(u: TestUser) {
  const { id } = await newChat(u);
  await eventually(() => inUserHub(u.id, (hub) => hub.state.chats.window(id)));
  return id;
}

/** One turn in the chat on the fake OpenAI-compatible upstream; answers the request body the upstream received. */
async function upstreamBody(u: TestUser, chatId: string) {
  const apiKey = `k-${crypto.randomUUID()}`;
  const routed = {
    ...env,
    OPENAI_COMPATIBLE_BASE_URL: `${env.FAKE_UPSTREAM_URL}/openai-compatible`,
    OPENAI_COMPATIBLE_API_KEY: apiKey,
    MODEL_ROUTES: JSON.stringify({ "gpt-4.1-mini": { provider: "openai-compatible", model: FAKE_MODELS.ok } }),
  };
  await answerInUserHub(u, { endpoint: "gpt-4.1-mini", chatId, question: "Hello" }, routed, env);
  const [request] = await requestsWithKey(apiKey);
  return request!.body as {
    messages: { role: string; content: string }[];
    temperature?: number;
    max_tokens?: number;
  };
}

/**
 * Asks one question in the chat inside the user's object, on the offline model, counting the D1 round trips (every
 * database) made before its first token; answers the count and the whole answer.
 */
async function offlineTurnCounted(u: TestUser, chatId: string, question: string) {
  const { sessionId, tokenHash } = await sessionOf(u);
  return inUserHub(u.id, async (_hub, state) => {
    let calls = 0;
    let counting = true;
    const count = (d1: D1Database) => createDb(wrapD1(d1, () => void (counting && calls++)));
    const db = count(env.DB);
    const hot = new HotState(
      state.storage,
      db,
      (shard) => count(shardD1(env, shard)),
      () => u.id,
    );
    const host = turnHost(hot, new GenerationRunner(state, env, db, hot), env, db);
    const started = await runTurn(host, {
      sessionId,
      tokenHash,
      claimedUserId: u.id,
      endpoint: "gpt-4.1-mini",
      chatId,
      question,
      userMessageId: crypto.randomUUID(),
      botMessageId: crypto.randomUUID(),
      isSearchMode: false,
    });
    const reader = started.stream.getReader();
    const decoder = new TextDecoder();
    let text = "";
    let before: number | null = null;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (before === null && text.includes('"content"')) {
        before = calls;
        counting = false;
      }
    }
    return { roundTrips: before, answer: contentOf(await readSse(new Response(text))) };
  });
}

describe("PUT /chat-sessions/{id}/settings", () => {
  it("saves a chat's settings and answers them with the chat, as GET and the list do", async () => {
    const u = await premiumUser();
    const { id } = await newChat(u);
    const res = await putSettings(u, id, {
      system_prompt: "  Answer in haiku.  ",
      temperature: 0.3,
      max_tokens: 500,
    });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toMatchObject({
      id,
      system_prompt: "Answer in haiku.",
      temperature: 0.3,
      max_tokens: 500,
    });
    const read = (await json(await call("GET", `/chat-sessions/${id}`, { token: u.token }))).data;
    expect(read).toMatchObject({ system_prompt: "Answer in haiku.", temperature: 0.3, max_tokens: 500 });
    const listed = (await json(await call("GET", "/chat-sessions", { token: u.token }))).data;
    expect(listed.find((c: { id: string }) => c.id === id)).toMatchObject({ temperature: 0.3 });

    // a field left out stays; null and an empty prompt go back to the defaults
    const partial = await json(await putSettings(u, id, { temperature: null }));
    expect(partial.data).toMatchObject({ system_prompt: "Answer in haiku.", temperature: null, max_tokens: 500 });
    const cleared = await json(await putSettings(u, id, { system_prompt: "   ", max_tokens: null }));
    expect(cleared.data).toMatchObject({ system_prompt: null, temperature: null, max_tokens: null });
  });

  it("refuses bad values with 400 and leaves the chat as it was", async () => {
    const u = await premiumUser();
    const { id } = await newChat(u);
    const bad: unknown[] = [
      {},
      { system_prompt: "x".repeat(4_001) },
      { system_prompt: 42 },
      { temperature: -0.1 },
      { temperature: 2.01 },
      { temperature: "hot" },
      { max_tokens: 63 },
      { max_tokens: 16_001 },
      { max_tokens: 100.5 },
    ];
    for (const body of bad) await expectError(await putSettings(u, id, body), 400, "invalid_input");
    expect((await putSettings(u, id, { system_prompt: "ы".repeat(4_000) })).status).toBe(200);
    const read = (await json(await call("GET", `/chat-sessions/${id}`, { token: u.token }))).data;
    expect(read).toMatchObject({ temperature: null, max_tokens: null });
  });

  it("returns 404 for another user's chat and leaves it as it was", async () => {
    const owner = await premiumUser();
    const other = await premiumUser();
    const { id } = await newChat(owner);
    await expectError(await putSettings(other, id, { system_prompt: "Mine now", temperature: 1 }), 404, "not_found");
    await expectError(await putSettings(other, "no-such-chat", { system_prompt: "x" }), 404, "not_found");
    const read = (await json(await call("GET", `/chat-sessions/${id}`, { token: owner.token }))).data;
    expect(read).toMatchObject({ system_prompt: null, temperature: null });
  });

  it("refuses temperature and length on the free plan with 403 premium_required, and takes the system prompt", async () => {
    const u = await seedUser();
    const { id } = await newChat(u);
    await expectError(await putSettings(u, id, { temperature: 0.5 }), 403, "premium_required");
    await expectError(await putSettings(u, id, { system_prompt: "Short", max_tokens: 200 }), 403, "premium_required");
    const ok = await putSettings(u, id, { system_prompt: "Short answers", temperature: null, max_tokens: null });
    expect(ok.status).toBe(200);
    expect((await json(ok)).data).toMatchObject({ system_prompt: "Short answers", temperature: null });
  });
});

describe("a chat's settings in its turns", () => {
  it("puts the system prompt after the custom instructions and sends temperature and max_tokens upstream", async () => {
    const u = await premiumUser();
    await env.DB.prepare("INSERT INTO ai_settings (user_id, chat_customization, ai_style) VALUES (?, ?, 'spontaneous')")
      .bind(u.id, "Always answer like a pirate.")
      .run();
    await inUserHub(u.id, (hub) => hub.settingsChanged());
    const chatId = await knownChat(u);
    expect((await upstreamBody(u, chatId)).temperature).toBe(1.2); // the style's, before the chat has its own
    expect(
      (await putSettings(u, chatId, { system_prompt: "Reply in French.", temperature: 0.3, max_tokens: 321 })).status,
    ).toBe(200);
    const body = await upstreamBody(u, chatId);
    const system = body.messages.find((m) => m.role === "system")!.content;
    expect(system.indexOf("Reply in French.")).toBeGreaterThan(system.indexOf("Always answer like a pirate."));
    expect(system.indexOf("Always answer like a pirate.")).toBeGreaterThan(-1);
    expect(body.temperature).toBe(0.3);
    expect(body.max_tokens).toBe(321);
  });

  it("ignores a lapsed plan's stored temperature and length, and keeps the system prompt", async () => {
    const u = await premiumUser();
    const chatId = await knownChat(u);
    await putSettings(u, chatId, { system_prompt: "Be brief.", temperature: 1.5, max_tokens: 128 });
    await setPlan(u.id, 0, null);
    const body = await upstreamBody(u, chatId);
    expect(body.messages.find((m) => m.role === "system")!.content).toContain("Be brief.");
    expect(body.temperature).toBeUndefined();
    expect(body.max_tokens).toBeUndefined();
  });

  it("reaches the offline model, which shows the chat's instructions and temperature", async () => {
    const u = await premiumUser();
    const { id } = await newChat(u);
    await putSettings(u, id, { system_prompt: "Use bullet points only.", temperature: 0.7 });
    const answer = contentOf(await readSse(await ask(u, { question: "Tell me about clouds", chat_id: id })));
    expect(answer).toContain("This chat's instructions: “Use bullet points only.”");
    expect(answer).toContain("Temperature: 0.7");
  });

  it("makes no D1 read before the first token of a turn after the settings changed", async () => {
    const u = await premiumUser();
    const chatId = await knownChat(u);
    expect((await putSettings(u, chatId, { system_prompt: "Speak like a poet.", temperature: 0.9 })).status).toBe(200);
    const { roundTrips, answer } = await offlineTurnCounted(u, chatId, "What is rain?");
    expect(roundTrips).toBe(0);
    expect(answer).toContain("“Speak like a poet.”");
    expect(answer).toContain("Temperature: 0.9");
  });

  it("reads the settings with the chat's one D1 read when the object has not seen the chat", async () => {
    const u = await premiumUser();
    const { id } = await newChat(u);
    await putSettings(u, id, { system_prompt: "Count in Roman numerals." });
    await inUserHub(u.id, (hub) => hub.state.chats.forget(id));
    const { roundTrips, answer } = await offlineTurnCounted(u, id, "How many legs has a spider?");
    expect(roundTrips).toBe(1);
    expect(answer).toContain("“Count in Roman numerals.”");
  });
});
