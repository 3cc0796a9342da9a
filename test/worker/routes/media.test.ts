// The media API for its owner: chat content, idempotent saves (and the /chat-messages/save fallback), chat
// initialize (and the /chat/initialize fallback), image upload as JSON or raw bytes and the image read-back, with
// the 4xx answers for bad input, wrong media types and oversize images; before them, fuzzed saves and who may use
// the API. One file, so workerd loads the worker once for all of them; the tests that store the most run last.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { UNPAGED_CONTENT_MAX_MESSAGES } from "../../../worker/protocol/api";
import {
  call,
  chatsOf,
  expectMediaError,
  json,
  makeChat,
  newChat,
  ORIGIN,
  seedUser,
  type TestUser,
  workerFetch,
  PNG_1X1,
} from "../../support/api";

// ---- media-save.fuzz ---------------------------------------------------------------------------------------------
// Saved messages are untrusted data: whatever a client sends to POST /media-api/api/chat/save, the answer is 200, a
// clear 400 naming the field, or 413 — never a 500 — and a chat that saved something odd still loads (GET content
// 200). Citations are bounded (at most 50, an http(s) url ≤ 2,048, title/snippet/site ≤ 1,000 characters) and a
// message's stored size is capped below D1's row limit.
async function saveRaw(user: TestUser, body: unknown) {
  const res = await call("POST", "/media-api/api/chat/save", { token: user.token, body });
  return { status: res.status, body: await json(res) };
}

async function loads(user: TestUser, chatId: string) {
  const media = await call("GET", `/media-api/api/chat/content/${chatId}`, { token: user.token });
  const paged = await call("GET", `/chat-sessions/${chatId}/content`, { token: user.token });
  expect(paged.status).toBe(200);
  expect(media.status).toBe(200);
  return (await json(media)).data.chats[0].messages as any[];
}

const bot = (citations: unknown, extra: Record<string, unknown> = {}) => ({
  message_id: "b1",
  sender: "bot",
  message: "answer",
  citations,
  ...extra,
});

describe("citations on save", () => {
  it("drops unknown keys and nulls from citations", async () => {
    const user = await seedUser();
    const chatId = await makeChat(user.id);
    const saved = await saveRaw(user, {
      chat_id: chatId,
      messages: [
        bot([
          {
            url: "https://a.example",
            title: null,
            snippet: "s",
            site: "a",
            onclick: "alert(1)",
            nested: { deep: true },
          },
        ]),
      ],
    });
    expect(saved.status).toBe(200);
    expect((await loads(user, chatId))[0].citations).toEqual([{ url: "https://a.example", snippet: "s", site: "a" }]);
  });

  it.each([
    [
      "a 3 MB snippet",
      [{ url: "https://a.example", snippet: "x".repeat(3 * 1024 * 1024) }],
      "messages.0.citations.0.snippet",
    ],
    ["a 3 MB url", [{ url: `https://a.example/${"x".repeat(3 * 1024 * 1024)}` }], "messages.0.citations.0.url"],
    [
      "a 1,001-character title",
      [{ url: "https://a.example", title: "t".repeat(1_001) }],
      "messages.0.citations.0.title",
    ],
    ["a 2,049-character url", [{ url: `https://a.example/${"x".repeat(2_049 - 18)}` }], "messages.0.citations.0.url"],
    ["51 citations", Array.from({ length: 51 }, (_, i) => ({ url: `https://a.example/${i}` })), "messages.0.citations"],
    ["a citation without url", [{ title: "no url" }], "messages.0.citations.0.url"],
    ["a number for url", [{ url: 42 }], "messages.0.citations.0.url"],
    ["a javascript: url", [{ url: "javascript:alert(1)", title: "x" }], "messages.0.citations.0.url"],
    ["a data: url", [{ url: "data:text/html,<script>alert(1)</script>" }], "messages.0.citations.0.url"],
    ["a url that does not parse", [{ url: "http://[" }], "messages.0.citations.0.url"],
    ["text that is not a url", [{ url: "Đà Nẵng" }], "messages.0.citations.0.url"],
    ["a path (citations are other sites)", [{ url: "/media-api/api/images/x" }], "messages.0.citations.0.url"],
    [
      "a second citation with a javascript: url",
      [{ url: "https://a.example" }, { url: "jAvAsCrIpT:alert(1)" }],
      "messages.0.citations.1.url",
    ],
    ["a string citation", ["https://a.example"], "messages.0.citations.0"],
    ["a null citation", [null], "messages.0.citations.0"],
    ["an array citation", [["https://a.example"]], "messages.0.citations.0.url"],
    ["an object for citations", { url: "https://a.example" }, "messages.0.citations"],
  ])("refuses %s with 400 naming the field", async (_name, citations, field) => {
    const user = await seedUser();
    const chatId = await makeChat(user.id);
    const res = await saveRaw(user, { chat_id: chatId, messages: [bot(citations)] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, status: "error", code: "invalid_input", field });
    expect(await loads(user, chatId)).toEqual([]);
  });

  it("accepts exactly 50 citations at the size limits", async () => {
    const user = await seedUser();
    const chatId = await makeChat(user.id);
    const citations = Array.from({ length: 50 }, (_, i) => ({
      url: `https://a.example/${i}/${"u".repeat(2_048 - 20 - String(i).length)}`,
      title: "t".repeat(1_000),
      snippet: "s".repeat(1_000),
      site: "w".repeat(1_000),
    }));
    expect(citations.every((c) => c.url.length <= 2_048)).toBe(true);
    const res = await saveRaw(user, { chat_id: chatId, messages: [bot(citations)] });
    expect(res.status).toBe(200);
    expect((await loads(user, chatId))[0].citations).toHaveLength(50);
  });
});

