// The chat API, POST /api/chat/{model} and its variations: following a running answer, edit and regenerate, web
// search, then the plain turn (streaming, saving, stop, quotas). One file, so workerd loads the worker once for all.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { userHub } from "../../../durable-objects/user-hub-stub";
import { quotaDay } from "../../../worker/lib/time";
import {
  answerInUserHub,
  chatsHolding,
  ask,
  call,
  contentOf,
  eventually,
  inUserHub,
  json,
  login,
  makeChat,
  messagesOf,
  readSse,
  readUntil,
  seedUser,
  setPlan,
  setUsedToday,
  withOfflinePace,
} from "../../support/api";
import { FAKE_SEARCH_KEYS } from "../../support/fake-search-scenarios";

// ---- chat-resume -------------------------------------------------------------------------------------------------
// Answers survive a reload, a tab switch and a second device: while an answer runs, the user's Durable Object keeps
// it, the chat's content shows it (with its question) as still being written, and GET /api/chat/stream/{message_id}
// follows it from any offset to the end. Another user's answer is a 404.
const QUESTION = "Describe the Mekong delta in detail, with its provinces, rivers, food, history and climate";

/**
 * Starts an answer at `paceMs` a chunk (the offline model's pause; 1 ms elsewhere in this project): at 20 ms its ~70
 * chunks run for over a second, so the calls that join it mid-way always find it running.
 */
async function startAnswer(token: string, chatId: string, botId: string, paceMs = 20) {
  const res = await withOfflinePace(paceMs, () =>
    call("POST", "/api/chat/gpt-4.1-mini", {
      token,
      body: { question: QUESTION, chat_id: chatId, bot_message_id: botId },
    }),
  );
  expect(res.status).toBe(200);
  return res;
}

describe("following an answer that is still running", () => {
  it("shows the question and the text so far in the chat's content, then the saved answer once it ends", async () => {
    const u = await seedUser();
    const chatId = await makeChat(u.id);
    const botId = crypto.randomUUID();
    const res = await startAnswer(u.token, chatId, botId);
    const page = await json(await call("GET", `/chat-sessions/${chatId}/content`, { token: u.token }));
    const messages = page.data.chats[0].messages;
    expect(messages.map((m: any) => m.sender)).toEqual(["user", "bot"]);
    expect(messages[0].message).toBe(QUESTION);
    expect(messages[1]).toMatchObject({ message_id: botId, isStreaming: true, offline: true });
    const full = contentOf(await readSse(res));
    const after = await json(await call("GET", `/chat-sessions/${chatId}/content`, { token: u.token }));
    const saved = after.data.chats[0].messages.at(-1);
    expect(saved).toMatchObject({ message_id: botId, message: full, offline: true });
    expect(saved.isStreaming ?? false).toBe(false);
  });

  it("replays from the offset the client has, then follows live to [DONE]; a second device sees the same", async () => {
    const u = await seedUser();
    const phone = await login(u.email, u.password, "phone");
    const chatId = await makeChat(u.id);
    const botId = crypto.randomUUID();
    const original = await startAnswer(u.token, chatId, botId);
    // the client has the answer's first characters, as a tab that reloads mid-answer has
    const first = await readUntil(original, (events) => contentOf(events).length >= 5);
    const resumed = await call("GET", `/api/chat/stream/${botId}?offset=5`, { token: phone.token });
    expect(resumed.status).toBe(200);
    expect(resumed.headers.get("Content-Type")).toContain("text/event-stream");
    const [whole, tail] = await Promise.all([first.rest(), readSse(resumed)]);
    expect(tail[0].metadata).toMatchObject({ message_id: botId, chat_id: chatId, offline: true });
    expect(tail.at(-1)).toBe("[DONE]");
    expect(contentOf(tail)).toBe(contentOf(whole).slice(5));
  });

  it("answers 404 once the answer has ended, and for an unknown id", async () => {
    const u = await seedUser();
    const chatId = await makeChat(u.id);
    const botId = crypto.randomUUID();
    await readSse(await startAnswer(u.token, chatId, botId, 1));
    expect((await call("GET", `/api/chat/stream/${botId}`, { token: u.token })).status).toBe(404);
    expect((await call("GET", `/api/chat/stream/${crypto.randomUUID()}`, { token: u.token })).status).toBe(404);
  });

  it("answers 400 for an offset that is not a whole number", async () => {
    const u = await seedUser();
    const res = await call("GET", `/api/chat/stream/abc?offset=-3`, { token: u.token });
    expect(res.status).toBe(400);
  });

  it("stops a followed answer from another device; every reader sees it stopped", async () => {
    const u = await seedUser();
    const phone = await login(u.email, u.password, "phone");
    const chatId = await makeChat(u.id);
    const botId = crypto.randomUUID();
    // stopped well before its end: nothing waits for the pace
    const original = await startAnswer(u.token, chatId, botId, 250);
    const followed = await call("GET", `/api/chat/stream/${botId}`, { token: phone.token });
    expect((await call("POST", "/api/chat/stop", { token: phone.token, body: { message_id: botId } })).status).toBe(
      200,
    );
    const [a, b] = await Promise.all([readSse(original), readSse(followed)]);
    for (const events of [a, b]) expect(events.some((e) => e.metadata?.stopped === true)).toBe(true);
    const bot = await eventually(async () => (await messagesOf(chatId)).find((m) => m.sender === "bot"));
    expect(bot.stopped).toBe(1);
  });
});

