// A deleted chat's ratings go with it (worker/db/chats.ts, worker/db/feedback.ts deleteFeedbackOfChats): deleting one
// chat, clearing all of them, or deleting a project with its chats takes their rows out of message_feedback (in the
// main database, while the chats are in the user's chat shard) and their thumbs out of the operator's usage figures,
// on the day each was counted; the ratings of the user's other chats, and of other users, stay.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { createDb } from "../../../worker/db/client";
import { deleteFeedbackOfChats } from "../../../worker/db/feedback";
import { quotaDay } from "../../../worker/lib/time";
import { call, json, seedUser, type TestUser } from "../../support/api";
import { chatWithAnswer, rate } from "../../support/feedback";

/** A model name no other test counts under. */
const freshModel = () => `test-model-${crypto.randomUUID().slice(0, 8)}`;

/** The day's thumbs of a model (offline provider) in usage_rollups. */
async function thumbs(model: string, day = quotaDay()) {
  const row = await env.DB.prepare(
    "SELECT thumbs_up AS up, thumbs_down AS down FROM usage_rollups WHERE day = ? AND model = ? AND provider = 'offline'",
  )
    .bind(day, model)
    .first<{ up: number; down: number }>();
  return row ?? { up: 0, down: 0 };
}

/** The chats that still have a rating, of those given. */
async function ratedChats(chatIds: string[]) {
  const { results } = await env.DB.prepare(
    `SELECT DISTINCT chat_id FROM message_feedback WHERE chat_id IN (${chatIds.map(() => "?").join(", ")})`,
  )
    .bind(...chatIds)
    .all<{ chat_id: string }>();
  return results.map((r) => r.chat_id).sort();
}

/** A chat of the user's with an answer by `model`, rated. */
async function ratedChat(u: TestUser, model: string, rating: "up" | "down") {
  const chatId = await chatWithAnswer(u, model);
  expect((await rate(u, chatId, { rating })).status).toBe(200);
  return chatId;
}

const deleteChat = (u: TestUser, chatId: string) =>
  call("PATCH", `/chat-sessions/${chatId}`, { token: u.token, body: { status: "deleted" } });

afterEach(() => {
  env.ADMIN_EMAILS = "";
});

