// Who may use the media API: no credentials is 401 on every route (fallbacks included), cookie-authenticated writes
// from a foreign origin are 403, and another user's chat or image is a 404 that changes and stores nothing.
import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, expectMediaError, json, newChat, ORIGIN, seedUser, type TestUser } from "../../support/api";

const FOREIGN_ORIGIN = "https://evil.example";
/** A real 1×1 PNG. */
const PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
const PNG_BYTES = Uint8Array.from(atob(PNG_1X1), (ch) => ch.charCodeAt(0));
const SAVE_PATHS = ["/media-api/api/chat/save", "/chat-messages/save"];
const INIT_PATHS = ["/media-api/api/chat/initialize", "/chat/initialize"];

async function snapshot(owner: TestUser, chatId: string) {
  const chat = await json(await call("GET", `/chat-sessions/${chatId}`, { token: owner.token }));
  const content = await json(await call("GET", `/media-api/api/chat/content/${chatId}`, { token: owner.token }));
  return { chat, content };
}

async function uploadPng(user: TestUser) {
  const res = await call("POST", "/media-api/api/bot/images", {
    token: user.token,
    body: { image_data: `data:image/png;base64,${PNG_1X1}` },
  });
  expect(res.status).toBe(201);
  return (await json(res)).data as { id: string; url: string };
}

function uploadRaw(headers: Record<string, string>, query = "") {
  return exports.default.fetch(
    new Request(`${ORIGIN}/media-api/api/bot/images${query}`, {
      method: "POST",
      headers: { "Content-Type": "image/png", ...headers },
      body: PNG_BYTES,
    }),
  );
}

async function storedImages(user: TestUser) {
  return (await env.IMAGES.list({ prefix: `images/${user.id}/` })).objects.map((o) => o.key);
}

function cookieHeaders(user: TestUser, origin: string) {
  return { Cookie: `jwt_token=${user.token}; session_token=${user.sessionToken}`, Origin: origin };
}

async function setup() {
  const owner = await seedUser();
  const intruder = await seedUser();
  const chat = await newChat(owner, "Owner's chat");
  const saved = await call("POST", "/media-api/api/chat/save", {
    token: owner.token,
    body: { chat_id: chat.id, messages: [{ message_id: "m1", sender: "user", message: "owner's secret" }] },
  });
  expect(saved.status).toBe(200);
  return { owner, intruder, chat, before: await snapshot(owner, chat.id) };
}

describe("media API without credentials", () => {
  it.each([
    ["GET", "/media-api/api/chat/content/some-chat", undefined],
    [
      "POST",
      "/media-api/api/chat/save",
      { chat_id: "c", messages: [{ message_id: "m", sender: "user", message: "x" }] },
    ],
    ["POST", "/chat-messages/save", { chat_id: "c", messages: [{ message_id: "m", sender: "user", message: "x" }] }],
    ["POST", "/media-api/api/chat/initialize", { chat_id: "c" }],
    ["POST", "/chat/initialize", { chat_id: "c" }],
    ["POST", "/media-api/api/bot/images", { image_data: PNG_1X1 }],
    ["GET", `/media-api/api/images/${crypto.randomUUID()}`, undefined],
  ])("%s %s answers 401 with success:false", async (method, path, body) => {
    await expectMediaError(await call(method, path, { body }), 401, "unauthorized");
  });

  it("answers 401 to a raw image upload without credentials, storing nothing", async () => {
    const keys = async () => (await env.IMAGES.list({ prefix: "images/" })).objects.map((o) => o.key);
    const before = await keys();
    await expectMediaError(await uploadRaw({}), 401, "unauthorized");
    expect(await keys()).toEqual(before);
  });

  it("answers 401 to a forged token", async () => {
    await expectMediaError(
      await call("GET", "/media-api/api/chat/content/x", { token: "forged" }),
      401,
      "invalid_token",
    );
  });
});

