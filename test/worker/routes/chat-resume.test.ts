// Answers survive a reload, a tab switch and a second device: while an answer runs, the user's Durable Object keeps
// it, the chat's content shows it (with its question) as still being written, and GET /api/chat/stream/{message_id}
// follows it from any offset to the end. Another user's answer is a 404.
import { describe, expect, it } from "vitest";
import {
  call,
  contentOf,
  eventually,
  json,
  login,
  makeChat,
  messagesOf,
  readSse,
  readUntil,
  seedUser,
  withOfflinePace,
} from "../../support/api";

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
