// Chats sharded by user (worker/db/shards.ts): where sign-up places a user, and that every row of a user's history —
// chats, messages, their search index, image records — is in the one database the directory names, for users on
// each shard and for a user placed before shards existed (no directory row: the main database).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { MAIN_SHARD, shardD1, shardNames } from "../../../worker/db/shards";
import {
  ask,
  call,
  json,
  readSse,
  registerUser,
  seedUser,
  shardNameOf,
  type TestUser,
  PNG_1X1,
} from "../../support/api";

async function shardCounts(): Promise<Record<string, number>> {
  const { results } = await env.DB.prepare("SELECT name, users FROM chat_shards").all<{
    name: string;
    users: number;
  }>();
  return Object.fromEntries(results.map((r) => [r.name, r.users]));
}

async function directoryCounts(): Promise<Record<string, number>> {
  const { results } = await env.DB.prepare("SELECT shard, count(*) AS n FROM user_shards GROUP BY shard").all<{
    shard: string;
    n: number;
  }>();
  return Object.fromEntries(results.map((r) => [r.shard, r.n]));
}

/** The user's rows in one database, per table (the search index by the user's owner token). */
async function rowsIn(d1: D1Database, userId: string) {
  const count = async (sql: string, ...binds: unknown[]) =>
    (await d1
      .prepare(sql)
      .bind(...binds)
      .first<{ n: number }>())!.n;
  const owner = `u${[...new TextEncoder().encode(userId)]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("")
    .toUpperCase()}`;
  return {
    chats: await count("SELECT count(*) AS n FROM chat_sessions WHERE user_id = ?", userId),
    messages: await count("SELECT count(*) AS n FROM messages WHERE user_id = ?", userId),
    images: await count("SELECT count(*) AS n FROM images WHERE user_id = ?", userId),
    indexed: await count("SELECT count(*) AS n FROM message_fts WHERE message_fts MATCH ?", `owner : ${owner}`),
    titles: await count("SELECT count(*) AS n FROM chat_title_fts WHERE chat_title_fts MATCH ?", `owner : ${owner}`),
  };
}

/** A chat with a turn of the offline model, a media save and an uploaded image: every kind of history row. */
async function someHistory(user: TestUser) {
  const chat = (await json(await call("POST", "/chat-sessions", { token: user.token, body: { title: "Okapi" } }))).data;
  await readSse(await ask(user, { question: "Tell me about the okapi", chat_id: chat.id }));
  const saved = await call("POST", "/media-api/api/chat/save", {
    token: user.token,
    body: { chat_id: chat.id, messages: [{ message_id: "m-1", sender: "user", message: "okapi stripes" }] },
  });
  expect(saved.status).toBe(200);
  const image = await call("POST", "/media-api/api/bot/images", {
    token: user.token,
    body: { image_data: `data:image/png;base64,${PNG_1X1}`, chat_id: chat.id },
  });
  expect(image.status).toBe(201);
  return chat.id as string;
}

describe("placing users on chat shards", () => {
  it("has the two shards of wrangler.toml", () => {
    expect(shardNames(env)).toEqual(["CHATS_1", "CHATS_2"]);
  });

  it("places 20 new users on both shards, each on the least full, and records each in the directory", async () => {
    const before = await shardCounts();
    const users: string[] = [];
    for (let i = 0; i < 20; i++) users.push((await registerUser()).id);
    const placed = await Promise.all(users.map(shardNameOf));
    expect(new Set(placed)).toEqual(new Set(["CHATS_1", "CHATS_2"]));
    const after = await shardCounts();
    // The counts the directory keeps are the directory's own, and stay within one of each other.
    expect(after).toEqual(await directoryCounts());
    expect(Math.abs(after.CHATS_1! - after.CHATS_2!)).toBeLessThanOrEqual(1);
    expect(after.CHATS_1! + after.CHATS_2! - (before.CHATS_1 ?? 0) - (before.CHATS_2 ?? 0)).toBe(20);
  });

  it("places nobody when the email is taken", async () => {
    const user = await registerUser();
    const before = await shardCounts();
    const again = await call("POST", "/auth/register", {
      body: { name: "Twin", email: user.email, password: "another good password" },
    });
    expect(again.status).toBe(409);
    expect(await shardCounts()).toEqual(before);
  });
});

describe("a user's history lives in exactly one database", () => {
  it.each(["CHATS_1", "CHATS_2", MAIN_SHARD])("for a user on %s", async (shard) => {
    const user = await seedUser({ shard });
    expect(await shardNameOf(user.id)).toBe(shard);
    const chatId = await someHistory(user);
    for (const name of [MAIN_SHARD, ...shardNames(env)]) {
      const rows = await rowsIn(shardD1(env, name), user.id);
      if (name === shard) {
        // The question and answer of the turn, and the saved message; the index follows the messages.
        expect(rows).toEqual({ chats: 1, messages: 3, images: 1, indexed: 3, titles: 1 });
      } else {
        expect(rows, `rows in ${name}`).toEqual({ chats: 0, messages: 0, images: 0, indexed: 0, titles: 0 });
      }
    }
    // And the user reads it all back: the list, the content, the search, the image.
    const list = (await json(await call("GET", "/chat-sessions", { token: user.token }))).data;
    expect(list.map((c: { id: string }) => c.id)).toEqual([chatId]);
    const content = await json(await call("GET", `/chat-sessions/${chatId}/content`, { token: user.token }));
    expect(content.data.chats[0].messages).toHaveLength(3);
    const found = await json(await call("GET", "/chat-sessions/search?q=stripes", { token: user.token }));
    expect(found.data.map((c: { chat_id: string }) => c.chat_id)).toEqual([chatId]);
    const images = await json(await call("GET", "/media-api/api/images", { token: user.token }));
    expect(images.data.images).toHaveLength(1);
  });

  it("draws chat ids that need no record, and records the owner of an id a client picks", async () => {
    const user = await seedUser();
    const chat = (await json(await call("POST", "/chat-sessions", { token: user.token, body: {} }))).data;
    expect(chat.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const ownerOf = (id: string) =>
      env.DB.prepare("SELECT user_id FROM chat_owners WHERE chat_id = ?").bind(id).first<{ user_id: string }>();
    expect(await ownerOf(chat.id)).toBeNull();
    const picked = `client-${crypto.randomUUID()}`;
    const res = await call("POST", "/media-api/api/chat/initialize", {
      token: user.token,
      body: { chat_id: picked, data: { chat_id: picked, title: "Mine" } },
    });
    expect(res.status).toBe(201);
    expect((await ownerOf(picked))?.user_id).toBe(user.id);
    // An id of the server's form is never created by a client, even one nobody has.
    const forged = chat.id.replace(/^.{8}/, "00000000");
    const again = await call("POST", "/media-api/api/chat/initialize", {
      token: user.token,
      body: { chat_id: forged, data: { chat_id: forged } },
    });
    expect(again.status).toBe(404);
  });
});