describe("following answers is private to their user", () => {
  it("answers 404 to another user for a running answer, and never shows it in their content", async () => {
    const owner = await seedUser();
    const intruder = await seedUser();
    const chatId = await makeChat(owner.id);
    const botId = crypto.randomUUID();
    const res = await startAnswer(owner.token, chatId, botId);
    expect((await call("GET", `/api/chat/stream/${botId}`, { token: intruder.token })).status).toBe(404);
    expect((await call("GET", `/chat-sessions/${chatId}/content`, { token: intruder.token })).status).toBe(404);
    await readSse(res);
  });
});

// ---- chat-edit ---------------------------------------------------------------------------------------------------
// Edit and regenerate: variations of the one chat turn. An edit replaces a question's text (the first text kept as
// original_message) and streams an edit reply tied to it; a regenerate writes an answer again, in place, with the
// same or another model. Both count a use, and both can be stopped and followed.
async function chatWithOneTurn() {
  const u = await seedUser();
  const chatId = await makeChat(u.id);
  const userId = crypto.randomUUID();
  const botId = crypto.randomUUID();
  await readSse(
    await ask(u.token, { question: "What is phở?", chat_id: chatId, message_id: userId, bot_message_id: botId }),
  );
  return { u, chatId, userId, botId };
}

describe("editing a question", () => {
  it("adds the new text as a version beside the question, with edited, edited_at and original_message, and streams an edit reply tied to it", async () => {
    const { u, chatId, userId, botId } = await chatWithOneTurn();
    const newId = crypto.randomUUID();
    const replyId = crypto.randomUUID();
    const res = await ask(u.token, {
      question: "What is bún chả?",
      chat_id: chatId,
      edit_message_id: userId,
      message_id: newId,
      bot_message_id: replyId,
    });
    expect(res.status).toBe(200);
    const events = await readSse(res);
    expect(events[0].metadata).toMatchObject({
      message_id: replyId,
      user_message_id: newId,
      is_edit_response: true,
      for_edited_message_id: newId,
    });
    expect(contentOf(events)).toContain("bún chả");
    const rows = await messagesOf(chatId);
    // the first question and its answer are kept, off the branch the chat now shows
    expect(rows.map((m) => [m.message_id, m.parent_id, m.on_path])).toEqual([
      [userId, null, 0],
      [botId, userId, 0],
      [newId, null, 1],
      [replyId, newId, 1],
    ]);
    expect(rows[0].message).toBe("What is phở?");
    expect(rows[2]).toMatchObject({ message: "What is bún chả?", edited: 1, original_message: "What is phở?" });
    expect(rows[2].edited_at).toBeGreaterThan(0);
    expect(rows[3]).toMatchObject({ sender: "bot", is_edit_response: 1, for_edited_message_id: newId });
  });

  it("keeps the first text as original_message when a question is edited twice", async () => {
    const { u, chatId, userId } = await chatWithOneTurn();
    const second = crypto.randomUUID();
    const third = crypto.randomUUID();
    await readSse(
      await ask(u.token, { question: "Second", chat_id: chatId, edit_message_id: userId, message_id: second }),
    );
    await readSse(
      await ask(u.token, { question: "Third", chat_id: chatId, edit_message_id: second, message_id: third }),
    );
    const edited = (await messagesOf(chatId)).find((m) => m.message_id === third);
    expect(edited).toMatchObject({ message: "Third", original_message: "What is phở?", on_path: 1 });
  });

  it("counts a use", async () => {
    const { u, chatId, userId } = await chatWithOneTurn();
    const res = await ask(u.token, { question: "Again", chat_id: chatId, edit_message_id: userId });
    expect(res.headers.get("X-Remaining-Usage")).toBe("48");
    await readSse(res);
  });

  it("answers 400 for editing an answer, 404 for an unknown message, and 400 for an empty question", async () => {
    const { u, chatId, botId } = await chatWithOneTurn();
    expect((await ask(u.token, { question: "x", chat_id: chatId, edit_message_id: botId })).status).toBe(400);
    expect((await ask(u.token, { question: "x", chat_id: chatId, edit_message_id: "nope" })).status).toBe(404);
    const empty = await ask(u.token, { question: "  ", chat_id: chatId, edit_message_id: botId });
    expect([empty.status, (await json(empty)).field]).toEqual([400, "question"]);
  });
});