describe("media API with cookie credentials", () => {
  it("serves the owner's image to a cookie-authenticated <img> request", async () => {
    const user = await seedUser();
    const image = await uploadPng(user);
    const res = await call("GET", image.url, { headers: { Cookie: `jwt_token=${user.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
  });

  it("accepts a save from the app's own origin", async () => {
    const user = await seedUser();
    const chat = await newChat(user, "Private");
    const res = await call("POST", "/media-api/api/chat/save", {
      headers: cookieHeaders(user, ORIGIN),
      body: { chat_id: chat.id, messages: [{ message_id: "m", sender: "user", message: "x" }] },
    });
    expect(res.status).toBe(200);
  });

  it.each(SAVE_PATHS)("refuses POST %s from a foreign origin with 403, saving nothing", async (path) => {
    const user = await seedUser();
    const chat = await newChat(user, "Private");
    const before = await snapshot(user, chat.id);
    const res = await call("POST", path, {
      headers: cookieHeaders(user, FOREIGN_ORIGIN),
      body: { chat_id: chat.id, messages: [{ message_id: "evil", sender: "user", message: "planted" }] },
    });
    await expectMediaError(res, 403, "csrf_rejected");
    expect(await snapshot(user, chat.id)).toEqual(before);
  });

  it.each(INIT_PATHS)("refuses POST %s from a foreign origin with 403, creating nothing", async (path) => {
    const user = await seedUser();
    const res = await call("POST", path, {
      headers: cookieHeaders(user, FOREIGN_ORIGIN),
      body: { chat_id: `evil-${crypto.randomUUID()}` },
    });
    await expectMediaError(res, 403, "csrf_rejected");
    expect((await json(await call("GET", "/chat-sessions", { token: user.token }))).data).toEqual([]);
  });

  it("refuses image uploads (JSON and raw) from a foreign origin with 403, storing nothing", async () => {
    const user = await seedUser();
    const res = await call("POST", "/media-api/api/bot/images", {
      headers: cookieHeaders(user, FOREIGN_ORIGIN),
      body: { image_data: PNG_1X1 },
    });
    await expectMediaError(res, 403, "csrf_rejected");
    await expectMediaError(await uploadRaw(cookieHeaders(user, FOREIGN_ORIGIN)), 403, "csrf_rejected");
    expect(await storedImages(user)).toEqual([]);
  });
});

describe("another user's chat", () => {
  it("is a 404 on GET /media-api/api/chat/content/:id", async () => {
    const { intruder, chat } = await setup();
    await expectMediaError(
      await call("GET", `/media-api/api/chat/content/${chat.id}`, { token: intruder.token }),
      404,
      "not_found",
    );
  });

  it.each(SAVE_PATHS)("is a 404 on POST %s, which neither adds nor overwrites messages", async (path) => {
    const { owner, intruder, chat, before } = await setup();
    const res = await call("POST", path, {
      token: intruder.token,
      body: {
        chat_id: chat.id,
        messages: [
          { message_id: "m1", sender: "user", message: "overwritten" },
          { message_id: "m2", sender: "bot", message: "planted" },
        ],
      },
    });
    await expectMediaError(res, 404, "not_found");
    expect(await snapshot(owner, chat.id)).toEqual(before);
  });

  it.each(INIT_PATHS)("is a 404 on POST %s, which neither reveals nor takes over the chat", async (path) => {
    const { owner, intruder, chat, before } = await setup();
    const res = await call("POST", path, {
      token: intruder.token,
      body: { chat_id: chat.id, data: { chat_id: chat.id, title: "mine now" } },
    });
    await expectMediaError(res, 404, "not_found");
    expect(await snapshot(owner, chat.id)).toEqual(before);
    expect((await json(await call("GET", "/chat-sessions", { token: intruder.token }))).data).toEqual([]);
  });

  it("is a 404 as the chat_id of an image upload (JSON or raw), storing nothing", async () => {
    const { intruder, chat } = await setup();
    const json1 = await call("POST", "/media-api/api/bot/images", {
      token: intruder.token,
      body: { image_data: PNG_1X1, chat_id: chat.id },
    });
    await expectMediaError(json1, 404, "not_found");
    await expectMediaError(
      await uploadRaw({ Authorization: `Bearer ${intruder.token}` }, `?chat_id=${chat.id}`),
      404,
      "not_found",
    );
    expect(await storedImages(intruder)).toEqual([]);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM images WHERE chat_id = ?")
      .bind(chat.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });

  it("does not collide with the intruder's own messages that reuse its message ids", async () => {
    const { owner, intruder, chat, before } = await setup();
    const own = await newChat(intruder, "Intruder's chat");
    const res = await call("POST", "/chat-messages/save", {
      token: intruder.token,
      body: { chat_id: own.id, messages: [{ message_id: "m1", sender: "user", message: "intruder's text" }] },
    });
    expect(res.status).toBe(200);
    expect(await snapshot(owner, chat.id)).toEqual(before);
    const mine = await json(await call("GET", `/media-api/api/chat/content/${own.id}`, { token: intruder.token }));
    expect(mine.data.chats[0].messages.map((m: { message: string }) => m.message)).toEqual(["intruder's text"]);
  });
});

describe("user_id in initialize", () => {
  it.each(INIT_PATHS)("is a 403 on POST %s when it names another user, creating nothing", async (path) => {
    const { owner, intruder } = await setup();
    const res = await call("POST", path, {
      token: intruder.token,
      body: { user_id: owner.id, chat_id: `c-${crypto.randomUUID()}` },
    });
    await expectMediaError(res, 403, "forbidden");
    expect((await json(await call("GET", "/chat-sessions", { token: intruder.token }))).data).toEqual([]);
    expect((await json(await call("GET", "/chat-sessions", { token: owner.token }))).data).toHaveLength(1);
  });
});

describe("another user's image", () => {
  it("is a 404 for anyone but its owner, who can still read it", async () => {
    const owner = await seedUser();
    const intruder = await seedUser();
    const image = await uploadPng(owner);
    await expectMediaError(await call("GET", image.url, { token: intruder.token }), 404, "not_found");
    await expectMediaError(
      await call("GET", image.url, { headers: { Cookie: `jwt_token=${intruder.token}` } }),
      404,
      "not_found",
    );
    const res = await call("GET", image.url, { token: owner.token });
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG_BYTES);
  });

  it("is stored under its owner's prefix only", async () => {
    const owner = await seedUser();
    const intruder = await seedUser();
    const image = await uploadPng(owner);
    expect(await storedImages(owner)).toEqual([`images/${owner.id}/${image.id}`]);
    expect(await storedImages(intruder)).toEqual([]);
  });
});