describe("message size on save", () => {
  it("answers 413 for a message whose text and original text pass the stored-size cap", async () => {
    const user = await seedUser();
    const chatId = await makeChat(user.id);
    const text = "ệ".repeat(180_000); // 540 KB of UTF-8, under the 200,000-character limit of each field
    const res = await saveRaw(user, {
      chat_id: chatId,
      messages: [
        { message_id: "ok", sender: "user", message: "fine" },
        { message_id: "big", sender: "user", message: text, original_message: text },
      ],
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: "payload_too_large", field: "messages.1" });
    expect(await loads(user, chatId)).toEqual([]);
  });

  it("saves a message just under the cap", async () => {
    const user = await seedUser();
    const chatId = await makeChat(user.id);
    const res = await saveRaw(user, {
      chat_id: chatId,
      messages: [
        { message_id: "m", sender: "bot", message: "ệ".repeat(150_000), original_message: "x".repeat(100_000) },
      ],
    });
    expect(res.status).toBe(200);
    expect((await loads(user, chatId))[0].message).toHaveLength(150_000);
  });
});

/** A small seeded generator (mulberry32): the same cases on every run, so a failure reproduces. */
function random(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("fuzzed saves", () => {
  it("never answers 500 and never breaks loading the chat", async () => {
    const rnd = random(20261123);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
    const strings = [
      "",
      " ",
      "http://[",
      "javascript:alert(1)",
      "<script>alert(1)</script>",
      "\u0000\u0002\u0003",
      "😀",
      "Đà Nẵng",
      "x".repeat(1_001),
      "y".repeat(2_049),
      "z".repeat(300_000),
    ];
    const anything = (depth = 0): unknown => {
      const kind = pick(["string", "number", "bool", "null", "array", "object", "undefined"] as const);
      if (kind === "string") return pick(strings);
      if (kind === "number") return pick([0, -1, 1.5, 1e308, Number.MAX_SAFE_INTEGER]);
      if (kind === "bool") return rnd() < 0.5;
      if (kind === "null") return null;
      if (kind === "undefined" || depth > 2) return undefined;
      if (kind === "array") return Array.from({ length: Math.floor(rnd() * 4) }, () => anything(depth + 1));
      return Object.fromEntries(
        ["url", "title", "snippet", "site", "x"].filter(() => rnd() < 0.6).map((k) => [k, anything(depth + 1)]),
      );
    };
    const fine = ["https://vnexpress.net/a", "http://[", "Đà Nẵng", "", "<b>x</b>", null, undefined];
    const citation = () =>
      rnd() < 0.8
        ? {
            url: pick(["https://vnexpress.net/a", "http://tuoitre.vn/b?q=phở"]),
            title: pick(fine),
            snippet: pick(fine),
          }
        : rnd() < 0.5
          ? { url: pick(strings), title: pick([...strings, 5]) }
          : anything();
    const user = await seedUser();
    const chatId = await makeChat(user.id);
    const statuses = new Set<number>();
    for (let i = 0; i < 40; i++) {
      const message: Record<string, unknown> = {
        message_id: rnd() < 0.9 ? `m${i}` : anything(),
        sender: rnd() < 0.9 ? pick(["user", "bot"]) : anything(),
        message: rnd() < 0.9 ? pick(rnd() < 0.7 ? ["hi", "phở", "http://[", ""] : strings) : anything(),
        citations:
          rnd() < 0.8 ? Array.from({ length: rnd() < 0.9 ? Math.floor(rnd() * 4) : 51 }, citation) : anything(),
      };
      if (rnd() < 0.3) message.original_message = pick(strings);
      if (rnd() < 0.2) message.created_at = anything();
      const res = await saveRaw(user, { chat_id: chatId, messages: [message] });
      statuses.add(res.status);
      expect([200, 400, 413], JSON.stringify(res.body).slice(0, 300)).toContain(res.status);
      await loads(user, chatId);
    }
    // The generator reaches both outcomes, so the loop tests something.
    expect(statuses.has(200)).toBe(true);
    expect(statuses.has(400)).toBe(true);
  });
});

// ---- media.security ----------------------------------------------------------------------------------------------
// Who may use the media API: no credentials is 401 on every route (fallbacks included), cookie-authenticated writes
// from a foreign origin are 403, and another user's chat or image is a 404 that changes and stores nothing.
const FOREIGN_ORIGIN = "https://evil.example";
/** A real 1×1 PNG. */
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

/** Posts the PNG as raw bytes with these headers (credentials, cookies, origin). */
function uploadPngWith(headers: Record<string, string>, query = "") {
  return workerFetch(
    new Request(`${ORIGIN}/media-api/api/bot/images${query}`, {
      method: "POST",
      headers: { "Content-Type": "image/png", ...headers },
      body: PNG_BYTES,
    }),
  );
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
    await expectMediaError(await uploadPngWith({}), 401, "unauthorized");
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
    await expectMediaError(await uploadPngWith(cookieHeaders(user, FOREIGN_ORIGIN)), 403, "csrf_rejected");
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
      await uploadPngWith({ Authorization: `Bearer ${intruder.token}` }, `?chat_id=${chat.id}`),
      404,
      "not_found",
    );
    expect(await storedImages(intruder)).toEqual([]);
    // The intruder's upload would land in the intruder's shard.
    const rows = await (await chatsOf(intruder.id))
      .prepare("SELECT COUNT(*) AS n FROM images WHERE chat_id = ?")
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

// ---- media -------------------------------------------------------------------------------------------------------
const MB = 1024 * 1024;
const MAGIC = {
  "image/png": [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  "image/jpeg": [0xff, 0xd8, 0xff, 0xe0],
  "image/gif": [...new TextEncoder().encode("GIF89a")],
  "image/webp": [...new TextEncoder().encode("RIFF"), 0x10, 0, 0, 0, ...new TextEncoder().encode("WEBPVP8 ")],
} as const;
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';

/** `size` bytes starting with `magic`, the rest random, so a round trip proves the bytes were kept. */
function imageBytes(magic: readonly number[], size = 2048): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i += 65536) crypto.getRandomValues(bytes.subarray(i, Math.min(size, i + 65536)));
  bytes.set(magic);
  return bytes;
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

async function content(user: TestUser, chatId: string) {
  const res = await call("GET", `/media-api/api/chat/content/${chatId}`, { token: user.token });
  expect(res.status).toBe(200);
  return (await json(res)).data.chats[0] as { id: string; title: string; messages: any[] };
}

function save(user: TestUser, body: unknown, path = "/media-api/api/chat/save") {
  return call("POST", path, { token: user.token, body });
}

/** Posts raw bytes (the helper `call` only sends JSON). */
function uploadRaw(user: TestUser, bytes: Uint8Array | string, contentType: string | null, query = "") {
  const headers = new Headers({ Authorization: `Bearer ${user.token}` });
  if (contentType) headers.set("Content-Type", contentType);
  return workerFetch(
    new Request(`${ORIGIN}/media-api/api/bot/images${query}`, { method: "POST", headers, body: bytes }),
  );
}

function uploadJson(user: TestUser, body: unknown) {
  return call("POST", "/media-api/api/bot/images", { token: user.token, body });
}

async function storedImages(user: TestUser) {
  return (await env.IMAGES.list({ prefix: `images/${user.id}/` })).objects.map((o) => o.key);
}

describe("GET /media-api/api/chat/content/:id", () => {
  it("answers {success, data.chats[0]} with the title and the messages in order", async () => {
    const user = await seedUser();
    const chat = await newChat(user, "Notes");
    expect(
      (
        await save(user, {
          chat_id: chat.id,
          messages: [
            { message_id: "u1", sender: "user", message: "hi" },
            { message_id: "b1", sender: "bot", message: "hello" },
          ],
        })
      ).status,
    ).toBe(200);
    const res = await call("GET", `/media-api/api/chat/content/${chat.id}`, { token: user.token });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.success).toBe(true);
    expect(body.data.chats).toHaveLength(1);
    expect(body.data.chats[0]).toMatchObject({ id: chat.id, title: "Notes" });
    expect(body.data.chats[0].messages.map((m: any) => [m.message_id, m.sender, m.message])).toEqual([
      ["u1", "user", "hi"],
      ["b1", "bot", "hello"],
    ]);
  });

  it("answers up to 2,000 messages without a query, and 413 naming the pages past that", async () => {
    const user = await seedUser();
    const chat = await newChat(user, "Long");
    const chats = await chatsOf(user.id);
    const insert = chats.prepare(
      "INSERT INTO messages (chat_id, user_id, message_id, sender, message, created_at, updated_at, parent_id) VALUES (?, ?, ?, 'user', 'x', ?, ?, ?)",
    );
    const add = async (from: number, to: number) => {
      for (let i = from; i < to; i += 100) {
        const ids = Array.from({ length: Math.min(100, to - i) }, (_, k) => i + k);
        await chats.batch(ids.map((n) => insert.bind(chat.id, user.id, `m-${n}`, n, n, n ? `m-${n - 1}` : null)));
      }
    };
    await add(0, UNPAGED_CONTENT_MAX_MESSAGES);
    const whole = await call("GET", `/media-api/api/chat/content/${chat.id}`, { token: user.token });
    expect(whole.status).toBe(200);
    expect((await json(whole)).data.chats[0].messages).toHaveLength(UNPAGED_CONTENT_MAX_MESSAGES);
    await add(UNPAGED_CONTENT_MAX_MESSAGES, UNPAGED_CONTENT_MAX_MESSAGES + 1);
    const res = await call("GET", `/media-api/api/chat/content/${chat.id}`, { token: user.token });
    await expectMediaError(res.clone(), 413, "payload_too_large");
    expect((await json(res)).message).toMatch(/more than 2000 messages.*\?limit and \?before/);
    const page = await call("GET", `/media-api/api/chat/content/${chat.id}?limit=10`, { token: user.token });
    expect((await json(page)).data.chats[0].messages).toHaveLength(10);
  });

  it("answers every message without a query, and one page (as /chat-sessions/:id/content) with ?limit or ?before", async () => {
    const user = await seedUser();
    const chat = await newChat(user, "Chat");
    const messages = Array.from({ length: 5 }, (_, i) => ({
      message_id: `m${i}`,
      sender: "user",
      message: `text ${i}`,
      created_at: 1_700_000_000_000 + i,
    }));
    expect((await save(user, { chat_id: chat.id, messages })).status).toBe(200);
    expect((await content(user, chat.id)).messages).toHaveLength(5);
    const first = await json(
      await call("GET", `/media-api/api/chat/content/${chat.id}?limit=2`, { token: user.token }),
    );
    expect(first.data.chats[0].messages.map((m: any) => m.message_id)).toEqual(["m3", "m4"]);
    const rest = await json(
      await call(
        "GET",
        `/media-api/api/chat/content/${chat.id}?limit=10&before=${encodeURIComponent(first.next_before)}`,
        { token: user.token },
      ),
    );
    expect(rest.data.chats[0].messages.map((m: any) => m.message_id)).toEqual(["m0", "m1", "m2"]);
    expect(rest.next_before).toBeNull();
    await expectMediaError(
      await call("GET", `/media-api/api/chat/content/${chat.id}?before=nope`, { token: user.token }),
      400,
      "invalid_input",
    );
  });

  it("answers 404 with success:false for an unknown chat and 400 for a malformed id", async () => {
    const user = await seedUser();
    await expectMediaError(
      await call("GET", "/media-api/api/chat/content/nope", { token: user.token }),
      404,
      "not_found",
    );
    await expectMediaError(
      await call("GET", "/media-api/api/chat/content/bad%20id", { token: user.token }),
      400,
      "invalid_input",
    );
  });
});

