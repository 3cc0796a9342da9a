// Moving a user between chat shards (durable-objects/state/shard-move.ts, POST /ops/shard-moves): everything moves,
// writes made during the move are kept, a crash at any step leaves one complete copy, and the operator's call is
// guarded by its secret.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ChatWriteGate } from "../../durable-objects/state/chat-writes";
import { countHistory } from "../../worker/db/shard-copy";
import { MAIN_SHARD, shardD1 } from "../../worker/db/shards";
import worker from "../../worker/index";
import {
  ask,
  call,
  inUserHub,
  json,
  readSse,
  seedUser,
  shardNameOf,
  type TestUser,
  ORIGIN,
  PNG_1X1,
} from "../support/api";

const OPS = { Authorization: "Bearer test-ops-secret" };

function moveCall(body: unknown, headers: Record<string, string> = OPS) {
  return call("POST", "/ops/shard-moves", { body, headers });
}

async function newChat(user: TestUser, title: string): Promise<string> {
  return (await json(await call("POST", "/chat-sessions", { token: user.token, body: { title } }))).data.id;
}

/** Saves `count` messages in a chat through the media API (more than one page of the copy). */
async function saveMany(user: TestUser, chatId: string, count: number, prefix = "m") {
  const messages = Array.from({ length: count }, (_, i) => ({
    message_id: `${prefix}-${i}`,
    sender: i % 2 ? "bot" : "user",
    message: `${prefix} message number ${i} about wombats`,
  }));
  for (let i = 0; i < messages.length; i += 100) {
    const res = await call("POST", "/media-api/api/chat/save", {
      token: user.token,
      body: { chat_id: chatId, messages: messages.slice(i, i + 100) },
    });
    expect(res.status).toBe(200);
  }
}

async function uploadImage(user: TestUser, chatId: string) {
  const res = await call("POST", "/media-api/api/bot/images", {
    token: user.token,
    body: { image_data: `data:image/png;base64,${PNG_1X1}`, chat_id: chatId },
  });
  expect(res.status).toBe(201);
}

/** Everything the user can read of their history: the list, each chat's content, a search and the gallery. */
async function whatTheUserSees(user: TestUser) {
  const token = user.token;
  const list = (await json(await call("GET", "/chat-sessions", { token }))).data as { id: string }[];
  const contents = [];
  for (const chat of list) {
    const content = await json(await call("GET", `/media-api/api/chat/content/${chat.id}`, { token }));
    contents.push(content.data.chats[0].messages.map((m: Record<string, unknown>) => [m.message_id, m.message]));
  }
  const search = (await json(await call("GET", "/chat-sessions/search?q=wombats", { token }))).data;
  const images = (await json(await call("GET", "/media-api/api/images", { token }))).data.images.length;
  return { list, contents, search, images };
}

const counts = (shard: string, userId: string) => countHistory(shardD1(env, shard), userId);
const none = { chats: 0, messages: 0, images: 0 };

