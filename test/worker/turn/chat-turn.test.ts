// The chat-turn pipeline's promise: nothing on the path to the first token waits on D1 that the user's object can
// answer. Counted (not timed) at the D1 binding: at most one round trip for the first message in a chat the object
// has not seen, none for the next message in the same chat. It runs first, before any other test of this file has
// an answer still saving. Then the turn with the user's settings, with the user's own model key, and with attached
// files. One file, so workerd loads the worker once for all of them.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { GenerationRunner } from "../../../durable-objects/turn/generation";
import { HotState } from "../../../durable-objects/state/hot-state";
import { HISTORY_MESSAGES } from "../../../durable-objects/state/chats";
import { createDb } from "../../../worker/db/client";
import { generateOffline } from "../../../worker/images/offline";
import { toModelPrompt } from "../../../worker/models/stream-answer";
import { type AnswerRequest, runTurn, turnHost } from "../../../durable-objects/turn/turn";
import { buildPrompt } from "../../../durable-objects/turn/prompt";
import { loadAttachments } from "../../../worker/uploads/store";
import { userHub } from "../../../durable-objects/user-hub-stub";
import {
  answerInUserHub,
  ask,
  call,
  contentOf,
  eventually,
  inUserHub,
  json,
  makeChat,
  messagesOf,
  ORIGIN,
  premiumUser,
  readSse,
  seedUser,
  setPlan,
  type TestUser,
  workerFetch,
  sessionOf,
} from "../../support/api";
import { wrapD1 } from "../../support/d1-wrapper";
import { shardD1 } from "../../../worker/db/shards";
import { FAKE_MODELS, FAKE_OK_TEXT } from "../../support/fake-upstream-scenarios";
import { collect, requestsWithKey, resolveOnFake, textOf, uniqueKey } from "../models/model-helpers";

/** Reads SSE until the first content event; returns the reader so the rest can be drained. */
async function untilFirstToken(stream: ReadableStream<Uint8Array>) {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!text.includes('"content"')) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`stream ended before a token: ${text}`);
    text += decoder.decode(value, { stream: true });
  }
  return reader;
}

/**
 * Runs these questions in the chat one after the other, inside the user's object with its stored state, counting the
 * D1 round trips each makes before its first token, on every database (the main one and the user's chat shard).
 */