describe.each(["/media-api/api/chat/save", "/chat-messages/save"])("POST %s", (path) => {
  it("saves every field and answers {saved: n}", async () => {
    const user = await seedUser();
    const chat = await newChat(user, "Chat");
    const res = await save(
      user,
      {
        chat_id: chat.id,
        messages: [
          {
            message_id: "u1",
            sender: "user",
            message: "what is new?",
            timestamp: "2024-06-01T08:00:00.000Z",
            is_search_mode: true,
          },
          {
            message_id: "b1",
            sender: "bot",
            message: "partial answ",
            model: "gpt-4.1-mini",
            created_at: Date.UTC(2024, 5, 1, 8, 0, 5),
            citations: [{ url: "https://example.com", title: "Example" }],
            edited: true,
            edited_at: "2024-06-01T09:00:00Z",
            original_message: "old text",
            is_edit_response: true,
            for_edited_message_id: "u0",
            stopped: true,
            error: "stream_interrupted",
            isSearchMode: true,
            isImageMode: true,
            safety_violation: true,
            metadata: { endpoint: "gpt-4.1-mini", source: "api" },
            loading: false,
            isTemp: true,
          },
        ],
      },
      path,
    );
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ success: true, data: { saved: 2 } });
    const { messages } = await content(user, chat.id);
    expect(messages).toEqual([
      expect.objectContaining({
        message_id: "u1",
        sender: "user",
        message: "what is new?",
        isSearchMode: true,
        isImageMode: false,
        created_at: "2024-06-01T08:00:00.000Z",
        timestamp: "2024-06-01T08:00:00.000Z",
        citations: [],
        stopped: false,
        error: null,
      }),
      {
        message_id: "b1",
        sender: "bot",
        message: "partial answ",
        model: "gpt-4.1-mini",
        endpoint: "gpt-4.1-mini",
        citations: [{ url: "https://example.com", title: "Example" }],
        edited: true,
        edited_at: "2024-06-01T09:00:00.000Z",
        original_message: "old text",
        is_edit_response: true,
        for_edited_message_id: "u0",
        stopped: true,
        error: "stream_interrupted",
        isSearchMode: true,
        isImageMode: true,
        safety_violation: true,
        offline: false,
        attachments: [],
        created_at: "2024-06-01T08:00:05.000Z",
        timestamp: "2024-06-01T08:00:05.000Z",
        // saved after the question, it follows it
        parent_id: "u1",
      },
    ]);
  });

  it("is idempotent: saving the same messages again adds no rows and changes no content", async () => {
    const user = await seedUser();
    const chat = await newChat(user, "Chat");
    const body = {
      chat_id: chat.id,
      messages: [
        { message_id: "u1", sender: "user", message: "question" },
        { message_id: "b1", sender: "bot", message: "answer", citations: [{ url: "https://a.example" }] },
      ],
    };
    expect((await json(await save(user, body, path))).data).toEqual({ saved: 2 });
    const first = await content(user, chat.id);
    expect((await json(await save(user, body, path))).data).toEqual({ saved: 2 });
    expect(await content(user, chat.id)).toEqual(first);
    const rows = await (await chatsOf(user.id))
      .prepare("SELECT COUNT(*) AS n FROM messages WHERE chat_id = ?")
      .bind(chat.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(2);
  });

  it("does not move the chat in the list when the same messages are saved again", async () => {
    const user = await seedUser();
    const chat = await newChat(user, "Chat");
    const body = { chat_id: chat.id, messages: [{ message_id: "u1", sender: "user", message: "question" }] };
    expect((await save(user, body, path)).status).toBe(200);
    // Make the chat old, then re-save: an identical save must not bring it back to the top.
    await (await chatsOf(user.id))
      .prepare("UPDATE chat_sessions SET last_message_at = ? WHERE id = ?")
      .bind(Date.UTC(2020, 0, 1), chat.id)
      .run();
    const other = await newChat(user, "Chat");
    expect((await save(user, body, path)).status).toBe(200);
    const listed = (await json(await call("GET", "/chat-sessions", { token: user.token }))).data;
    expect(listed.map((c: { id: string }) => c.id)).toEqual([other.id, chat.id]);
    expect(listed[1].last_message_at).toBe("2020-01-01 00:00:00");

    // A changed message is news again.
    await save(
      user,
      { chat_id: chat.id, messages: [{ message_id: "u1", sender: "user", message: "question, edited" }] },
      path,
    );
    const after = (await json(await call("GET", "/chat-sessions", { token: user.token }))).data;
    expect(after.map((c: { id: string }) => c.id)).toEqual([chat.id, other.id]);
  });

  it("updates a message saved again with new text, keeping its place", async () => {
    const user = await seedUser();
    const chat = await newChat(user, "Chat");
    await save(
      user,
      {
        chat_id: chat.id,
        messages: [
          { message_id: "u1", sender: "user", message: "q" },
          { message_id: "b1", sender: "bot", message: "stream" },
        ],
      },
      path,
    );
    await save(user, { chat_id: chat.id, messages: [{ message_id: "u2", sender: "user", message: "q2" }] }, path);
    await save(
      user,
      { chat_id: chat.id, messages: [{ message_id: "b1", sender: "bot", message: "streamed in full" }] },
      path,
    );
    const { messages } = await content(user, chat.id);
    expect(messages.map((m) => [m.message_id, m.message])).toEqual([
      ["u1", "q"],
      ["b1", "streamed in full"],
      ["u2", "q2"],
    ]);
  });

  it("orders messages by created_at, then by their order in the call", async () => {
    const user = await seedUser();
    const chat = await newChat(user, "Chat");
    await save(
      user,
      {
        chat_id: chat.id,
        messages: [
          { message_id: "late", sender: "bot", message: "3", created_at: "2024-01-01T00:00:03Z" },
          { message_id: "early", sender: "user", message: "1", created_at: "2024-01-01T00:00:01Z" },
          { message_id: "mid", sender: "bot", message: "2", created_at: "2024-01-01T00:00:02Z" },
        ],
      },
      path,
    );
    expect((await content(user, chat.id)).messages.map((m) => m.message_id)).toEqual(["early", "mid", "late"]);

    const other = await newChat(user, "Chat");
    await save(
      user,
      { chat_id: other.id, messages: ["c", "a", "b"].map((id) => ({ message_id: id, sender: "user", message: id })) },
      path,
    );
    expect((await content(user, other.id)).messages.map((m) => m.message_id)).toEqual(["c", "a", "b"]);
  });

  it("keeps one message when the same message_id appears twice in a call (the last copy wins)", async () => {
    const user = await seedUser();
    const chat = await newChat(user, "Chat");
    const res = await save(
      user,
      {
        chat_id: chat.id,
        messages: [
          { message_id: "b1", sender: "bot", message: "draft" },
          { message_id: "b1", sender: "bot", message: "final" },
        ],
      },
      path,
    );
    expect((await json(res)).data).toEqual({ saved: 1 });
    expect((await content(user, chat.id)).messages.map((m) => m.message)).toEqual(["final"]);
  });

  it("names a New Chat after its first user prompt", async () => {
    const user = await seedUser();
    const chat = await newChat(user, "New Chat");
    await save(
      user,
      { chat_id: chat.id, messages: [{ message_id: "u1", sender: "user", message: "Thời tiết Hà Nội hôm nay" }] },
      path,
    );
    expect((await content(user, chat.id)).title).toBe("Thời tiết Hà Nội hôm nay");
  });

  it("saves 200 messages in one call and refuses 201", async () => {
    const user = await seedUser();
    const chat = await newChat(user, "Chat");
    const many = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ message_id: `m${i}`, sender: i % 2 ? "bot" : "user", message: `#${i}` }));
    const ok = await save(user, { chat_id: chat.id, messages: many(200) }, path);
    expect(ok.status).toBe(200);
    expect((await json(ok)).data).toEqual({ saved: 200 });
    expect((await content(user, chat.id)).messages).toHaveLength(200);
    const err = await expectMediaError(
      await save(user, { chat_id: chat.id, messages: many(201) }, path),
      400,
      "invalid_input",
    );
    expect(err.field).toBe("messages");
  });

  it("accepts a 200,000-character message and refuses one character more", async () => {
    const user = await seedUser();
    const chat = await newChat(user, "Chat");
    const ok = await save(
      user,
      { chat_id: chat.id, messages: [{ message_id: "big", sender: "bot", message: "ồ".repeat(200_000) }] },
      path,
    );
    expect(ok.status).toBe(200);
    expect((await content(user, chat.id)).messages[0].message).toHaveLength(200_000);
    const bad = await save(
      user,
      { chat_id: chat.id, messages: [{ message_id: "bigger", sender: "bot", message: "x".repeat(200_001) }] },
      path,
    );
    expect((await expectMediaError(bad, 400, "invalid_input")).field).toBe("messages.0.message");
  });

  it.each([
    ["no chat_id", { messages: [{ message_id: "m", sender: "user", message: "x" }] }, "chat_id"],
    [
      "a malformed chat_id",
      { chat_id: "has space", messages: [{ message_id: "m", sender: "user", message: "x" }] },
      "chat_id",
    ],
    ["no messages", { chat_id: "CHAT" }, "messages"],
    ["messages that are not an array", { chat_id: "CHAT", messages: { message_id: "m" } }, "messages"],
    ["an empty messages array", { chat_id: "CHAT", messages: [] }, "messages"],
    [
      "a message without message_id",
      { chat_id: "CHAT", messages: [{ sender: "user", message: "x" }] },
      "messages.0.message_id",
    ],
    [
      "an unknown sender",
      { chat_id: "CHAT", messages: [{ message_id: "m", sender: "admin", message: "x" }] },
      "messages.0.sender",
    ],
    [
      "a numeric message",
      { chat_id: "CHAT", messages: [{ message_id: "m", sender: "user", message: 42 }] },
      "messages.0.message",
    ],
    [
      "a missing message text",
      { chat_id: "CHAT", messages: [{ message_id: "m", sender: "user" }] },
      "messages.0.message",
    ],
    [
      "an unparsable created_at",
      { chat_id: "CHAT", messages: [{ message_id: "m", sender: "user", message: "x", created_at: "someday" }] },
      "messages.0.created_at",
    ],
    [
      "a boolean timestamp",
      { chat_id: "CHAT", messages: [{ message_id: "m", sender: "user", message: "x", timestamp: true }] },
      "messages.0.timestamp",
    ],
    [
      "citations as a string",
      { chat_id: "CHAT", messages: [{ message_id: "m", sender: "bot", message: "x", citations: "[]" }] },
      "messages.0.citations",
    ],
    [
      "a string flag",
      { chat_id: "CHAT", messages: [{ message_id: "m", sender: "bot", message: "x", stopped: "yes" }] },
      "messages.0.stopped",
    ],
    [
      "a numeric model",
      { chat_id: "CHAT", messages: [{ message_id: "m", sender: "bot", message: "x", model: 4 }] },
      "messages.0.model",
    ],
    [
      "a second message that is not an object",
      { chat_id: "CHAT", messages: [{ message_id: "m", sender: "bot", message: "x" }, "hello"] },
      "messages.1",
    ],
  ])("rejects %s with 400 naming the field, saving nothing", async (_, raw, field) => {
    const user = await seedUser();
    const chat = await newChat(user, "Chat");
    const body = JSON.parse(JSON.stringify(raw).replaceAll('"CHAT"', JSON.stringify(chat.id)));
    const err = await expectMediaError(await save(user, body, path), 400, "invalid_input");
    expect(err.field).toBe(field);
    expect((await content(user, chat.id)).messages).toEqual([]);
  });

  it("rejects malformed JSON, a JSON array and a JSON null with 400", async () => {
    const user = await seedUser();
    await expectMediaError(await save(user, '{"chat_id": "x", "messages": [', path), 400);
    await expectMediaError(await save(user, "[]", path), 400);
    await expectMediaError(await save(user, "null", path), 400, "invalid_json");
  });

  it("answers 404 for an unknown or deleted chat, saving nothing", async () => {
    const user = await seedUser();
    const msg = [{ message_id: "m", sender: "user", message: "x" }];
    await expectMediaError(await save(user, { chat_id: "no-such-chat", messages: msg }, path), 404, "not_found");
    const chat = await newChat(user, "Chat");
    await call("PATCH", `/chat-sessions/${chat.id}`, { token: user.token, body: { status: "deleted" } });
    await expectMediaError(await save(user, { chat_id: chat.id, messages: msg }, path), 404, "not_found");
    const rows = await (await chatsOf(user.id))
      .prepare("SELECT COUNT(*) AS n FROM messages WHERE user_id = ?")
      .bind(user.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });
});