describe("moving a user to another chat shard", () => {
  it("moves the whole history; the user reads the same afterwards, from the new shard only", async () => {
    const user = await seedUser({ shard: "CHATS_1" });
    const first = await newChat(user, "Wombats");
    await saveMany(user, first, 250);
    await readSse(await ask(user, { question: "Where do wombats live?", chat_id: first }));
    const second = await newChat(user, "Second");
    await uploadImage(user, second);
    const before = await whatTheUserSees(user);
    const shardsBefore = await env.DB.prepare("SELECT name, users FROM chat_shards").all<{
      name: string;
      users: number;
    }>();

    const res = await moveCall({ user: user.email, shard: "CHATS_2", grace_ms: 0 });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toEqual({
      user_id: user.id,
      from: "CHATS_1",
      to: "CHATS_2",
      moved: { chats: 2, messages: 252, images: 1 },
    });
    expect(await shardNameOf(user.id)).toBe("CHATS_2");
    expect(await counts("CHATS_1", user.id)).toEqual(none);
    expect(await counts("CHATS_2", user.id)).toEqual({ chats: 2, messages: 252, images: 1 });
    expect(await whatTheUserSees(user)).toEqual(before);
    // The shards' counts of users follow the directory.
    const usersOf = (rows: { name: string; users: number }[], name: string) =>
      rows.find((r) => r.name === name)?.users ?? 0;
    const shardsAfter = (
      await env.DB.prepare("SELECT name, users FROM chat_shards").all<{ name: string; users: number }>()
    ).results;
    expect(usersOf(shardsAfter, "CHATS_1")).toBe(usersOf(shardsBefore.results, "CHATS_1") - 1);
    expect(usersOf(shardsAfter, "CHATS_2")).toBe(usersOf(shardsBefore.results, "CHATS_2") + 1);
    // And the next turn is saved in the new shard.
    await readSse(await ask(user, { question: "And what do they eat?", chat_id: first }));
    expect(await counts("CHATS_2", user.id)).toEqual({ chats: 2, messages: 254, images: 1 });
    expect(await counts("CHATS_1", user.id)).toEqual(none);
  });

  it("keeps what the user writes during the copy, the catch-up and after the switch", async () => {
    const user = await seedUser({ shard: "CHATS_2" });
    const chat = await newChat(user, "Before");
    await saveMany(user, chat, 120);
    expect(await inUserHub(user.id, (hub) => hub.mover.begin("CHATS_1"))).toMatchObject({ ok: true });
    // Written to the old shard after its first copy: a turn, a rename, an edit of a copied message and a new chat.
    await readSse(await ask(user, { question: "During the copy", chat_id: chat }));
    await call("PATCH", `/chat-sessions/${chat}`, { token: user.token, body: { title: "Renamed during the move" } });
    await call("POST", "/media-api/api/chat/save", {
      token: user.token,
      body: { chat_id: chat, messages: [{ message_id: "m-0", sender: "user", message: "edited wombats" }] },
    });
    const during = await newChat(user, "Made during the move");
    await inUserHub(user.id, (hub) => hub.mover.catchUp());
    await uploadImage(user, during);
    const switched = await inUserHub(user.id, (hub) => hub.mover.switchOver());
    expect(switched).toMatchObject({ ok: true, from: "CHATS_2", to: "CHATS_1" });
    // After the switch the user's calls go to the new shard, before the old copy is deleted.
    await readSse(await ask(user, { question: "After the switch", chat_id: during }));
    await inUserHub(user.id, (hub) => hub.mover.finish(0));

    expect(await counts("CHATS_2", user.id)).toEqual(none);
    expect(await counts("CHATS_1", user.id)).toEqual({ chats: 2, messages: 124, images: 1 });
    const seen = await whatTheUserSees(user);
    expect(seen.list.map((c) => (c as unknown as { title: string }).title).sort()).toEqual([
      "Made during the move",
      "Renamed during the move",
    ]);
    expect(seen.contents.flat()).toContainEqual(["m-0", "edited wombats"]);
    expect(seen.contents.flat().map(([, text]: string[]) => text)).toEqual(
      expect.arrayContaining(["During the copy", "After the switch"]),
    );
    expect(seen.images).toBe(1);
  });

  it("moves a user placed before shards existed out of the main database", async () => {
    const user = await seedUser({ shard: MAIN_SHARD });
    const chat = await newChat(user, "Old times");
    await saveMany(user, chat, 5);
    const res = await moveCall({ user: user.id, shard: "CHATS_1", grace_ms: 0 });
    expect((await json(res)).data.from).toBe(MAIN_SHARD);
    expect(await shardNameOf(user.id)).toBe("CHATS_1");
    expect(await counts(MAIN_SHARD, user.id)).toEqual(none);
    expect(await counts("CHATS_1", user.id)).toEqual({ chats: 1, messages: 5, images: 0 });
  });
});

