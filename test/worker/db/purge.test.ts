// Deleted chats go for real (worker/db/purge.ts): 30 days after their deletion by the daily scheduled run, in every
// database that holds chats, and at once by "clear all" — the chat, its messages, their search index rows, its image
// records, its pictures in R2 and the claim on a client-picked id. Nothing else is touched.
import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PURGE_AFTER_MS } from "../../../worker/db/purge";
import { MAIN_SHARD } from "../../../worker/db/shards";
import worker from "../../../worker/index";
import { call, chatsOf, eventually, json, PNG_1X1, seedUser, type TestUser } from "../../support/api";

const DAY_MS = 86_400_000;

/** A chat with a question, an answer and a picture; `picked` makes it under an id the client picks. */
async function chatWithEverything(user: TestUser, title: string, picked = false) {
  let id: string;
  if (picked) {
    id = `picked-${crypto.randomUUID()}`;
    const res = await call("POST", "/media-api/api/chat/initialize", {
      token: user.token,
      body: { chat_id: id, data: { chat_id: id, title } },
    });
    expect(res.status).toBe(201);
  } else {
    id = (await json(await call("POST", "/chat-sessions", { token: user.token, body: { title } }))).data.id;
  }
  const saved = await call("POST", "/media-api/api/chat/save", {
    token: user.token,
    body: {
      chat_id: id,
      messages: [
        { message_id: "q", sender: "user", message: `question about ${title}` },
        { message_id: "a", sender: "bot", message: `answer about ${title}` },
      ],
    },
  });
  expect(saved.status).toBe(200);
  const image = await json(
    await call("POST", "/media-api/api/bot/images", {
      token: user.token,
      body: { image_data: `data:image/png;base64,${PNG_1X1}`, chat_id: id },
    }),
  );
  return { id, imageKey: `images/${user.id}/${image.data.id}` };
}

/** What is left of a chat anywhere: its row, messages, search rows, image rows, picture and id claim. */
async function leftOf(user: TestUser, chat: { id: string; imageKey: string }) {
  const d1 = await chatsOf(user.id);
  const n = async (sql: string) => (await d1.prepare(sql).bind(chat.id).first<{ n: number }>())!.n;
  return {
    chat: await n("SELECT count(*) AS n FROM chat_sessions WHERE id = ?"),
    messages: await n("SELECT count(*) AS n FROM messages WHERE chat_id = ?"),
    indexed: await n("SELECT count(*) AS n FROM message_fts WHERE chat_id = ?"),
    images: await n("SELECT count(*) AS n FROM images WHERE chat_id = ?"),
    picture: (await env.IMAGES.head(chat.imageKey)) ? 1 : 0,
    claim: (await env.DB.prepare("SELECT count(*) AS n FROM chat_owners WHERE chat_id = ?")
      .bind(chat.id)
      .first<{ n: number }>())!.n,
  };
}

const gone = { chat: 0, messages: 0, indexed: 0, images: 0, picture: 0, claim: 0 };

async function deleteChat(user: TestUser, id: string, daysAgo: number) {
  expect((await call("PATCH", `/chat-sessions/${id}`, { token: user.token, body: { status: "deleted" } })).status).toBe(
    200,
  );
  await (await chatsOf(user.id))
    .prepare("UPDATE chat_sessions SET updated_at = ? WHERE id = ?")
    .bind(Date.now() - daysAgo * DAY_MS, id)
    .run();
}

async function runDailyPurge() {
  await worker.scheduled(createScheduledController({ cron: "17 3 * * *" }), env);
}

describe("the daily purge of deleted chats", () => {
  it.each(["CHATS_1", "CHATS_2", MAIN_SHARD])(
    "purges, for a user on %s, what was deleted over 30 days ago and keeps everything else",
    async (shard) => {
      const user = await seedUser({ shard });
      const old = await chatWithEverything(user, "old", true);
      const recent = await chatWithEverything(user, "recent");
      const active = await chatWithEverything(user, "active");
      await deleteChat(user, old.id, 31);
      await deleteChat(user, recent.id, PURGE_AFTER_MS / DAY_MS - 1);
      await runDailyPurge();
      expect(await leftOf(user, old)).toEqual(gone);
      expect(await leftOf(user, recent)).toEqual({ ...gone, chat: 1, messages: 2, indexed: 2, images: 1, picture: 1 });
      expect(await leftOf(user, active)).toEqual({ ...gone, chat: 1, messages: 2, indexed: 2, images: 1, picture: 1 });
      // The active chat still reads and searches as before.
      const content = await json(await call("GET", `/chat-sessions/${active.id}/content`, { token: user.token }));
      expect(content.data.chats[0].messages).toHaveLength(2);
    },
  );
});

describe("clear all", () => {
  it("purges the user's chats at once, and nobody else's", async () => {
    const user = await seedUser();
    const other = await seedUser();
    const mine = [await chatWithEverything(user, "one"), await chatWithEverything(user, "two", true)];
    const theirs = await chatWithEverything(other, "theirs");
    const res = await call("DELETE", "/chat-sessions", { token: user.token });
    expect((await json(res)).data).toEqual({ deleted: 2 });
    for (const chat of mine)
      await eventually(async () => JSON.stringify(await leftOf(user, chat)) === JSON.stringify(gone));
    expect(await leftOf(other, theirs)).toEqual({ ...gone, chat: 1, messages: 2, indexed: 2, images: 1, picture: 1 });
  });
});
