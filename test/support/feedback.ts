// Test helpers for ratings of answers (worker/routes/feedback.ts): a chat with a saved answer, written straight to
// the user's chat database (no turn to wait for), and the rating calls.
import { call, chatsOf, makeChat, type TestUser } from "./api";

/** A chat of the user's with a question "q1" and its answer "a1" by `endpoint` (offline unless said). */
export async function chatWithAnswer(u: TestUser, endpoint: string, offline = true) {
  const chatId = await makeChat(u.id);
  const now = Date.now();
  const insert = `INSERT INTO messages (chat_id, user_id, message_id, sender, message, model, endpoint, offline, created_at, updated_at, parent_id)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
  const db = await chatsOf(u.id);
  await db.batch([
    db.prepare(insert).bind(chatId, u.id, "q1", "user", "Question", endpoint, endpoint, 0, now, now, null),
    db
      .prepare(insert)
      .bind(chatId, u.id, "a1", "bot", "Answer", endpoint, endpoint, offline ? 1 : 0, now + 1, now + 1, "q1"),
  ]);
  return chatId;
}

export const feedbackPath = (chatId: string, messageId = "a1") =>
  `/chat-sessions/${chatId}/messages/${messageId}/feedback`;

export const rate = (u: TestUser, chatId: string, body: unknown, messageId = "a1") =>
  call("PUT", feedbackPath(chatId, messageId), { token: u.token, body });
