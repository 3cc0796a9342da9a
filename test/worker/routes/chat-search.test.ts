// Web search answers: POST /api/chat/search (same payload as a model call) and search mode on a model call. The
// search source answers first (here the built-in offline source, as no provider is configured in tests), its
// results come as one citations metadata chunk, the answer is saved with them, and a search counts against the day's
// web searches — its own quota, with the usual headers — not the model's.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { GenerationRunner } from "../../../durable-objects/generation";
import { settingsChanged } from "../../../worker/auth/sessions";
import { sha256Hex } from "../../../worker/auth/tokens";
import { createDb } from "../../../worker/db/client";
import { runChatTurn, turnHost } from "../../../worker/turn/chat-turn";
import { call, inUserHub, json, makeChat, messagesOf, readSse, seedUser, setUsedToday } from "../../support/api";
import { FAKE_SEARCH_KEYS } from "../../support/fake-search-scenarios";

describe("POST /api/chat/search", () => {
  it("streams an answer with the search's citations first, saves them, and counts a web search", async () => {
    const u = await seedUser();
    const chatId = await makeChat(u.id);
    const res = await call("POST", "/api/chat/search", {
      token: u.token,
      body: { question: "thời tiết hôm nay ở Hà Nội", chat_id: chatId },
    });
    expect(res.status).toBe(200);
    expect([res.headers.get("X-Remaining-Usage"), res.headers.get("X-Total-Usage")]).toEqual(["9", "10"]);
    const events = await readSse(res);
    const cited = events.find((e) => e.metadata?.citations);
    expect(cited.metadata.search_offline).toBe(true);
    expect(cited.metadata.citations.length).toBeGreaterThan(0);
    for (const c of cited.metadata.citations) expect(c.url).toMatch(/^https?:\/\//);
    expect(events.indexOf(cited)).toBeLessThan(events.findIndex((e) => e.content));
    expect(events.at(-1)).toBe("[DONE]");
    const bot = (await messagesOf(chatId)).find((m) => m.sender === "bot");
    expect(bot.is_search_mode).toBe(1);
    expect(JSON.parse(bot.citations)).toEqual(cited.metadata.citations);
    const usage = await env.DB.prepare("SELECT bucket, count FROM daily_usage WHERE user_id = ?").bind(u.id).all<any>();
    expect(usage.results).toEqual([{ bucket: "search", count: 1 }]);
  });

  it("answers search mode on a model call the same way", async () => {
    const u = await seedUser();
    const chatId = await makeChat(u.id);
    const res = await call("POST", "/api/chat/o4-mini", {
      token: u.token,
      body: { question: "latest news today", chat_id: chatId, is_search_mode: true },
    });
    const events = await readSse(res);
    expect(events[0].metadata.model).toBe("o4-mini");
    expect(events.some((e) => e.metadata?.citations?.length)).toBe(true);
  });

  it("answers 403 quota_exhausted with the headers when the day's web searches are used up", async () => {
    const u = await seedUser();
    const chatId = await makeChat(u.id);
    await setUsedToday(u.id, "search", 10);
    const res = await call("POST", "/api/chat/search", {
      token: u.token,
      body: { question: "weather today", chat_id: chatId },
    });
    expect(res.status).toBe(403);
    expect([res.headers.get("X-Remaining-Usage"), res.headers.get("X-Warning-Level")]).toEqual(["0", "zero_remaining"]);
    expect(await json(res)).toMatchObject({ code: "quota_exhausted", model: "search" });
    expect(await messagesOf(chatId)).toHaveLength(0);
  });

  it("answers 404 model_not_found for an unknown model and 403 for a premium one on the free plan", async () => {
    const u = await seedUser();
    const chatId = await makeChat(u.id);
    expect(
      (
        await call("POST", "/api/chat/search", {
          token: u.token,
          body: { question: "q", chat_id: chatId, model: "nope" },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call("POST", "/api/chat/search", {
          token: u.token,
          body: { question: "q", chat_id: chatId, model: "gpt-4.1" },
        })
      ).status,
    ).toBe(403);
  });
});

describe("a search turn against a real provider's wire format", () => {
  async function searchTurn(question: string) {
    const u = await seedUser();
    const chatId = await makeChat(u.id);
    const tavily = {
      ...env,
      SEARCH_PROVIDER: "tavily",
      TAVILY_API_KEY: FAKE_SEARCH_KEYS.tavily,
      TAVILY_BASE_URL: `${env.FAKE_SEARCH_URL}/tavily`,
    };
    const events = await inUserHub(u.id, async (hub, state) => {
      const host = turnHost(hub.state, new GenerationRunner(state, tavily, createDb(env.DB), hub.state), env);
      const started = await runChatTurn(host, {
        sessionId: JSON.parse(atob(u.token.split(".")[1]!)).sid,
        tokenHash: await sha256Hex(u.sessionToken),
        claimedUserId: null,
        endpoint: "gpt-4.1-mini",
        chatId,
        question,
        userMessageId: crypto.randomUUID(),
        botMessageId: crypto.randomUUID(),
        isSearchMode: true,
      });
      return readSse(new Response(started.stream));
    });
    return { u, chatId, events };
  }

  it("gives the model Tavily's results as numbered sources and streams them as citations", async () => {
    const { events } = await searchTurn("mekong delta travel");
    const cited = events.find((e) => e.metadata?.citations);
    expect(cited.metadata.search_offline).toBe(false);
    expect(cited.metadata.citations[0]).toMatchObject({
      url: expect.stringMatching(/^https:\/\//),
      title: expect.any(String),
    });
    expect(events.at(-1)).toBe("[DONE]");
  });

  it.each([
    ["fake:rate-limited", "search_rate_limited"],
    ["fake:unauthorized", "search_auth_failed"],
    ["fake:server-error", "search_unavailable"],
  ])("ends %s with the clear error event %s, saves the turn and gives the search back", async (question, code) => {
    const { u, chatId, events } = await searchTurn(question);
    expect(events.find((e) => e.error)).toMatchObject({ error: code, message: expect.any(String) });
    expect(events.at(-1)).toBe("[DONE]");
    expect((await messagesOf(chatId)).find((m) => m.sender === "bot")?.error).toBe(code);
    const used = await env.DB.prepare("SELECT count FROM daily_usage WHERE user_id = ? AND bucket = 'search'")
      .bind(u.id)
      .first<any>();
    expect(used.count).toBe(0);
  });
});

describe("auto-search on a plain model call", () => {
  it("searches a time-sensitive question without the toggle, counting a web search", async () => {
    const u = await seedUser();
    const chatId = await makeChat(u.id);
    const res = await call("POST", "/api/chat/gpt-4.1-mini", {
      token: u.token,
      body: { question: "thời tiết hôm nay ở Hà Nội", chat_id: chatId },
    });
    expect(res.headers.get("X-Total-Usage")).toBe("10");
    const events = await readSse(res);
    expect(events.some((e) => e.metadata?.citations?.length)).toBe(true);
    expect((await messagesOf(chatId)).every((m) => m.is_search_mode === 1)).toBe(true);
  });

  it("answers without searching once today's searches are used up, counting the model", async () => {
    const u = await seedUser();
    const chatId = await makeChat(u.id);
    await setUsedToday(u.id, "search", 10);
    const res = await call("POST", "/api/chat/gpt-4.1-mini", {
      token: u.token,
      body: { question: "weather today in Hanoi", chat_id: chatId },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Usage")).toBe("50");
    expect((await readSse(res)).some((e) => e.metadata?.citations)).toBe(false);
  });

  it("does not search an ordinary question, nor when the user turned search off", async () => {
    const u = await seedUser();
    const chatId = await makeChat(u.id);
    const plain = await call("POST", "/api/chat/gpt-4.1-mini", {
      token: u.token,
      body: { question: "Explain how a rice paddy works", chat_id: chatId },
    });
    expect(plain.headers.get("X-Total-Usage")).toBe("50");
    await readSse(plain);
    await env.DB.prepare("INSERT INTO ai_settings (user_id, enable_search) VALUES (?, 0)").bind(u.id).run();
    await settingsChanged(env, u.id);
    const off = await call("POST", "/api/chat/gpt-4.1-mini", {
      token: u.token,
      body: { question: "latest news today", chat_id: chatId },
    });
    expect(off.headers.get("X-Total-Usage")).toBe("50");
    await readSse(off);
  });
});
