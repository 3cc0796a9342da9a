// What the user's settings do to an answer reaches the model: the custom instruction and remembered facts in the
// system prompt, and a premium user's AI style as its sampling settings — kept in the user's object, so they add no
// D1 round trip to the turn.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { GenerationRunner } from "../../../durable-objects/generation";
import { settingsChanged } from "../../../worker/auth/sessions";
import { sha256Hex } from "../../../worker/auth/tokens";
import { createDb } from "../../../worker/db/client";
import { runChatTurn, turnHost } from "../../../worker/turn/chat-turn";
import { call, inUserHub, json, makeChat, seedUser, setPlan } from "../../support/api";
import { FAKE_MODELS } from "../../support/fake-upstream-scenarios";
import { requestsWithKey } from "../models/model-helpers";

async function askThroughFake(u: { id: string; token: string; sessionToken: string }, apiKey: string, chat?: string) {
  const chatId = chat ?? (await makeChat(u.id));
  const routed = {
    ...env,
    OPENAI_COMPATIBLE_BASE_URL: `${env.FAKE_UPSTREAM_URL}/openai-compatible`,
    OPENAI_COMPATIBLE_API_KEY: apiKey,
    MODEL_ROUTES: JSON.stringify({ "gpt-4.1-mini": { provider: "openai-compatible", model: FAKE_MODELS.ok } }),
  };
  const sessionId = JSON.parse(atob(u.token.split(".")[1]!)).sid as string;
  await inUserHub(u.id, async (hub, state) => {
    const host = turnHost(hub.state, new GenerationRunner(state, routed, createDb(env.DB), hub.state), env);
    const started = await runChatTurn(host, {
      sessionId,
      tokenHash: await sha256Hex(u.sessionToken),
      claimedUserId: null,
      endpoint: "gpt-4.1-mini",
      chatId,
      question: "Hello",
      userMessageId: crypto.randomUUID(),
      botMessageId: crypto.randomUUID(),
      isSearchMode: false,
    });
    await new Response(started.stream).text();
  });
  const [request] = await requestsWithKey(apiKey);
  return request!.body as { messages: { role: string; content: string }[]; temperature?: number };
}

describe("personalization in the chat turn", () => {
  it("puts the custom instruction and remembered facts into the system prompt", async () => {
    const u = await seedUser();
    await env.DB.prepare("INSERT INTO ai_settings (user_id, chat_customization) VALUES (?, ?)")
      .bind(u.id, "Always answer like a pirate.")
      .run();
    await env.DB.prepare("INSERT INTO user_memories (id, user_id, content) VALUES (?, ?, ?)")
      .bind(crypto.randomUUID(), u.id, "Lives in Đà Nẵng")
      .run();
    await settingsChanged(env, u.id);
    const body = await askThroughFake(u, `k-${crypto.randomUUID()}`);
    const system = body.messages.find((m) => m.role === "system")!.content;
    expect(system).toContain("You are Mây");
    expect(system).toContain("Always answer like a pirate.");
    expect(system).toContain("Lives in Đà Nẵng");
    expect(body.temperature).toBeUndefined();
  });

  it("applies a premium user's AI style as its temperature, and ignores the style on the free plan", async () => {
    const u = await seedUser();
    await env.DB.prepare("INSERT INTO ai_settings (user_id, ai_style) VALUES (?, 'spontaneous')").bind(u.id).run();
    await settingsChanged(env, u.id);
    expect((await askThroughFake(u, `k-${crypto.randomUUID()}`)).temperature).toBeUndefined();
    await setPlan(u.id, 2, Date.now() + 86_400_000);
    expect((await askThroughFake(u, `k-${crypto.randomUUID()}`)).temperature).toBe(1.2);
  });

  it("starts an expert chat with its persona: the persona's instructions and temperature reach the model", async () => {
    const u = await seedUser();
    const created = await call("POST", "/chat-sessions", { token: u.token, body: { persona: "english-professor" } });
    expect(created.status).toBe(201);
    const chat = (await json(created)).data;
    expect(chat.persona).toBe("english-professor");
    const body = await askThroughFake(u, `k-${crypto.randomUUID()}`, chat.id);
    const system = body.messages.find((m) => m.role === "system")!.content;
    expect(system).toContain("English professor");
    expect(body.temperature).toBe(0.4);
    const plain = await askThroughFake(u, `k-${crypto.randomUUID()}`);
    expect(plain.messages.find((m) => m.role === "system")!.content).not.toContain("English professor");
  });

  it("refuses an unknown persona with 400", async () => {
    const u = await seedUser();
    const res = await call("POST", "/chat-sessions", { token: u.token, body: { persona: "astrologer" } });
    expect(res.status).toBe(400);
    expect((await json(res)).code).toBe("invalid_input");
  });
});
