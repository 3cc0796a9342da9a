// The migration to versions and branches (main 0013, shards 0001) keeps every chat saved before it as one path: each
// message follows the one before it in the chat's order, and the chat shows them all, as before. Its own file: the
// migration's UPDATE is run again here over the whole table, which must hold only these chats.
import type { D1Migration } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { MAIN_SHARD, shardD1 } from "../../../worker/db/shards";
import { call, json, seedUser } from "../../support/api";

/** The migration's last statement: the one that links the messages saved before it. */
function linkStatement(migrations: D1Migration[]): string {
  const migration = migrations.find((m) => m.name.includes("message_tree"));
  if (!migration) throw new Error("no message_tree migration");
  const statement = migration.queries.at(-1)!;
  expect(statement).toMatch(/^UPDATE `messages` SET `parent_id`/);
  return statement;
}

describe.each([
  ["a chat shard", "CHATS_1", () => env.TEST_CHAT_MIGRATIONS],
  ["the main database (users placed before shards)", MAIN_SHARD, () => env.TEST_MIGRATIONS],
])("the message tree migration on %s", (_name, shard, migrations) => {
  it("links each message to the one before it, chat by chat, ties broken by row order; the chat shows them all", async () => {
    const u = await seedUser({ shard });
    const d1 = shardD1(env, shard);
    const chats = ["old-a", "old-b"].map((c) => `${c}-${crypto.randomUUID()}`);
    const t = 1_700_000_000_000;
    for (const chatId of chats) {
      await d1
        .prepare(
          "INSERT INTO chat_sessions (id, user_id, title, created_at, updated_at, last_message_at) VALUES (?, ?, 'Old', ?, ?, ?)",
        )
        .bind(chatId, u.id, t, t, t)
        .run();
    }
    // As saved before the migration: no parent. In chat b, two messages share a time (the row order decides).
    const rows: [string, string, string, number][] = [
      [chats[0]!, "a1", "user", t],
      [chats[1]!, "b1", "user", t + 1],
      [chats[0]!, "a2", "bot", t + 5],
      [chats[1]!, "b2", "bot", t + 9],
      [chats[1]!, "b3", "user", t + 9],
      [chats[0]!, "a3", "user", t + 10],
    ];
    for (const [chatId, id, sender, at] of rows) {
      await d1
        .prepare(
          "INSERT INTO messages (chat_id, user_id, message_id, sender, message, created_at, updated_at, parent_id) VALUES (?, ?, ?, ?, ?, ?, ?, NULL)",
        )
        .bind(chatId, u.id, id, sender, `text ${id}`, at, at)
        .run();
    }
    await d1.prepare(linkStatement(migrations())).run();
    const linked = await d1
      .prepare("SELECT message_id, parent_id, on_path FROM messages WHERE user_id = ? ORDER BY id")
      .bind(u.id)
      .all<{ message_id: string; parent_id: string | null; on_path: number }>();
    expect(linked.results.map((r) => [r.message_id, r.parent_id, r.on_path])).toEqual([
      ["a1", null, 1],
      ["b1", null, 1],
      ["a2", "a1", 1],
      ["b2", "b1", 1],
      ["b3", "b2", 1],
      ["a3", "a2", 1],
    ]);
    const page = await json(await call("GET", `/chat-sessions/${chats[1]}/content`, { token: u.token }));
    const shown = page.data.chats[0].messages;
    expect(shown.map((m: any) => m.message_id)).toEqual(["b1", "b2", "b3"]);
    expect(shown.map((m: any) => m.versions ?? [])).toEqual([[], [], []]);
  });
});
