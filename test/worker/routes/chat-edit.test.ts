// Edit and regenerate: variations of the one chat turn. An edit replaces a question's text (the first text kept as
// original_message) and streams an edit reply tied to it; a regenerate writes an answer again, in place, with the
// same or another model. Both count a use, and both can be stopped and followed.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ask, call, contentOf, json, makeChat, messagesOf, readSse, seedUser, setPlan } from "../../support/api";

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
  it("saves the new text with edited, edited_at and original_message, and streams an edit reply tied to it", async () => {
    const { u, chatId, userId } = await chatWithOneTurn();
    const replyId = crypto.randomUUID();
    const res = await ask(u.token, {
      question: "What is bún chả?",
      chat_id: chatId,
      edit_message_id: userId,
      bot_message_id: replyId,
    });
    expect(res.status).toBe(200);
    const events = await readSse(res);
    expect(events[0].metadata).toMatchObject({
      message_id: replyId,
      user_message_id: userId,
      is_edit_response: true,
      for_edited_message_id: userId,
    });
    expect(contentOf(events)).toContain("bún chả");
    const rows = await messagesOf(chatId);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      message_id: userId,
      message: "What is bún chả?",
      edited: 1,
      original_message: "What is phở?",
    });
    expect(rows[0].edited_at).toBeGreaterThan(0);
    expect(rows[2]).toMatchObject({
      message_id: replyId,
      sender: "bot",
      is_edit_response: 1,
      for_edited_message_id: userId,
    });
  });

  it("keeps the first text as original_message when a question is edited twice", async () => {
    const { u, chatId, userId } = await chatWithOneTurn();
    await readSse(await ask(u.token, { question: "Second", chat_id: chatId, edit_message_id: userId }));
    await readSse(await ask(u.token, { question: "Third", chat_id: chatId, edit_message_id: userId }));
    const edited = (await messagesOf(chatId)).find((m) => m.message_id === userId);
    expect(edited).toMatchObject({ message: "Third", original_message: "What is phở?" });
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
  it("writes the answer again in place, with another model, counting a use of that model", async () => {
    const { u, chatId, botId } = await chatWithOneTurn();
    await setPlan(u.id, 1, Date.now() + 86_400_000);
    const res = await ask(u.token, { chat_id: chatId, regenerate_message_id: botId }, "gpt-4.1");
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Remaining-Usage")).toBe("199");
    const events = await readSse(res);
    expect(events[0].metadata).toMatchObject({ message_id: botId, model: "gpt-4.1" });
    expect(contentOf(events)).toContain("phở");
    const rows = await messagesOf(chatId);
    expect(rows.map((m) => m.message_id)).toHaveLength(2);
    expect(rows[1]).toMatchObject({ message_id: botId, model: "gpt-4.1", message: contentOf(events) });
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
    const res = await ask(u.token, { chat_id: chatId, regenerate_message_id: firstBot });
    expect(res.status).toBe(200);
    expect(contentOf(await readSse(res))).toContain("The very first question");
    expect((await messagesOf(chatId))[1].message_id).toBe(firstBot);
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

  it("can be stopped; the partial text replaces the answer, marked stopped", async () => {
    const { u, chatId, botId } = await chatWithOneTurn();
    const res = await ask(u.token, { chat_id: chatId, regenerate_message_id: botId });
    expect((await call("POST", "/api/chat/stop", { token: u.token, body: { message_id: botId } })).status).toBe(200);
    const events = await readSse(res);
    expect(events.some((e) => e.metadata?.stopped)).toBe(true);
    expect((await messagesOf(chatId)).find((m) => m.message_id === botId)?.stopped).toBe(1);
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
