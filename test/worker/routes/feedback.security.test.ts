// Who may rate what (worker/routes/feedback.ts): only the signed-in owner of the chat, only an answer in it. Another
// user's chat or message is a 404 on every route, exactly as one that does not exist, and leaves their rating and
// its count untouched; a question is a 400; a guest is a 401.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, expectError, json, seedUser } from "../../support/api";
import { chatWithAnswer, feedbackPath, rate } from "../../support/feedback";

const freshModel = () => `test-model-${crypto.randomUUID().slice(0, 8)}`;

async function storedRating(chatId: string) {
  return env.DB.prepare("SELECT rating, comment FROM message_feedback WHERE chat_id = ?").bind(chatId).first();
}

describe("ratings and ownership", () => {
  it("answers 404 for another user's chat on every route, and leaves their rating alone", async () => {
    const owner = await seedUser();
    const other = await seedUser();
    const model = freshModel();
    const chatId = await chatWithAnswer(owner, model);
    expect((await rate(owner, chatId, { rating: "up", comment: "mine" })).status).toBe(200);
    await expectError(await rate(other, chatId, { rating: "down", comment: "theirs" }), 404, "not_found");
    await expectError(await call("DELETE", feedbackPath(chatId), { token: other.token }), 404, "not_found");
    await expectError(await call("GET", `/chat-sessions/${chatId}/feedback`, { token: other.token }), 404, "not_found");
    expect(await storedRating(chatId)).toEqual({ rating: "up", comment: "mine" });
    const counts = await env.DB.prepare(
      "SELECT thumbs_up AS up, thumbs_down AS down FROM usage_rollups WHERE model = ?",
    )
      .bind(model)
      .first();
    expect(counts).toEqual({ up: 1, down: 0 });
  });

  it("answers 404 for a message id of another user's chat used in one's own chat", async () => {
    const owner = await seedUser();
    const other = await seedUser();
    const theirs = await chatWithAnswer(owner, freshModel());
    const mine = await chatWithAnswer(other, freshModel());
    await expectError(await rate(other, mine, { rating: "up" }, "no-such-answer"), 404, "not_found");
    // the owner's chat id with the other user's own message id: still not theirs
    await expectError(await rate(other, theirs, { rating: "up" }), 404, "not_found");
    expect(await storedRating(theirs)).toBeNull();
  });

  it("answers 404 for a chat that does not exist or was deleted", async () => {
    const u = await seedUser();
    const chatId = await chatWithAnswer(u, freshModel());
    await expectError(await rate(u, "no-such-chat", { rating: "up" }), 404, "not_found");
    await expectError(await call("GET", "/chat-sessions/no-such-chat/feedback", { token: u.token }), 404, "not_found");
    expect(
      (await call("PATCH", `/chat-sessions/${chatId}`, { token: u.token, body: { status: "deleted" } })).status,
    ).toBe(200);
    await expectError(await rate(u, chatId, { rating: "up" }), 404, "not_found");
  });

  it("answers 400 for a question", async () => {
    const u = await seedUser();
    const chatId = await chatWithAnswer(u, freshModel());
    await expectError(await rate(u, chatId, { rating: "down" }, "q1"), 400, "invalid_input");
    await expectError(await call("DELETE", feedbackPath(chatId, "q1"), { token: u.token }), 400, "invalid_input");
    expect(await storedRating(chatId)).toBeNull();
  });

  it("answers 401 to a guest", async () => {
    const u = await seedUser();
    const chatId = await chatWithAnswer(u, freshModel());
    await expectError(await call("PUT", feedbackPath(chatId), { body: { rating: "up" } }), 401, "unauthorized");
    await expectError(await call("GET", `/chat-sessions/${chatId}/feedback`), 401, "unauthorized");
    const list = await json(await call("GET", `/chat-sessions/${chatId}/feedback`, { token: u.token }));
    expect(list.data).toEqual({});
  });
});