describe.each(["/media-api/api/chat/initialize", "/chat/initialize"])("POST %s", (path) => {
  it("creates the chat with the client's id and title (201), then finds it (200, created:false)", async () => {
    const user = await seedUser();
    const chatId = `client-${crypto.randomUUID()}`;
    const body = {
      user_id: user.id,
      chat_id: chatId,
      filename: "chat.json",
      data: { chat_id: chatId, title: "  From the client ", created_at: "2024-01-01T00:00:00Z" },
    };
    const first = await call("POST", path, { token: user.token, body });
    expect(first.status).toBe(201);
    const created = await json(first);
    expect(created).toMatchObject({
      success: true,
      data: { created: true, chat: { id: chatId, title: "From the client", status: "active" } },
    });

    const second = await call("POST", path, {
      token: user.token,
      body: { ...body, data: { ...body.data, title: "Other title" } },
    });
    expect(second.status).toBe(200);
    expect(await json(second)).toEqual({ success: true, data: { created: false, chat: created.data.chat } });

    const listed = await json(await call("GET", "/chat-sessions", { token: user.token }));
    expect(listed.data.map((c: { id: string }) => c.id)).toEqual([chatId]);
  });

  it("takes the id from data.chat_id alone and titles the chat New Chat when none is given", async () => {
    const user = await seedUser();
    const chatId = `data-only-${crypto.randomUUID()}`;
    const res = await call("POST", path, { token: user.token, body: { data: { chat_id: chatId } } });
    expect(res.status).toBe(201);
    expect((await json(res)).data.chat).toMatchObject({ id: chatId, title: "New Chat" });
  });

  it.each([
    ["no chat id at all", { data: { title: "x" } }, "chat_id"],
    ["a malformed chat_id", { chat_id: "a/b" }, "chat_id"],
    ["chat_id and data.chat_id that differ", { chat_id: "one", data: { chat_id: "two" } }, "data.chat_id"],
    ["a 201-character title", { chat_id: "ok-id", data: { title: "t".repeat(201) } }, "data.title"],
    ["a numeric title", { chat_id: "ok-id", data: { title: 7 } }, "data.title"],
    ["data that is not an object", { chat_id: "ok-id", data: "x" }, "data"],
    ["a numeric user_id", { chat_id: "ok-id", user_id: 5 }, "user_id"],
    ["an unparsable created_at", { chat_id: "ok-id", data: { created_at: "not a date" } }, "data.created_at"],
  ])("rejects %s with 400 naming the field, creating nothing", async (_, body, field) => {
    const user = await seedUser();
    const err = await expectMediaError(await call("POST", path, { token: user.token, body }), 400, "invalid_input");
    expect(err.field).toBe(field);
    expect((await json(await call("GET", "/chat-sessions", { token: user.token }))).data).toEqual([]);
  });

  it("rejects malformed JSON and an empty request with 400", async () => {
    const user = await seedUser();
    await expectMediaError(await call("POST", path, { token: user.token, body: "{chat_id:" }), 400);
    await expectMediaError(await call("POST", path, { token: user.token }), 400, "invalid_input");
  });

  it("answers 404 for the caller's own deleted chat instead of reviving it", async () => {
    const user = await seedUser();
    const chat = await newChat(user, "Chat");
    await call("PATCH", `/chat-sessions/${chat.id}`, { token: user.token, body: { status: "deleted" } });
    await expectMediaError(
      await call("POST", path, { token: user.token, body: { chat_id: chat.id } }),
      404,
      "not_found",
    );
    expect((await json(await call("GET", "/chat-sessions", { token: user.token }))).data).toEqual([]);
  });
});

