import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { quotaDay } from "../../../worker/lib/time";
import {
  ask,
  call,
  contentOf,
  eventually,
  inUserHub,
  json,
  makeChat,
  messagesOf,
  readSse,
  readUntil,
  seedUser,
  setPlan,
  setUsedToday,
  withOfflinePace,
} from "../../support/api";

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
    const chat = await env.DB.prepare("SELECT title FROM chat_sessions WHERE id = ?").bind(chatId).first<any>();
    expect(chat.title).toBe("What is the capital city of Vi…");
  });

  it("sends the chat's earlier messages as context and keeps the title of the first prompt", async () => {
    const u = await seedUser();
    const chatId = await makeChat(u.id);
    await readSse(await ask(u.token, { question: "Hi", chat_id: chatId }));
    await readSse(await ask(u.token, { question: "Second question", chat_id: chatId }));
    const rows = await messagesOf(chatId);
    expect(rows.map((r) => r.sender)).toEqual(["user", "bot", "user", "bot"]);
    const chat = await env.DB.prepare("SELECT title FROM chat_sessions WHERE id = ?").bind(chatId).first<any>();
    expect(chat.title).toBe("Hi");
  });

  // At 250 ms a chunk, the ~70 chunks of this answer leave the stop many seconds to arrive before the answer ends.
  it("stops on request: the partial answer is kept, marked stopped, and the stream says so", async () => {
    const u = await seedUser();
    const full = await readSse(
      await ask(u.token, { question: "Tell me a long story about clouds", chat_id: await makeChat(u.id) }),
    );
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
      hub.state.pruneDays("9999-12-31");
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