describe("regenerating an answer", () => {
  it("writes another answer beside the first, with another model, counting a use of that model", async () => {
    const { u, chatId, userId, botId } = await chatWithOneTurn();
    await setPlan(u.id, 1, Date.now() + 86_400_000);
    const againId = crypto.randomUUID();
    const res = await ask(
      u.token,
      { chat_id: chatId, regenerate_message_id: botId, bot_message_id: againId },
      "gpt-4.1",
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Remaining-Usage")).toBe("199");
    const events = await readSse(res);
    expect(events[0].metadata).toMatchObject({ message_id: againId, model: "gpt-4.1" });
    expect(contentOf(events)).toContain("phở");
    const rows = await messagesOf(chatId);
    expect(rows.map((m) => [m.message_id, m.parent_id, m.on_path])).toEqual([
      [userId, null, 1],
      [botId, userId, 0],
      [againId, userId, 1],
    ]);
    expect(rows[2]).toMatchObject({ model: "gpt-4.1", message: contentOf(events) });
    expect(rows[1].model).toBe("gpt-4.1-mini");
  });

  it("can regenerate an answer older than the object's window of recent messages", async () => {
    const u = await seedUser();
    const chatId = await makeChat(u.id);
    const firstBot = crypto.randomUUID();
    await readSse(
      await ask(u.token, { question: "The very first question", chat_id: chatId, bot_message_id: firstBot }),
    );
    // 11 more turns push the first answer out of the 20-message window
    for (let i = 0; i < 11; i++) await readSse(await ask(u.token, { question: `Question ${i}`, chat_id: chatId }));
    const againId = crypto.randomUUID();
    const res = await ask(u.token, { chat_id: chatId, regenerate_message_id: firstBot, bot_message_id: againId });
    expect(res.status).toBe(200);
    expect(contentOf(await readSse(res))).toContain("The very first question");
    // the chat now shows the first question and the new answer; the 11 turns after the first answer stay under it
    const page = await json(await call("GET", `/chat-sessions/${chatId}/content`, { token: u.token }));
    const shown = page.data.chats[0].messages;
    expect(shown.map((m: any) => m.message_id).slice(1)).toEqual([againId]);
    expect(shown[1].versions).toEqual([firstBot, againId]);
    expect((await messagesOf(chatId)).length).toBe(25);
  });

  it("answers 400 for regenerating a question and 409 while that answer is still being written", async () => {
    const { u, chatId, userId } = await chatWithOneTurn();
    expect((await ask(u.token, { chat_id: chatId, regenerate_message_id: userId })).status).toBe(400);
    const botId = crypto.randomUUID();
    const running = await ask(u.token, {
      question: "A long answer please, with many details about the Mekong delta",
      chat_id: chatId,
      bot_message_id: botId,
    });
    const again = await ask(u.token, { chat_id: chatId, regenerate_message_id: botId });
    expect(again.status).toBe(409);
    await readSse(running);
  });

  it("can be stopped; the partial text is the new answer, marked stopped, the first one kept", async () => {
    const { u, chatId, botId } = await chatWithOneTurn();
    const againId = crypto.randomUUID();
    const res = await ask(u.token, { chat_id: chatId, regenerate_message_id: botId, bot_message_id: againId });
    expect((await call("POST", "/api/chat/stop", { token: u.token, body: { message_id: againId } })).status).toBe(200);
    const events = await readSse(res);
    expect(events.some((e) => e.metadata?.stopped)).toBe(true);
    const rows = await messagesOf(chatId);
    expect(rows.find((m) => m.message_id === againId)).toMatchObject({ stopped: 1, on_path: 1 });
    expect(rows.find((m) => m.message_id === botId)).toMatchObject({ stopped: 0, on_path: 0 });
  });
});

describe("edit and regenerate are private to their user", () => {
  it("answers 404 for another user's chat or message, changing nothing", async () => {
    const { chatId, userId, botId } = await chatWithOneTurn();
    const intruder = await seedUser();
    expect((await ask(intruder.token, { question: "mine now", chat_id: chatId, edit_message_id: userId })).status).toBe(
      404,
    );
    expect((await ask(intruder.token, { chat_id: chatId, regenerate_message_id: botId })).status).toBe(404);
    const ownChat = await makeChat(intruder.id);
    expect(
      (await ask(intruder.token, { question: "mine now", chat_id: ownChat, edit_message_id: userId })).status,
    ).toBe(404);
    expect((await messagesOf(chatId)).find((m) => m.message_id === userId)?.message).toBe("What is phở?");
    const usage = await env.DB.prepare("SELECT count(*) AS n FROM daily_usage WHERE user_id = ?")
      .bind(intruder.id)
      .first<any>();
    expect(usage.n).toBe(0);
  });
});

// ---- chat-search -------------------------------------------------------------------------------------------------
// Web search answers: POST /api/chat/search (same payload as a model call) and search mode on a model call. The
// search source answers first (here the built-in offline source, as no provider is configured in tests), its
// results come as one citations metadata chunk, the answer is saved with them, and a search counts against the day's
// web searches — its own quota, with the usual headers — not the model's.
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
    const { events } = await answerInUserHub(
      u,
      { endpoint: "gpt-4.1-mini", chatId, question, isSearchMode: true },
      tavily,
      env,
    );
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
    await (await userHub(env, u.id)).settingsChanged();
    const off = await call("POST", "/api/chat/gpt-4.1-mini", {
      token: u.token,
      body: { question: "latest news today", chat_id: chatId },
    });
    expect(off.headers.get("X-Total-Usage")).toBe("50");
    await readSse(off);
  });
});