describe("POST /media-api/api/bot/images", () => {
  it("stores a data-URL PNG and serves the same bytes back to its owner with safe headers", async () => {
    const user = await seedUser();
    const chat = await newChat(user, "Chat");
    const res = await uploadJson(user, {
      image_data: `data:image/png;base64,${PNG_1X1}`,
      chat_id: chat.id,
      prompt: "a dot",
      message_id: "b1",
      model: "stable-diffusion",
    });
    expect(res.status).toBe(201);
    const { success, data } = await json(res);
    expect(success).toBe(true);
    expect(data).toMatchObject({
      id: expect.any(String),
      url: `/media-api/api/images/${data.id}`,
      content_type: "image/png",
    });
    expect(await storedImages(user)).toEqual([`images/${user.id}/${data.id}`]);
    const row = await (await chatsOf(user.id))
      .prepare("SELECT chat_id, message_id, prompt, model, size FROM images WHERE id = ?")
      .bind(data.id)
      .first();
    expect(row).toEqual({ chat_id: chat.id, message_id: "b1", prompt: "a dot", model: "stable-diffusion", size: 68 });

    const got = await call("GET", data.url, { token: user.token });
    expect(got.status).toBe(200);
    expect(got.headers.get("Content-Type")).toBe("image/png");
    expect(got.headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
    expect(got.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(toBase64(new Uint8Array(await got.arrayBuffer()))).toBe(PNG_1X1);
  });

  it("accepts bare base64 and URL-safe base64", async () => {
    const user = await seedUser();
    const bytes = imageBytes(MAGIC["image/jpeg"], 3000);
    const std = toBase64(bytes);
    for (const image_data of [std, std.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")]) {
      const res = await uploadJson(user, { image_data });
      expect(res.status).toBe(201);
      const { data } = await json(res);
      const got = await call("GET", data.url, { token: user.token });
      expect(got.headers.get("Content-Type")).toBe("image/jpeg");
      expect(new Uint8Array(await got.arrayBuffer())).toEqual(bytes);
    }
  });

  it.each(Object.entries(MAGIC))("round-trips raw %s bytes with metadata from the query", async (type, magic) => {
    const user = await seedUser();
    const chat = await newChat(user, "Chat");
    const bytes = imageBytes(magic, 50_000);
    const res = await uploadRaw(
      user,
      bytes,
      type,
      `?chat_id=${chat.id}&prompt=${encodeURIComponent("mèo con")}&model=m1`,
    );
    expect(res.status).toBe(201);
    const { data } = await json(res);
    expect(data).toMatchObject({ content_type: type, size: 50_000 });
    const row = await (await chatsOf(user.id))
      .prepare("SELECT chat_id, prompt, model, content_type FROM images WHERE id = ?")
      .bind(data.id)
      .first();
    expect(row).toEqual({ chat_id: chat.id, prompt: "mèo con", model: "m1", content_type: type });
    const got = await call("GET", data.url, { token: user.token });
    expect(got.status).toBe(200);
    expect(got.headers.get("Content-Type")).toBe(type);
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(bytes);
  });

  it("stores the type the bytes prove, not the one declared", async () => {
    const user = await seedUser();
    const res = await uploadRaw(user, imageBytes(MAGIC["image/gif"]), "image/png");
    expect(res.status).toBe(201);
    const { data } = await json(res);
    expect((await call("GET", data.url, { token: user.token })).headers.get("Content-Type")).toBe("image/gif");
  });

  it("accepts exactly 10 MB of raw bytes", async () => {
    const user = await seedUser();
    const res = await uploadRaw(user, imageBytes(MAGIC["image/png"], 10 * MB), "image/png");
    expect(res.status).toBe(201);
    expect((await json(res)).data.size).toBe(10 * MB);
  });

  it("refuses raw bytes over 10 MB with 413, storing nothing", async () => {
    const user = await seedUser();
    await expectMediaError(
      await uploadRaw(user, imageBytes(MAGIC["image/png"], 10 * MB + 1), "image/png"),
      413,
      "payload_too_large",
    );
    expect(await storedImages(user)).toEqual([]);
  });

  it("refuses base64 that decodes to over 10 MB with 413, storing nothing", async () => {
    const user = await seedUser();
    const image_data = `data:image/png;base64,${toBase64(imageBytes(MAGIC["image/png"], 10 * MB + 1))}`;
    await expectMediaError(await uploadJson(user, { image_data }), 413, "payload_too_large");
    expect(await storedImages(user)).toEqual([]);
  });

  it.each([
    ["an SVG data URL", { image_data: `data:image/svg+xml;base64,${btoa(SVG)}` }],
    ["SVG bytes declared as PNG", { image_data: `data:image/png;base64,${btoa(SVG)}` }],
    ["bare base64 of SVG", { image_data: btoa(SVG) }],
    ["a text data URL", { image_data: `data:text/html;base64,${btoa("<b>hi</b>")}` }],
    ["bytes that are no image", { image_data: btoa("just some text, long enough to not be empty") }],
    ["a PDF", { image_data: btoa("%PDF-1.7\n...") }],
  ])("refuses %s with 415, storing nothing", async (_, body) => {
    const user = await seedUser();
    await expectMediaError(await uploadJson(user, body), 415, "unsupported_media_type");
    expect(await storedImages(user)).toEqual([]);
  });

  it.each([
    ["image/svg+xml", SVG],
    ["text/plain", "hello"],
    ["application/octet-stream", imageBytes(MAGIC["image/png"])],
    ["multipart/form-data; boundary=x", "--x--"],
    [null, imageBytes(MAGIC["image/png"])],
  ])("refuses a raw body of type %s with 415", async (type, body) => {
    const user = await seedUser();
    await expectMediaError(await uploadRaw(user, body, type), 415, "unsupported_media_type");
    expect(await storedImages(user)).toEqual([]);
  });

  it("refuses a raw PNG-typed body whose bytes are SVG with 415", async () => {
    const user = await seedUser();
    await expectMediaError(await uploadRaw(user, SVG, "image/png"), 415, "unsupported_media_type");
  });

  it.each([
    ["no image_data", { prompt: "x" }, "image_data"],
    ["an empty image_data", { image_data: "" }, "image_data"],
    ["a numeric image_data", { image_data: 12345 }, "image_data"],
    ["invalid base64 characters", { image_data: "iVBORw0K!!!$$$" }, "image_data"],
    ["base64 of impossible length", { image_data: "iVBORw0KG" }, "image_data"],
    ["a data URL that is not base64", { image_data: "data:image/png,rawbytes" }, "image_data"],
    ["a data URL without a comma", { image_data: "data:image/png;base64" }, "image_data"],
    ["a malformed chat_id", { image_data: PNG_1X1, chat_id: "no spaces allowed" }, "chat_id"],
    ["a numeric prompt", { image_data: PNG_1X1, prompt: 5 }, "prompt"],
    ["an over-long prompt", { image_data: PNG_1X1, prompt: "p".repeat(10_001) }, "prompt"],
    ["a malformed message_id", { image_data: PNG_1X1, message_id: "" }, "message_id"],
  ])("rejects %s with 400 naming the field, storing nothing", async (_, body, field) => {
    const user = await seedUser();
    const err = await expectMediaError(await uploadJson(user, body), 400, "invalid_input");
    expect(err.field).toBe(field);
    expect(await storedImages(user)).toEqual([]);
  });

  it("rejects malformed JSON and non-object JSON with 400", async () => {
    const user = await seedUser();
    await expectMediaError(await uploadJson(user, '{"image_data": '), 400, "invalid_json");
    await expectMediaError(await uploadJson(user, '"iVBORw0K"'), 400, "invalid_json");
    await expectMediaError(await uploadJson(user, "null"), 400, "invalid_json");
  });

  it("rejects bad query metadata on a raw upload and an empty raw body with 400", async () => {
    const user = await seedUser();
    const err = await expectMediaError(
      await uploadRaw(user, imageBytes(MAGIC["image/png"]), "image/png", "?chat_id=bad%20id"),
      400,
      "invalid_input",
    );
    expect(err.field).toBe("chat_id");
    await expectMediaError(await uploadRaw(user, new Uint8Array(0), "image/png"), 400, "invalid_input");
    expect(await storedImages(user)).toEqual([]);
  });

  it("answers 404 for an unknown or deleted chat_id, storing nothing", async () => {
    const user = await seedUser();
    await expectMediaError(await uploadJson(user, { image_data: PNG_1X1, chat_id: "no-such-chat" }), 404, "not_found");
    const chat = await newChat(user, "Chat");
    await call("PATCH", `/chat-sessions/${chat.id}`, { token: user.token, body: { status: "deleted" } });
    await expectMediaError(
      await uploadRaw(user, imageBytes(MAGIC["image/png"]), "image/png", `?chat_id=${chat.id}`),
      404,
      "not_found",
    );
    expect(await storedImages(user)).toEqual([]);
  });
});

describe("GET /media-api/api/images/:id", () => {
  it("answers 404 for an unknown image and 400 for a malformed id", async () => {
    const user = await seedUser();
    await expectMediaError(
      await call("GET", `/media-api/api/images/${crypto.randomUUID()}`, { token: user.token }),
      404,
      "not_found",
    );
    await expectMediaError(
      await call("GET", "/media-api/api/images/bad%20id", { token: user.token }),
      400,
      "invalid_input",
    );
  });

  it("answers 404 when the stored object has gone from R2", async () => {
    const user = await seedUser();
    const { data } = await json(await uploadJson(user, { image_data: PNG_1X1 }));
    await env.IMAGES.delete(`images/${user.id}/${data.id}`);
    await expectMediaError(await call("GET", data.url, { token: user.token }), 404, "not_found");
  });
});
