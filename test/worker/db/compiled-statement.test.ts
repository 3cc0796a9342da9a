// Statements drizzle writes once per shape (worker/db/compiled-statement.ts), as the end of every turn uses them
// (saveMessagesStatements, the day's count): each call binds its own values, mapped as drizzle maps them for their
// columns, and a call of another shape gets its own statement.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "../../../worker/db/client";
import { saveMessagesStatements } from "../../../worker/db/messages";
import { usageCountStatement } from "../../../worker/db/usage";
import { chatsOf, makeChat, seedUser } from "../../support/api";

async function rawMessages(d1: D1Database, chatId: string) {
  const { results } = await d1
    .prepare(
      "SELECT message_id, message, citations, edited, stopped, error, parent_id, is_search_mode FROM messages WHERE chat_id = ? ORDER BY id",
    )
    .bind(chatId)
    .all();
  return results;
}

describe("compiled statements", () => {
  it("binds each call's values: booleans as 0/1, JSON as text, and null as NULL, never the text 'null'", async () => {
    const u = await seedUser();
    const chatId = await makeChat(u.id);
    const d1 = await chatsOf(u.id);
    const db = createDb(d1);
    await d1.batch(
      saveMessagesStatements({
        db,
        userId: u.id,
        chatId,
        items: [
          { messageId: "q1", sender: "user", message: "First question" },
          {
            messageId: "a1",
            sender: "bot",
            message: "An answer",
            citations: [{ url: "https://example.com/a" }],
            stopped: true,
            error: "stream_interrupted",
            isSearchMode: true,
          },
        ],
      }),
    );
    expect(await rawMessages(d1, chatId)).toEqual([
      {
        message_id: "q1",
        message: "First question",
        citations: null,
        edited: 0,
        stopped: 0,
        error: null,
        parent_id: null,
        is_search_mode: 0,
      },
      {
        message_id: "a1",
        message: "An answer",
        citations: '[{"url":"https://example.com/a"}]',
        edited: 0,
        stopped: 1,
        error: "stream_interrupted",
        parent_id: "q1",
        is_search_mode: 1,
      },
    ]);
  });

  it("writes a statement per shape: a message that names its parent, and one that follows the branch's last", async () => {
    const u = await seedUser();
    const chatId = await makeChat(u.id);
    const d1 = await chatsOf(u.id);
    const db = createDb(d1);
    const save = (items: Parameters<typeof saveMessagesStatements>[0]["items"]) =>
      d1.batch(saveMessagesStatements({ db, userId: u.id, chatId, items }));
    await save([{ messageId: "q1", sender: "user", message: "One" }]);
    await save([{ messageId: "a1", sender: "bot", message: "Two", parentId: "q1" }]);
    await save([{ messageId: "q2", sender: "user", message: "Three" }]);
    // the same message again, changed: its row keeps its place and parent, and takes the new text
    await save([{ messageId: "a1", sender: "bot", message: "Two, again", parentId: null }]);
    const rows = await rawMessages(d1, chatId);
    expect(rows.map((r) => [r.message_id, r.parent_id, r.message])).toEqual([
      ["q1", null, "One"],
      ["a1", "q1", "Two, again"],
      ["q2", "a1", "Three"],
    ]);
  });

  it("sets the day's count to each call's own", async () => {
    const u = await seedUser();
    const db = createDb(env.DB);
    const day = "2026-11-28";
    for (const count of [1, 2, 7]) {
      await env.DB.batch([usageCountStatement(db, { userId: u.id, day, bucket: "o4-mini", count })]);
    }
    const row = await env.DB.prepare("SELECT count FROM daily_usage WHERE user_id = ? AND day = ? AND bucket = ?")
      .bind(u.id, day, "o4-mini")
      .first();
    expect(row).toEqual({ count: 7 });
  });
});
