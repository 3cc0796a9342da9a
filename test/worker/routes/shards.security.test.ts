// Another user's chat is a 404 whichever databases the two users' histories are in (worker/db/shards.ts): the same
// shard, another shard, or the main database of users placed before shards existed. A chat id names one chat across
// all of them, so an id the client picks (the media API's initialize) cannot become a second chat in another shard.
import { describe, expect, it } from "vitest";
import { MAIN_SHARD } from "../../../worker/db/shards";
import { ask, call, json, readSse, seedUser, type TestUser, PNG_1X1 } from "../../support/api";

async function ownersChat(owner: TestUser) {
  const chat = (await json(await call("POST", "/chat-sessions", { token: owner.token, body: { title: "Secret" } })))
    .data;
  await readSse(await ask(owner, { question: "my secret pangolin plan", chat_id: chat.id }));
  const image = (
    await json(
      await call("POST", "/media-api/api/bot/images", {
        token: owner.token,
        body: { image_data: `data:image/png;base64,${PNG_1X1}`, chat_id: chat.id },
      }),
    )
  ).data;
  // And a chat under an id the owner's client picked (the media API's initialize).
  const picked = `picked-${crypto.randomUUID()}`;
  const made = await call("POST", "/media-api/api/chat/initialize", {
    token: owner.token,
    body: { chat_id: picked, data: { chat_id: picked, title: "Picked" } },
  });
  expect(made.status).toBe(201);
  return { chatId: chat.id as string, pickedId: picked, imageUrl: image.url as string };
}

async function snapshot(owner: TestUser, chatId: string) {
  const chat = await json(await call("GET", `/chat-sessions/${chatId}`, { token: owner.token }));
  const content = await json(await call("GET", `/chat-sessions/${chatId}/content`, { token: owner.token }));
  return { chat, content };
}

describe.each([
  ["on the same shard", "CHATS_1", "CHATS_1"],
  ["on another shard", "CHATS_1", "CHATS_2"],
  ["placed before shards, against one on a shard", MAIN_SHARD, "CHATS_2"],
  ["on a shard, against one placed before shards", "CHATS_2", MAIN_SHARD],
])("another user's chat, for users %s", (_name, ownerShard, intruderShard) => {
  it("is a 404 to every call, which changes nothing of the owner's and creates nothing of the intruder's", async () => {
    const owner = await seedUser({ shard: ownerShard });
    const intruder = await seedUser({ shard: intruderShard });
    const { chatId, pickedId, imageUrl } = await ownersChat(owner);
    const before = await snapshot(owner, chatId);
    const pickedBefore = await snapshot(owner, pickedId);
    const token = intruder.token;
    const [question, answer] = before.content.data.chats[0].messages;
    const calls: [string, string, unknown?][] = [
      ["GET", `/chat-sessions/${chatId}`],
      ["GET", `/chat-sessions/${chatId}/content`],
      ["GET", `/chat-sessions/${chatId}/export`],
      ["PATCH", `/chat-sessions/${chatId}`, { title: "mine now" }],
      ["PUT", `/chat-sessions/${chatId}/branch`, { message_id: answer.message_id }],
      ["POST", `/chat-sessions/${chatId}/fork`, { message_id: question.message_id }],
      ["GET", `/media-api/api/chat/content/${chatId}`],
      ["POST", "/media-api/api/chat/initialize", { chat_id: chatId, data: { chat_id: chatId, title: "mine now" } }],
      ["POST", "/chat/initialize", { chat_id: chatId, data: { chat_id: chatId, title: "mine now" } }],
      ["POST", "/media-api/api/chat/initialize", { chat_id: pickedId, data: { chat_id: pickedId, title: "mine now" } }],
      ["GET", `/chat-sessions/${pickedId}`],
      [
        "POST",
        "/media-api/api/chat/save",
        { chat_id: chatId, messages: [{ message_id: "x", sender: "user", message: "x" }] },
      ],
      ["POST", "/api/chat/gpt-4.1-mini", { question: "hello", chat_id: chatId }],
      ["GET", `/chat-sessions/search?q=pangolin&chat_id=${chatId}`],
      ["GET", imageUrl],
    ];
    for (const [method, path, body] of calls) {
      expect((await call(method, path, { token, body })).status, `${method} ${path}`).toBe(404);
    }
    expect(await snapshot(owner, chatId)).toEqual(before);
    expect(await snapshot(owner, pickedId)).toEqual(pickedBefore);
    expect((await json(await call("GET", "/chat-sessions", { token }))).data).toEqual([]);
    expect((await json(await call("GET", "/chat-sessions/search?q=pangolin", { token }))).data).toEqual([]);
    expect((await json(await call("GET", "/media-api/api/images", { token }))).data.images).toEqual([]);
  });
});

describe("a message of another user's chat, named in the intruder's own chat", () => {
  it("is a 404 to showing its version and to continuing from it, which creates nothing", async () => {
    const owner = await seedUser();
    const intruder = await seedUser();
    const { chatId } = await ownersChat(owner);
    const before = await snapshot(owner, chatId);
    const [question] = before.content.data.chats[0].messages;
    const own = (await json(await call("POST", "/chat-sessions", { token: intruder.token, body: {} }))).data;
    const token = intruder.token;
    const body = { message_id: question.message_id };
    expect((await call("PUT", `/chat-sessions/${own.id}/branch`, { token, body })).status).toBe(404);
    expect((await call("POST", `/chat-sessions/${own.id}/fork`, { token, body })).status).toBe(404);
    expect((await json(await call("GET", "/chat-sessions", { token }))).data.map((c: any) => c.id)).toEqual([own.id]);
    expect(await snapshot(owner, chatId)).toEqual(before);
  });
});