// ---- chat --------------------------------------------------------------------------------------------------------
describe("POST /api/chat/{model}", () => {
  it("streams an answer as SSE: ids first, content chunks, then [DONE], with usage headers", async () => {
    const u = await seedUser();
    const chatId = await makeChat(u.id);
    const res = await ask(u.token, { question: "Explain photosynthesis briefly", chat_id: chatId });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    expect(res.headers.get("X-Remaining-Usage")).toBe("49");
    expect(res.headers.get("X-Warning-Level")).toBe("none");
    const events = await readSse(res);
    expect(events[0].metadata).toMatchObject({
      chat_id: chatId,
      model: "gpt-4.1-mini",
      offline: true,
      message_id: res.headers.get("X-Message-Id"),
    });
    expect(events.at(-1)).toBe("[DONE]");
    expect(events.filter((e) => e.content).length).toBeGreaterThan(3);
    expect(events.some((e) => e.error)).toBe(false);
  });

  it("ends the response body right after [DONE]: on a model call, a search call and a followed answer", async () => {
    const u = await seedUser();
    const chatId = await makeChat(u.id);
    const endsAfterDone = async (res: Response) => {
      expect(res.status).toBe(200);
      const { reader, events } = await readUntil(res, (e) => e.at(-1) === "[DONE]");
      expect(events.at(-1)).toBe("[DONE]");
      // the next read is the end of the body: nothing follows [DONE], and the client never has to cancel
      expect(await reader.read()).toEqual({ done: true, value: undefined });
    };
    await endsAfterDone(await ask(u.token, { question: "Explain photosynthesis briefly", chat_id: chatId }));
    await endsAfterDone(
      await call("POST", "/api/chat/search", { token: u.token, body: { question: "rice prices", chat_id: chatId } }),
    );
    const botId = crypto.randomUUID();
    // paced, so the answer is still running when the second reader follows it
    const [started, followed] = await withOfflinePace(20, async () => {
      const started = await ask(u.token, {
        question: "Tell me a long story about clouds",
        chat_id: chatId,
        bot_message_id: botId,
      });
      return [started, await call("GET", `/api/chat/stream/${botId}`, { token: u.token })];
    });
    await Promise.all([endsAfterDone(started), endsAfterDone(followed)]);
  });

  it("saves both sides and titles the chat from the first prompt", async () => {
    const u = await seedUser();
    const chatId = await makeChat(u.id);
    const question = "What is the capital city of Vietnam and why is it famous?";
    const events = await readSse(
      await ask(u.token, { question, chat_id: chatId, message_id: "u-1", bot_message_id: "b-1" }),
    );
    const rows = await messagesOf(chatId);
    expect(rows.map((r) => [r.message_id, r.sender])).toEqual([
      ["u-1", "user"],
      ["b-1", "bot"],
    ]);
    expect(rows[0].message).toBe(question);
    expect(rows[1].message).toBe(contentOf(events));
    expect(rows[1]).toMatchObject({ stopped: 0, error: null, model: "gpt-4.1-mini", source: "api" });
    const chat = await (await chatsHolding(chatId))
      .prepare("SELECT title FROM chat_sessions WHERE id = ?")
      .bind(chatId)
      .first<any>();
    expect(chat.title).toBe("What is the capital city of Vi…");
  });

  it("sends the chat's earlier messages as context and keeps the title of the first prompt", async () => {
    const u = await seedUser();
    const chatId = await makeChat(u.id);
    await readSse(await ask(u.token, { question: "Hi", chat_id: chatId }));
    await readSse(await ask(u.token, { question: "Second question", chat_id: chatId }));
    const rows = await messagesOf(chatId);
    expect(rows.map((r) => r.sender)).toEqual(["user", "bot", "user", "bot"]);
    const chat = await (await chatsHolding(chatId))
      .prepare("SELECT title FROM chat_sessions WHERE id = ?")
      .bind(chatId)
      .first<any>();
    expect(chat.title).toBe("Hi");
  });

  // At 250 ms a chunk, the ~70 chunks of this answer leave the stop many seconds to arrive before the answer ends.
  it("stops on request: the partial answer is kept, marked stopped, and the stream says so", async () => {
    // the whole answer from another user: the user's object keeps the models of its first turn, so the paced turn
    // below must be this user's first for its pace to hold
    const other = await seedUser();
    const full = await readSse(
      await ask(other.token, { question: "Tell me a long story about clouds", chat_id: await makeChat(other.id) }),
    );
    const u = await seedUser();
    const chatId = await makeChat(u.id);
    const res = await withOfflinePace(250, () =>
      ask(u.token, { question: "Tell me a long story about clouds", chat_id: chatId }),
    );
    const botId = res.headers.get("X-Message-Id")!;
    const { reader, events } = await readUntil(res, (ev) => ev.filter((e) => e.content).length >= 2);
    const stop = await call("POST", "/api/chat/stop", { token: u.token, body: { message_id: botId } });
    expect(stop.status).toBe(200);
    const decoder = new TextDecoder();
    let rest = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      rest += decoder.decode(value, { stream: true });
    }
    expect(rest).toContain('"stopped":true');
    expect(rest.trim().endsWith("data: [DONE]")).toBe(true);
    const bot = (await messagesOf(chatId)).find((r) => r.sender === "bot");
    expect(bot.stopped).toBe(1);
    expect(bot.message.length).toBeGreaterThan(0);
    expect(bot.message.length).toBeLessThan(contentOf(full).length);
    expect(contentOf(full).startsWith(bot.message)).toBe(true);
    expect(events.length).toBeGreaterThan(0);
    // stopping again: nothing is running any more
    expect((await call("POST", "/api/chat/stop", { token: u.token, body: { message_id: botId } })).status).toBe(404);
  });

  it("finishes and saves the whole answer when the client disconnects mid-stream", async () => {
    const u = await seedUser();
    const full = contentOf(
      await readSse(await ask(u.token, { question: "Describe the Mekong delta", chat_id: await makeChat(u.id) })),
    );
    const chatId = await makeChat(u.id);
    const controller = new AbortController();
    const res = await call("POST", "/api/chat/gpt-4.1-mini", {
      token: u.token,
      body: { question: "Describe the Mekong delta", chat_id: chatId },
      signal: controller.signal,
    });
    const { reader } = await readUntil(res, (ev) => ev.filter((e) => e.content).length >= 1);
    await reader.cancel();
    controller.abort();
    const bot = await eventually(async () => (await messagesOf(chatId)).find((r) => r.sender === "bot"), 10_000);
    expect(bot.message).toBe(full);
    expect(bot.stopped).toBe(0);
    expect(bot.error).toBeNull();
  });

  it("answers 404 for a turn in a chat deleted after an earlier turn in it", async () => {
    const u = await seedUser();
    const chatId = await makeChat(u.id);
    await readSse(await ask(u.token, { question: "hello", chat_id: chatId }));
    expect(
      (await call("PATCH", `/chat-sessions/${chatId}`, { token: u.token, body: { status: "deleted" } })).status,
    ).toBe(200);
    const res = await ask(u.token, { question: "still there?", chat_id: chatId });
    expect(res.status).toBe(404);
    expect((await messagesOf(chatId)).map((m) => m.message)).not.toContain("still there?");
  });

  it("answers 404 for another user's chat, even one the other user's object has seen", async () => {
    const owner = await seedUser();
    const intruder = await seedUser();
    const chatId = await makeChat(owner.id);
    await readSse(await ask(owner.token, { question: "mine", chat_id: chatId }));
    const res = await ask(intruder.token, { question: "let me in", chat_id: chatId });
    expect(res.status).toBe(404);
    expect((await messagesOf(chatId)).map((m) => m.message)).not.toContain("let me in");
  });

  it("answers 403 premium_required for a premium model on the free plan, saving and counting nothing", async () => {
    const u = await seedUser();
    const chatId = await makeChat(u.id);
    const res = await ask(u.token, { question: "hello", chat_id: chatId }, "gpt-4.1");
    expect(res.status).toBe(403);
    expect(await json(res)).toMatchObject({ status: "error", code: "premium_required" });
    expect(await messagesOf(chatId)).toHaveLength(0);
    const usage = await env.DB.prepare("SELECT count(*) AS n FROM daily_usage WHERE user_id = ?")
      .bind(u.id)
      .first<any>();
    expect(usage.n).toBe(0);
  });

  it("lets a Basic user use a premium model", async () => {
    const u = await seedUser();
    await setPlan(u.id, 1, Date.now() + 86_400_000);
    const res = await ask(u.token, { question: "hello", chat_id: await makeChat(u.id) }, "gpt-4.1");
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Remaining-Usage")).toBe("199");
    await readSse(res);
  });

  it("treats an expired premium as free", async () => {
    const u = await seedUser();
    await setPlan(u.id, 2, Date.now() - 1000);
    expect((await ask(u.token, { question: "hello", chat_id: await makeChat(u.id) }, "claude-4-pro")).status).toBe(403);
  });

  it("reports warning levels by the uses left and answers 403 quota_exhausted when none are left", async () => {
    const u = await seedUser();
    const chatId = await makeChat(u.id);
    const setUsed = (n: number) => setUsedToday(u.id, "o4-mini", n);
    const expectations: [number, string, string][] = [
      [4, "5", "warning"],
      [6, "3", "none"],
      [7, "2", "critical"],
      [8, "1", "critical"],
      [9, "0", "zero_remaining"],
    ];
    for (const [used, remaining, level] of expectations) {
      await setUsed(used);
      const res = await ask(u.token, { question: "hi", chat_id: chatId }, "o4-mini");
      expect([res.status, res.headers.get("X-Remaining-Usage"), res.headers.get("X-Warning-Level")]).toEqual([
        200,
        remaining,
        level,
      ]);
      await readSse(res);
    }
    const out = await ask(u.token, { question: "hi", chat_id: chatId }, "o4-mini");
    expect(out.status).toBe(403);
    expect(out.headers.get("X-Remaining-Usage")).toBe("0");
    expect(await json(out)).toMatchObject({ code: "quota_exhausted", model: "o4-mini", total: 10 });
  });

  it("counts atomically: 100 concurrent sends against 10 remaining uses let exactly 10 through", async () => {
    const u = await seedUser();
    const chatId = await makeChat(u.id);
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => ask(u.token, { question: "hi", chat_id: chatId }, "o4-mini")),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 403)).toHaveLength(90);
    await Promise.all(responses.map((r) => (r.status === 200 ? readSse(r) : r.text())));
    const row = await env.DB.prepare("SELECT count FROM daily_usage WHERE user_id = ? AND bucket = 'o4-mini'")
      .bind(u.id)
      .first<any>();
    expect(row.count).toBe(10);
  });

  it("honours counts kept in D1 for a day the user's object has not seen yet", async () => {
    const u = await seedUser();
    const chatId = await makeChat(u.id);
    await inUserHub(u.id, (hub) => {
      // forget today, as an object that counted nothing yet today would
      hub.state.usage.prune("9999-12-31");
    });
    await env.DB.prepare("INSERT INTO daily_usage (user_id, day, bucket, count) VALUES (?, ?, 'o4-mini', 9)")
      .bind(u.id, quotaDay())
      .run();
    const last = await ask(u.token, { question: "hi", chat_id: chatId }, "o4-mini");
    expect([last.status, last.headers.get("X-Remaining-Usage")]).toEqual([200, "0"]);
    await readSse(last);
    expect((await ask(u.token, { question: "hi", chat_id: chatId }, "o4-mini")).status).toBe(403);
  });

  it.each([
    [{ chat_id: "c" }, "question"],
    [{ question: "   ", chat_id: "c" }, "question"],
    [{ question: "hi" }, "chat_id"],
    [{ question: "hi", chat_id: "has spaces in it" }, "chat_id"],
    [{ question: 42, chat_id: "c" }, "question"],
  ])("answers 400 for %j", async (body, field) => {
    const u = await seedUser();
    const res = await call("POST", "/api/chat/gpt-4.1-mini", { token: u.token, body });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ status: "error", code: "invalid_input", field });
  });

  it("says 'Question is required' for an empty question", async () => {
    const u = await seedUser();
    const res = await call("POST", "/api/chat/gpt-4.1-mini", { token: u.token, body: { question: "", chat_id: "c" } });
    expect((await json(res)).message).toContain("Question is required");
  });

  it("answers 404 model_not_found for an unknown model and 404 for a missing chat", async () => {
    const u = await seedUser();
    const chatId = await makeChat(u.id);
    const unknown = await ask(u.token, { question: "hi", chat_id: chatId }, "gpt-99");
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).code).toBe("model_not_found");
    const missing = await ask(u.token, { question: "hi", chat_id: "no-such-chat" });
    expect(missing.status).toBe(404);
  });

  it("answers 401 without credentials", async () => {
    expect((await call("POST", "/api/chat/gpt-4.1-mini", { body: { question: "hi", chat_id: "c" } })).status).toBe(401);
  });

  it("answers 400 for malformed JSON on stop and 404 for an unknown message id", async () => {
    const u = await seedUser();
    expect((await call("POST", "/api/chat/stop", { token: u.token, body: "{" })).status).toBe(400);
    expect((await call("POST", "/api/chat/stop", { token: u.token, body: { message_id: "nope" } })).status).toBe(404);
  });
});