async function roundTripsBeforeFirstToken(u: TestUser, chatId: string, questions: string[]): Promise<number[]> {
  const { sessionId, tokenHash } = await sessionOf(u);
  return inUserHub(u.id, async (_hub, state) => {
    let counting = true;
    let calls = 0;
    const count = (d1: D1Database) => createDb(wrapD1(d1, () => void (counting && calls++)));
    const db = count(env.DB);
    const hot = new HotState(
      state.storage,
      db,
      (shard) => count(shardD1(env, shard)),
      () => u.id,
    );
    const host = turnHost(hot, new GenerationRunner(state, env, db, hot), env, db);
    const turn = (question: string): AnswerRequest => ({
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
    const result: number[] = [];
    for (const question of questions) {
      calls = 0;
      counting = true;
      const reader = await untilFirstToken((await runTurn(host, turn(question))).stream);
      result.push(calls);
      counting = false;
      while (!(await reader.read()).done) {
        // drain: the answer and its save finish before the next turn
      }
    }
    return result;
  });
}

describe("the chat turn's D1 round trips before the first token", () => {
  it("makes at most one for a chat the object has not seen, and none for the next message in it", async () => {
    const u = await seedUser();
    const chatId = await makeChat(u.id);
    expect(await roundTripsBeforeFirstToken(u, chatId, ["First question", "Second question"])).toEqual([1, 0]);
    const saved = await messagesOf(chatId);
    expect(saved.map((m) => [m.sender, m.sender === "user" ? m.message : "…"])).toEqual([
      ["user", "First question"],
      ["bot", "…"],
      ["user", "Second question"],
      ["bot", "…"],
    ]);
  });

  it("makes none for the first message in a chat the app has just opened: its content page warmed the object", async () => {
    const u = await seedUser();
    const chatId = (await json(await call("POST", "/chat-sessions", { token: u.token, body: { title: "Warm" } }))).data
      .id;
    const earlier = Array.from({ length: 30 }, (_, i) => ({
      message_id: `m-${i}`,
      sender: i % 2 ? "bot" : "user",
      message: `earlier message ${i}`,
    }));
    expect(
      (await call("POST", "/media-api/api/chat/save", { token: u.token, body: { chat_id: chatId, messages: earlier } }))
        .status,
    ).toBe(200);
    expect((await call("GET", `/chat-sessions/${chatId}/content`, { token: u.token })).status).toBe(200);
    // The object holds the chat's newest messages as its window once the page's answer is out.
    const window = await eventually(() =>
      inUserHub(u.id, (hub) => hub.state.chats.window(chatId)?.map((m) => m.messageId)),
    );
    expect(window).toEqual(earlier.slice(-HISTORY_MESSAGES).map((m) => m.message_id));
    expect(await roundTripsBeforeFirstToken(u, chatId, ["Now a question"])).toEqual([0]);
  });

  it("makes none for the first message in a chat just created: the object knows it is the user's and empty", async () => {
    const u = await seedUser();
    const chatId = (await json(await call("POST", "/chat-sessions", { token: u.token, body: {} }))).data.id;
    await eventually(() => inUserHub(u.id, (hub) => hub.state.chats.window(chatId)));
    expect(await roundTripsBeforeFirstToken(u, chatId, ["The very first question"])).toEqual([0]);
  });

  it("does not take a page read before the chat changed elsewhere", async () => {
    const u = await seedUser();
    const chatId = await makeChat(u.id);
    const readAt = Date.now() - 1_000;
    const window = await inUserHub(u.id, (hub) => {
      hub.state.chats.forget(chatId); // a save through the media API, after the page was read
      hub.state.chats.warm(chatId, [{ messageId: "stale", sender: "user", message: "old text" }], {}, readAt);
      return hub.state.chats.window(chatId);
    });
    expect(window).toBeNull();
  });
});

// ---- personalization ---------------------------------------------------------------------------------------------
// What the user's settings do to an answer reaches the model: the custom instruction and remembered facts in the
// system prompt, and a premium user's AI style as its sampling settings — kept in the user's object, so they add no
// D1 round trip to the turn.
async function askThroughFake(u: { id: string; token: string; sessionToken: string }, apiKey: string, chat?: string) {
  const chatId = chat ?? (await makeChat(u.id));
  const routed = {
    ...env,
    OPENAI_COMPATIBLE_BASE_URL: `${env.FAKE_UPSTREAM_URL}/openai-compatible`,
    OPENAI_COMPATIBLE_API_KEY: apiKey,
    MODEL_ROUTES: JSON.stringify({ "gpt-4.1-mini": { provider: "openai-compatible", model: FAKE_MODELS.ok } }),
  };
  await answerInUserHub(u, { endpoint: "gpt-4.1-mini", chatId, question: "Hello" }, routed, env);
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
    await (await userHub(env, u.id)).settingsChanged();
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
    await (await userHub(env, u.id)).settingsChanged();
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

// ---- external-models ---------------------------------------------------------------------------------------------
// External models with the user's own key: a premium user who connects a provider's key sees that model in the
// switcher ("ext-<provider>"), and its answers are streamed from that provider with the user's key — toward the
// provider's host only (here the fake upstream, as the operator's EXTERNAL_MODEL_BASE_URLS would move it) — without
// taking a use of the plan's quotas.
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
  return answerInUserHub(u, { endpoint, chatId, question: "Xin chào Grok" }, onFakeUpstream);
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

// ---- attachments -------------------------------------------------------------------------------------------------
// Files in a chat turn: a question carries up to 10 of the user's uploads; the model reads their text before the
// question and images as vision input; the user message keeps their names, shown after a reload. Checked end to end
// with the offline model (its answer lists what it received) and on the wire of an OpenAI-style provider.
async function upload(
  user: TestUser,
  files: { name: string; bytes: Uint8Array | string }[],
): Promise<{ id: string; name: string; size: number }[]> {
  const form = new FormData();
  for (const f of files) form.append("files", new File([f.bytes], f.name));
  const res = await workerFetch(
    new Request(`${ORIGIN}/media-api/api/uploads`, {
      method: "POST",
      headers: { Authorization: `Bearer ${user.token}` },
      body: form,
    }),
  );
  expect(res.status).toBe(201);
  return (await json(res)).data.files;
}

describe("a question with attached files", () => {
  it("gives the model the files' text and images, and the offline answer names each with its size and first line", async () => {
    const user = await seedUser();
    const chatId = await makeChat(user.id);
    const png = (await generateOffline("a cat on a roof")).bytes;
    const files = await upload(user, [
      { name: "notes.txt", bytes: "Shopping list\nrice, fish sauce" },
      { name: "photo.png", bytes: png },
    ]);
    const res = await ask(user, {
      chat_id: chatId,
      question: "What is in these files?",
      attachment_ids: files.map((f) => f.id),
    });
    expect(res.status).toBe(200);
    const answer = contentOf(await readSse(res));
    expect(answer).toContain("Files I received:");
    expect(answer).toContain(`notes.txt (${files[0]!.size} bytes, text): “Shopping list”`);
    expect(answer).toContain(`photo.png (${png.byteLength} bytes, image/png)`);
    // The quoted question is the question, not the files' text.
    expect(answer).not.toContain("rice, fish sauce");
  });

  it("keeps the files on the user message, so a reloaded chat shows them", async () => {
    const user = await seedUser();
    const chatId = await makeChat(user.id);
    const [file] = await upload(user, [{ name: "plan.md", bytes: "# Trip to Đà Lạt\nDay 1" }]);
    const userMessageId = crypto.randomUUID();
    await readSse(
      await ask(user, {
        chat_id: chatId,
        question: "Summarise my plan",
        message_id: userMessageId,
        attachment_ids: [file!.id],
      }),
    );
    const page = await json(await call("GET", `/chat-sessions/${chatId}/content`, { token: user.token }));
    const question = page.data.chats[0].messages.find((m: any) => m.message_id === userMessageId);
    expect(question.attachments).toEqual([
      {
        id: file!.id,
        name: "plan.md",
        type: "text/plain",
        group: "text",
        size: file!.size,
        url: `/media-api/api/uploads/${file!.id}`,
      },
    ]);
    const answer = page.data.chats[0].messages.at(-1);
    expect(answer.attachments).toEqual([]);
  });

  it("answers 404 for another user's file and takes no use", async () => {
    const owner = await seedUser();
    const other = await seedUser();
    const [file] = await upload(owner, [{ name: "secret.txt", bytes: "owner's secret" }]);
    const chatId = await makeChat(other.id);
    const res = await ask(other, { chat_id: chatId, question: "Read it", attachment_ids: [file!.id] });
    expect(res.status).toBe(404);
    expect((await json(res)).code).toBe("not_found");
    expect(await messagesOf(chatId)).toHaveLength(0);
    const models = await json(await call("GET", "/api/models", { token: other.token }));
    const mini = models.data.models.find((m: any) => m.endpoint === "gpt-4.1-mini");
    expect(mini.remaining).toBe(mini.total);
  });

  it("refuses files for a model that reads none with 415", async () => {
    const user = await seedUser();
    const chatId = await makeChat(user.id);
    const [file] = await upload(user, [{ name: "a.txt", bytes: "hello" }]);
    const res = await ask(user, { chat_id: chatId, question: "Read it", attachment_ids: [file!.id] }, "o4-mini");
    expect(res.status).toBe(415);
    expect((await json(res)).code).toBe("unsupported_media_type");
  });

  it("refuses more than 10 files, and files on a regenerated answer, with 400", async () => {
    const user = await seedUser();
    const chatId = await makeChat(user.id);
    const ids = Array.from({ length: 11 }, () => crypto.randomUUID());
    const many = await ask(user, { chat_id: chatId, question: "Read them", attachment_ids: ids });
    expect(many.status).toBe(400);
    expect((await json(many)).code).toBe("invalid_input");
    const [file] = await upload(user, [{ name: "a.txt", bytes: "hello" }]);
    const botId = crypto.randomUUID();
    await readSse(await ask(user, { chat_id: chatId, question: "Hi", bot_message_id: botId }));
    const again = await ask(user, { chat_id: chatId, regenerate_message_id: botId, attachment_ids: [file!.id] });
    expect(again.status).toBe(400);
  });
});

describe("attachments on a provider's wire", () => {
  it("sends text files before the question and images as image input to an OpenAI-style chat completions API", async () => {
    const user = await seedUser();
    const png = (await generateOffline("a bowl of phở")).bytes;
    const files = await upload(user, [
      { name: "menu.csv", bytes: "dish,price\nphở,50000" },
      { name: "bowl.png", bytes: png },
    ]);
    const attachments = await loadAttachments({ bucket: env.IMAGES, userId: user.id, ids: files.map((f) => f.id) });
    const key = uniqueKey("xai");
    const resolved = resolveOnFake("xai", FAKE_MODELS.ok, key);
    const prompt = buildPrompt({ history: [], question: "How much is the phở?", attachments });
    expect(toModelPrompt(prompt).at(-1)?.content).toHaveLength(2);
    const parts = await collect({ model: resolved.model, prompt, abortSignal: new AbortController().signal });
    expect(textOf(parts).length).toBeGreaterThan(0);
    const [request] = await requestsWithKey(key);
    const last = (request!.body as any).messages.at(-1);
    expect(last.role).toBe("user");
    expect(last.content[0].type).toBe("text");
    expect(last.content[0].text).toContain("--- Attached file: menu.csv (structured,");
    expect(last.content[0].text).toContain("phở,50000");
    expect(last.content[0].text.endsWith("How much is the phở?")).toBe(true);
    expect(last.content[1]).toEqual({
      type: "image_url",
      image_url: { url: `data:image/png;base64,${btoa(String.fromCharCode(...png))}` },
    });
  });
});
