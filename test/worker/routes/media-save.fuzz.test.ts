// Saved messages are untrusted data: whatever a client sends to POST /media-api/api/chat/save, the answer is 200, a
// clear 400 naming the field, or 413 — never a 500 — and a chat that saved something odd still loads (GET content
// 200). Citations are bounded (at most 50, an http(s) url ≤ 2,048, title/snippet/site ≤ 1,000 characters) and a
// message's stored size is capped below D1's row limit.
import { describe, expect, it } from "vitest";
import { call, json, makeChat, seedUser, type TestUser } from "../../support/api";

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