describe("GET /api/models", () => {
  it("lists the catalogue with access, today's uses and the offline flag for the caller", async () => {
    const u = await seedUser();
    await readSse(await ask(u.token, { question: "hi", chat_id: await makeChat(u.id) }));
    const res = await call("GET", "/api/models", { token: u.token });
    expect(res.status).toBe(200);
    const { data } = await json(res);
    expect(data.default).toBe("gpt-4.1-mini");
    expect(data.plan).toBe("free");
    expect(data.models.map((m: any) => m.endpoint)).toEqual([
      "gpt-4.1-mini",
      "o4-mini",
      "deepseek-chat",
      "gpt-4.1",
      "gemini-2.5-pro",
      "gpt-3o",
      "grok",
      "claude-4-pro",
    ]);
    const mini = data.models.find((m: any) => m.endpoint === "gpt-4.1-mini");
    expect(mini).toMatchObject({
      id: "gpt4-mini",
      name: "GPT 4.1-mini",
      allowed: true,
      remaining: 49,
      total: 50,
      offline: true,
      fileSupport: true,
    });
    const claude = data.models.find((m: any) => m.endpoint === "claude-4-pro");
    expect(claude).toMatchObject({ premiumRequired: true, allowed: false, remaining: 0 });
    expect(data.search).toEqual({ remaining: 10, total: 10 });
    expect(data.image).toEqual({ remaining: 3, total: 3 });
  });
});
