// External models with the user's own key: a premium user who connects a provider's key sees that model in the
// switcher ("ext-<provider>"), and its answers are streamed from that provider with the user's key — toward the
// provider's host only (here the fake upstream, as the operator's EXTERNAL_MODEL_BASE_URLS would move it) — without
// taking a use of the plan's quotas.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { GenerationRunner } from "../../../durable-objects/generation";
import { sha256Hex } from "../../../worker/auth/tokens";
import { createDb } from "../../../worker/db/client";
import { runChatTurn, turnHost } from "../../../worker/turn/chat-turn";
import {
  call,
  inUserHub,
  json,
  makeChat,
  messagesOf,
  premiumUser,
  readSse,
  seedUser,
  type TestUser,
} from "../../support/api";
import { FAKE_OK_TEXT } from "../../support/fake-upstream-scenarios";
import { requestsWithKey } from "../models/model-helpers";

/** The worker's environment with the external providers' hosts moved to the fake upstream (the operator's override). */
const onFakeUpstream: Env = {
  ...env,
  EXTERNAL_MODEL_BASE_URLS: JSON.stringify({
    xai: `${env.FAKE_UPSTREAM_URL}/xai`,
    anthropic: `${env.FAKE_UPSTREAM_URL}/anthropic`,
    google: `${env.FAKE_UPSTREAM_URL}/google`,
    deepseek: `${env.FAKE_UPSTREAM_URL}/deepseek`,
    meta: `${env.FAKE_UPSTREAM_URL}/openai-compatible`,
  }),
};

/** Connects `provider` with a key the fake key check accepts; answers the key. */
async function connect(u: TestUser, provider: string): Promise<string> {
  const apiKey = `good-${crypto.randomUUID()}`;
  const res = await call("PUT", `/auth/external-models/${provider}`, { token: u.token, body: { apiKey } });
  expect(res.status).toBe(200);
  return apiKey;
}

/** Runs one turn in the user's object with the providers on the fake upstream; answers the turn and its events. */
async function turn(u: TestUser, endpoint: string, chatId: string) {
  const sessionId = JSON.parse(atob(u.token.split(".")[1]!)).sid as string;
  return inUserHub(u.id, async (hub, state) => {
    const host = turnHost(
      hub.state,
      new GenerationRunner(state, onFakeUpstream, createDb(env.DB), hub.state),
      onFakeUpstream,
    );
    const started = await runChatTurn(host, {
      sessionId,
      tokenHash: await sha256Hex(u.sessionToken),
      claimedUserId: null,
      endpoint,
      chatId,
      question: "Xin chào Grok",
      userMessageId: crypto.randomUUID(),
      botMessageId: crypto.randomUUID(),
      isSearchMode: false,
    });
    return { started, events: await readSse(new Response(started.stream)) };
  });
}

describe("external models with the user's own key", () => {
  it("lists a connected provider as a model of a premium user's switcher, and drops it when disconnected", async () => {
    const u = await premiumUser();
    await connect(u, "grok");
    const models = (await json(await call("GET", "/api/models", { token: u.token }))).data.models;
    expect(models.find((m: any) => m.endpoint === "ext-grok")).toMatchObject({
      name: "Grok (xAI)",
      external: true,
      allowed: true,
      fileSupport: false,
    });
    expect(models.filter((m: any) => m.external)).toHaveLength(1);
    expect((await call("DELETE", "/auth/external-models/grok", { token: u.token })).status).toBe(200);
    const after = (await json(await call("GET", "/api/models", { token: u.token }))).data.models;
    expect(after.some((m: any) => m.external)).toBe(false);
  });

  it("answers from the provider with the user's key and takes no use of the plan's quotas", async () => {
    const u = await premiumUser();
    const apiKey = await connect(u, "grok");
    const chatId = await makeChat(u.id);
    const { started, events } = await turn(u, "ext-grok", chatId);
    expect(started.remaining).toBeNull();
    expect(
      events
        .filter((e) => e.content)
        .map((e) => e.content)
        .join(""),
    ).toBe(FAKE_OK_TEXT);
    expect(events.find((e) => e.metadata?.offline !== undefined)?.metadata.offline).toBe(false);
    const [request] = await requestsWithKey(apiKey);
    expect(request).toMatchObject({ path: "/xai/chat/completions", model: "grok-3" });
    expect(request!.headers.authorization).toBe(`Bearer ${apiKey}`);
    const bot = (await messagesOf(chatId)).find((m) => m.sender === "bot");
    expect(bot).toMatchObject({ model: "ext-grok", message: FAKE_OK_TEXT });
    const usage = await inUserHub(u.id, (hub) => hub.usageToday());
    expect(Object.values(usage).reduce((a, b) => a + b, 0)).toBe(0);
  });

  it("sends a Claude key to Anthropic's Messages API only", async () => {
    const u = await premiumUser();
    const apiKey = await connect(u, "claude");
    const { events } = await turn(u, "ext-claude", await makeChat(u.id));
    expect(
      events
        .filter((e) => e.content)
        .map((e) => e.content)
        .join(""),
    ).toBe(FAKE_OK_TEXT);
    const requests = await requestsWithKey(apiKey);
    expect(requests.map((r) => r.path)).toEqual(["/anthropic/messages"]);
    expect(requests[0]!.headers["x-api-key"]).toBe(apiKey);
  });

  it("refuses a free user with 403 and a premium user without a key with 400, taking no use", async () => {
    const free = await seedUser();
    const chatId = await makeChat(free.id);
    const refused = await call("POST", "/api/chat/ext-grok", {
      token: free.token,
      body: { question: "hi", chat_id: chatId },
    });
    expect(refused.status).toBe(403);
    expect((await json(refused)).code).toBe("premium_required");
    const u = await premiumUser();
    const mine = await makeChat(u.id);
    const missing = await call("POST", "/api/chat/ext-claude", {
      token: u.token,
      body: { question: "hi", chat_id: mine },
    });
    expect(missing.status).toBe(400);
    expect((await json(missing)).code).toBe("provider_not_configured");
    const unknown = await call("POST", "/api/chat/ext-nope", {
      token: u.token,
      body: { question: "hi", chat_id: mine },
    });
    expect(unknown.status).toBe(404);
    expect(await messagesOf(mine)).toHaveLength(0);
  });
});