describe("a crash during a move", () => {
  it("before the switch: the partial copy is deleted and the user stays, with everything, where they were", async () => {
    const user = await seedUser({ shard: "CHATS_1" });
    const chat = await newChat(user, "Stay");
    await saveMany(user, chat, 150);
    await inUserHub(user.id, (hub) => hub.mover.begin("CHATS_2"));
    await readSse(await ask(user, { question: "Still here?", chat_id: chat }));
    // The object restarts (its start recovers a recorded move).
    expect(await inUserHub(user.id, (hub) => hub.mover.recover())).toBe("undone");
    expect(await shardNameOf(user.id)).toBe("CHATS_1");
    expect(await counts("CHATS_2", user.id)).toEqual(none);
    expect(await counts("CHATS_1", user.id)).toEqual({ chats: 1, messages: 152, images: 0 });
    expect(await inUserHub(user.id, (hub) => hub.mover.record())).toBeNull();
    // A new move can start, and succeeds.
    expect((await moveCall({ user: user.id, shard: "CHATS_2", grace_ms: 0 })).status).toBe(200);
    expect(await counts("CHATS_2", user.id)).toEqual({ chats: 1, messages: 152, images: 0 });
  });

  it("after the directory switched but before the object recorded it: the move is finished", async () => {
    const user = await seedUser({ shard: "CHATS_1" });
    await saveMany(user, await newChat(user, "Half"), 10);
    await inUserHub(user.id, async (hub) => {
      await hub.mover.begin("CHATS_2");
      await hub.mover.catchUp();
    });
    await env.DB.prepare(
      "INSERT INTO user_shards (user_id, shard) VALUES (?, 'CHATS_2') ON CONFLICT (user_id) DO UPDATE SET shard = 'CHATS_2'",
    )
      .bind(user.id)
      .run();
    expect(await inUserHub(user.id, (hub) => hub.mover.recover())).toBe("finished");
    expect(await inUserHub(user.id, (hub) => hub.state.account.shard())).toBe("CHATS_2");
    expect(await counts("CHATS_1", user.id)).toEqual(none);
    expect(await counts("CHATS_2", user.id)).toEqual({ chats: 1, messages: 10, images: 0 });
  });

  it("after the switch: the old copy is deleted on restart, the new one complete", async () => {
    const user = await seedUser({ shard: "CHATS_2" });
    await saveMany(user, await newChat(user, "Done"), 30);
    await inUserHub(user.id, async (hub) => {
      await hub.mover.begin("CHATS_1");
      await hub.mover.catchUp();
      await hub.mover.switchOver();
    });
    expect(await counts("CHATS_2", user.id)).toEqual({ chats: 1, messages: 30, images: 0 });
    expect(await inUserHub(user.id, (hub) => hub.mover.recover())).toBe("finished");
    expect(await counts("CHATS_2", user.id)).toEqual(none);
    expect(await counts("CHATS_1", user.id)).toEqual({ chats: 1, messages: 30, images: 0 });
    expect(await shardNameOf(user.id)).toBe("CHATS_1");
  });
});

describe("POST /ops/shard-moves", () => {
  it("is a 404 without OPS_SECRET configured, and a 401 with a wrong or missing secret", async () => {
    const user = await seedUser();
    // A shard that does not exist: with the right secret the call gets as far as checking it (400), and moves nothing.
    const body = { user: user.id, shard: "CHATS_9" };
    expect((await moveCall(body)).status).toBe(400);
    const unset = await worker.fetch(
      new Request(`${ORIGIN}/ops/shard-moves`, {
        method: "POST",
        headers: { ...OPS, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      }),
      { ...env, OPS_SECRET: undefined },
      createExecutionContext(),
    );
    expect(unset.status).toBe(404);
    expect((await moveCall(body, { Authorization: "Bearer nope" })).status).toBe(401);
    expect((await moveCall(body, {})).status).toBe(401);
  });

  it("answers 404 for an unknown user, 400 for a shard that does not exist and 409 for the user's own shard", async () => {
    const user = await seedUser({ shard: "CHATS_1" });
    expect((await moveCall({ user: "nobody@example.com", shard: "CHATS_2" })).status).toBe(404);
    expect((await moveCall({ user: user.id, shard: "CHATS_9" })).status).toBe(400);
    expect((await moveCall({ user: user.id, shard: "DB" })).status).toBe(400);
    const same = await moveCall({ user: user.id, shard: "CHATS_1" });
    expect(same.status).toBe(409);
    expect((await json(same)).reason).toBe("same_shard");
  });
});

describe("the object's gate on chat writes during a switch", () => {
  it("waits for the writes under way, holds new ones until it opens, then lets them go", async () => {
    const gate = new ChatWriteGate();
    const events: string[] = [];
    let endFirst = () => {};
    const first = gate.write(
      () =>
        new Promise<void>((resolve) => {
          events.push("first starts");
          endFirst = () => {
            events.push("first ends");
            resolve();
          };
        }),
    );
    await Promise.resolve();
    const held = gate.hold().then(() => events.push("held"));
    const second = gate.write(async () => {
      events.push("second runs");
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(events).toEqual(["first starts"]);
    endFirst();
    await first;
    await held;
    await new Promise((r) => setTimeout(r, 10));
    expect(events).toEqual(["first starts", "first ends", "held"]);
    gate.open();
    await second;
    expect(events).toEqual(["first starts", "first ends", "held", "second runs"]);
  });
});