describe("deleting a chat takes its ratings back", () => {
  it("deletes the chat's ratings and their thumbs in the operator's figures, and keeps the other chats'", async () => {
    const op = await seedUser();
    env.ADMIN_EMAILS = op.email;
    const u = await seedUser();
    const model = freshModel();
    const gone = await ratedChat(u, model, "up");
    const kept = await ratedChat(u, model, "down");
    expect(await thumbs(model)).toEqual({ up: 1, down: 1 });

    expect((await deleteChat(u, gone)).status).toBe(200);
    expect(await ratedChats([gone, kept])).toEqual([kept]);
    expect(await thumbs(model)).toEqual({ up: 0, down: 1 });
    const res = await call("GET", `/admin/api/usage?from=${quotaDay()}&to=${quotaDay()}`, {
      token: op.token,
      sessionToken: op.sessionToken,
    });
    expect(res.status).toBe(200);
    expect((await json(res)).data.models.find((m: { model: string }) => m.model === model)).toMatchObject({
      thumbsUp: 0,
      thumbsDown: 1,
    });
  });

  it("does the same for a user whose chats are in the main database (placed before shards)", async () => {
    const u = await seedUser({ shard: "DB" });
    const model = freshModel();
    const gone = await ratedChat(u, model, "down");
    const kept = await ratedChat(u, model, "up");
    expect((await deleteChat(u, gone)).status).toBe(200);
    expect(await ratedChats([gone, kept])).toEqual([kept]);
    expect(await thumbs(model)).toEqual({ up: 1, down: 0 });
  });

  it("leaves the ratings when the chat is only renamed or starred", async () => {
    const u = await seedUser();
    const model = freshModel();
    const chatId = await ratedChat(u, model, "up");
    const res = await call("PATCH", `/chat-sessions/${chatId}`, {
      token: u.token,
      body: { title: "Renamed", is_starred: true },
    });
    expect(res.status).toBe(200);
    expect(await ratedChats([chatId])).toEqual([chatId]);
    expect(await thumbs(model)).toEqual({ up: 1, down: 0 });
  });

  it("takes back nothing of another user's when they try to delete a chat that is not theirs", async () => {
    const owner = await seedUser();
    const other = await seedUser();
    const model = freshModel();
    const chatId = await ratedChat(owner, model, "up");
    expect((await deleteChat(other, chatId)).status).toBe(404);
    expect(await ratedChats([chatId])).toEqual([chatId]);
    expect(await thumbs(model)).toEqual({ up: 1, down: 0 });
  });

  it("clearing all chats takes back every rating of the user's, and none of another user's", async () => {
    const u = await seedUser();
    const other = await seedUser();
    const model = freshModel();
    const mine = [await ratedChat(u, model, "up"), await ratedChat(u, model, "down")];
    const theirs = await ratedChat(other, model, "up");
    expect((await call("DELETE", "/chat-sessions", { token: u.token })).status).toBe(200);
    expect(await ratedChats([...mine, theirs])).toEqual([theirs]);
    expect(await thumbs(model)).toEqual({ up: 1, down: 0 });
  });

  it("deleting a project with its chats takes back their ratings; with its chats kept, none", async () => {
    const u = await seedUser();
    const model = freshModel();
    const project = async (name: string) => {
      const res = await call("POST", "/projects", { token: u.token, body: { name } });
      expect(res.status).toBe(201);
      return (await json(res)).data.id as string;
    };
    const [deleting, keeping] = [await project("Deleted with its chats"), await project("Deleted, chats kept")];
    const inDeleted = await ratedChat(u, model, "up");
    const inKept = await ratedChat(u, model, "down");
    const outside = await ratedChat(u, model, "up");
    for (const [chatId, projectId] of [
      [inDeleted, deleting],
      [inKept, keeping],
    ] as const) {
      const moved = await call("PATCH", `/chat-sessions/${chatId}`, {
        token: u.token,
        body: { project_id: projectId },
      });
      expect(moved.status).toBe(200);
    }

    expect((await call("DELETE", `/projects/${deleting}?chats=delete`, { token: u.token })).status).toBe(200);
    expect((await call("DELETE", `/projects/${keeping}?chats=keep`, { token: u.token })).status).toBe(200);
    expect(await ratedChats([inDeleted, inKept, outside])).toEqual([inKept, outside].sort());
    expect(await thumbs(model)).toEqual({ up: 1, down: 1 });
  });
});

describe("deleteFeedbackOfChats", () => {
  it("takes back the ratings of more chats than one statement binds, each from the day it was counted on", async () => {
    const u = await seedUser();
    const model = freshModel();
    const today = quotaDay();
    const earlier = "2026-01-02";
    // 95 chats rated straight in D1 (past the 90 ids of one statement), with the counts they made: the even ones
    // up today, the odd ones down on an earlier day; and one more chat whose rating stays
    const chatIds = Array.from({ length: 96 }, () => crypto.randomUUID());
    const insert = env.DB.prepare(
      `INSERT INTO message_feedback (chat_id, message_id, user_id, model, provider, day, rating, created_at, updated_at)
       VALUES (?, 'a1', ?, ?, 'offline', ?, ?, 0, 0)`,
    );
    const count = env.DB.prepare(
      `INSERT INTO usage_rollups (day, model, provider, thumbs_up, thumbs_down) VALUES (?, ?, 'offline', ?, ?)`,
    );
    await env.DB.batch([
      ...chatIds.map((id, i) => insert.bind(id, u.id, model, i % 2 ? earlier : today, i % 2 ? "down" : "up")),
      count.bind(today, model, 48, 0),
      count.bind(earlier, model, 0, 48),
    ]);
    const kept = chatIds.at(-1)!; // the 96th: odd, down on the earlier day

    await deleteFeedbackOfChats({ db: createDb(env.DB), userId: u.id, chatIds: chatIds.slice(0, 95) });
    expect(await ratedChats(chatIds)).toEqual([kept]);
    expect(await thumbs(model)).toEqual({ up: 0, down: 0 });
    expect(await thumbs(model, earlier)).toEqual({ up: 0, down: 1 });
  });

  it("never takes back another user's rating of a chat id it is given", async () => {
    const owner = await seedUser();
    const other = await seedUser();
    const model = freshModel();
    const chatId = await ratedChat(owner, model, "up");
    await deleteFeedbackOfChats({ db: createDb(env.DB), userId: other.id, chatIds: [chatId] });
    expect(await ratedChats([chatId])).toEqual([chatId]);
    expect(await thumbs(model)).toEqual({ up: 1, down: 0 });
  });
});
