// /chat-sessions behaviour for the chats' owner: listing and paging, create, read, update (PATCH and PUT), star,
// delete one or all, and content; plus the 400s for every kind of bad input. Before them, who may use them, then
// history search (who may, and what it finds). One file, so workerd loads the worker once for all of them.
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { type ChatsCursor, historySearchQuery, ownerToken, searchChats } from "../../../worker/db/history-search";
import {
  type HistorySearchChat,
  HistorySearchChatsResponseSchema,
  HistorySearchMessagesResponseSchema,
  toSegments,
} from "../../../worker/protocol/history-search";
import {
  call,
  chatsHolding,
  chatsOf,
  expectError,
  json,
  makeChat,
  newChat,
  ORIGIN,
  seedUser,
  type TestUser,
} from "../../support/api";

// ---- chat-sessions.security --------------------------------------------------------------------------------------
// Who may touch a chat: no credentials is 401 on every route, cookie-authenticated changes from a foreign origin are
// 403, and another user's (or a deleted) chat is a 404 on every route that leaves the chat exactly as it was.
const FOREIGN_ORIGIN = "https://evil.example";

async function saveOne(user: TestUser, chatId: string) {
  const res = await call("POST", "/media-api/api/chat/save", {
    token: user.token,
    body: { chat_id: chatId, messages: [{ message_id: "secret-1", sender: "user", message: "my secret" }] },
  });
  expect(res.status).toBe(200);
}

/** The owner's full view of a chat: its row and its content. */
async function snapshot(owner: TestUser, chatId: string) {
  const chat = await json(await call("GET", `/chat-sessions/${chatId}`, { token: owner.token }));
  const content = await json(await call("GET", `/chat-sessions/${chatId}/content`, { token: owner.token }));
  return { chat, content };
}

function cookieHeaders(user: TestUser, origin: string) {
  return { Cookie: `jwt_token=${user.token}; session_token=${user.sessionToken}`, Origin: origin };
}

const ROUTES: [string, string, unknown?][] = [
  ["GET", "/chat-sessions"],
  ["POST", "/chat-sessions", { title: "x" }],
  ["DELETE", "/chat-sessions"],
  ["GET", "/chat-sessions/some-chat"],
  ["PATCH", "/chat-sessions/some-chat", { title: "x" }],
  ["PUT", "/chat-sessions/some-chat", { title: "x" }],
  ["PATCH", "/chat-sessions/some-chat/toggle-star"],
  ["GET", "/chat-sessions/some-chat/content"],
];

describe("chat-sessions without credentials", () => {
  it.each(ROUTES)("%s %s answers 401", async (method, path, body) => {
    await expectError(await call(method, path, { body }), 401, "unauthorized");
  });

  it.each(ROUTES)("%s %s answers 401 for a forged token", async (method, path, body) => {
    await expectError(await call(method, path, { body, token: "not.a.jwt" }), 401, "invalid_token");
  });

  it("answers 401 once the session has been logged out", async () => {
    const user = await seedUser();
    const chat = await newChat(user, "Private");
    const out = await call("DELETE", `/user-sessions/${user.sessionToken}`, { token: user.token });
    expect(out.status).toBeLessThan(300);
    const res = await call("GET", `/chat-sessions/${chat.id}`, { token: user.token });
    expect(res.status).toBe(401);
  });
});

describe("chat-sessions with cookie credentials", () => {
  it("reads with cookies from any origin (GET is not a state change)", async () => {
    const user = await seedUser();
    await newChat(user, "Private");
    const res = await call("GET", "/chat-sessions", { headers: cookieHeaders(user, FOREIGN_ORIGIN) });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toHaveLength(1);
  });

  it("accepts state changes from the app's own origin", async () => {
    const user = await seedUser();
    const res = await call("POST", "/chat-sessions", {
      headers: cookieHeaders(user, ORIGIN),
      body: { title: "same origin" },
    });
    expect(res.status).toBe(201);
  });

  it.each([
    ["POST", "", { title: "evil" }],
    ["DELETE", "", undefined],
    ["PATCH", "/:id", { title: "evil" }],
    ["PUT", "/:id", { title: "evil" }],
    ["PATCH", "/:id/toggle-star", undefined],
  ] as const)(
    "refuses %s /chat-sessions%s from a foreign origin with 403 and changes nothing",
    async (method, suffix, body) => {
      const user = await seedUser();
      const chat = await newChat(user, "Untouched");
      const before = await snapshot(user, chat.id);
      const res = await call(method, `/chat-sessions${suffix.replace(":id", chat.id)}`, {
        headers: cookieHeaders(user, FOREIGN_ORIGIN),
        body,
      });
      await expectError(res, 403, "csrf_rejected");
      expect(await snapshot(user, chat.id)).toEqual(before);
      const all = await json(await call("GET", "/chat-sessions", { token: user.token }));
      expect(all.data.map((c: { id: string }) => c.id)).toEqual([chat.id]);
    },
  );

  it("refuses a cookie state change with no Origin and no Sec-Fetch-Site", async () => {
    const user = await seedUser();
    const res = await call("POST", "/chat-sessions", {
      headers: { Cookie: `jwt_token=${user.token}; session_token=${user.sessionToken}` },
      body: { title: "x" },
    });
    await expectError(res, 403, "csrf_rejected");
  });
});

describe("another user's chat", () => {
  async function setup() {
    const owner = await seedUser();
    const intruder = await seedUser();
    const chat = await newChat(owner, "Owner's chat");
    await saveOne(owner, chat.id);
    await newChat(intruder, "Intruder's own chat");
    return { owner, intruder, chat, before: await snapshot(owner, chat.id) };
  }

  it.each([
    ["GET", "", undefined],
    ["GET", "/content", undefined],
    ["PATCH", "", { title: "hijacked", is_starred: true }],
    ["PUT", "", { title: "hijacked" }],
    ["PATCH", "", { status: "deleted" }],
    ["PATCH", "/toggle-star", undefined],
    ["PATCH", "/toggle-star", { is_starred: true }],
  ] as const)("%s /chat-sessions/:id%s answers 404 and leaves the chat as it was", async (method, suffix, body) => {
    const { owner, intruder, chat, before } = await setup();
    const res = await call(method, `/chat-sessions/${chat.id}${suffix}`, { token: intruder.token, body });
    await expectError(res, 404, "not_found");
    expect(await snapshot(owner, chat.id)).toEqual(before);
  });

  it("never appears in the intruder's list", async () => {
    const { intruder, chat } = await setup();
    const { data } = await json(await call("GET", "/chat-sessions", { token: intruder.token }));
    expect(data).toHaveLength(1);
    expect(data.map((c: { id: string }) => c.id)).not.toContain(chat.id);
  });

  it("survives the intruder clearing their own conversations", async () => {
    const { owner, intruder, chat, before } = await setup();
    const res = await call("DELETE", "/chat-sessions", { token: intruder.token });
    expect((await json(res)).data).toEqual({ deleted: 1 });
    expect(await snapshot(owner, chat.id)).toEqual(before);
    const { data } = await json(await call("GET", "/chat-sessions", { token: owner.token }));
    expect(data.map((c: { id: string }) => c.id)).toEqual([chat.id]);
  });

  it("cannot be paged into through a crafted before cursor", async () => {
    const { intruder, chat } = await setup();
    const res = await call("GET", `/chat-sessions?before=${encodeURIComponent(`9999999999999~${chat.id}`)}`, {
      token: intruder.token,
    });
    expect(res.status).toBe(200);
    const ids = (await json(res)).data.map((c: { id: string }) => c.id);
    expect(ids).toHaveLength(1);
    expect(ids).not.toContain(chat.id);
  });
});

describe("a deleted chat", () => {
  it.each([
    ["GET", "", undefined],
    ["GET", "/content", undefined],
    ["PATCH", "", { status: "active" }],
    ["PUT", "", { title: "revived" }],
    ["PATCH", "/toggle-star", undefined],
  ] as const)("%s /chat-sessions/:id%s answers 404 to its own owner", async (method, suffix, body) => {
    const owner = await seedUser();
    const chat = await newChat(owner, "Private");
    const del = await call("PATCH", `/chat-sessions/${chat.id}`, { token: owner.token, body: { status: "deleted" } });
    expect(del.status).toBe(200);
    await expectError(
      await call(method, `/chat-sessions/${chat.id}${suffix}`, { token: owner.token, body }),
      404,
      "not_found",
    );
  });
});

// ---- history-search.security -------------------------------------------------------------------------------------
// History search only ever sees the caller's chats: another user's titles and messages never appear, another user's
// chat_id is a 404 (as a chat that does not exist), a query cannot reach the owner filter, and no credentials is 401.
/** A chat of the user's with one saved question. */
async function chatWithOne(user: TestUser, title: string, message: string) {
  const id = await makeChat(user.id, title);
  const res = await call("POST", "/media-api/api/chat/save", {
    token: user.token,
    body: { chat_id: id, messages: [{ message_id: "m1", sender: "user", message }] },
  });
  expect(res.status).toBe(200);
  return id;
}

describe("history search authorization", () => {
  it("never returns another user's chats, by message or by title", async () => {
    const alice = await seedUser();
    const bob = await seedUser();
    const mine = await chatWithOne(alice, "Pangolin plans", "the pangolin secret is safe");
    await chatWithOne(bob, "Pangolin plans", "bob's pangolin secret");
    for (const q of ["pangolin", "secret", "plans", "pangolin secret"]) {
      const { status, body } = await search(alice, { q });
      expect(status).toBe(200);
      expect(
        body.data.map((r: { chat_id: string }) => r.chat_id),
        q,
      ).toEqual([mine]);
      expect(JSON.stringify(body)).not.toContain("bob");
    }
  });

  it("answers 404 for another user's chat_id, the same as a chat that does not exist", async () => {
    const alice = await seedUser();
    const bob = await seedUser();
    const bobs = await chatWithOne(bob, "Bob's", "wombat diary");
    const foreign = await search(alice, { q: "wombat", chat_id: bobs });
    const missing = await search(alice, { q: "wombat", chat_id: "does-not-exist" });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    // The owner still finds it.
    const own = await search(bob, { q: "wombat", chat_id: bobs });
    expect(own.status).toBe(200);
    expect(own.body.data).toHaveLength(1);
  });

  it("answers 404 for the caller's own deleted chat", async () => {
    const alice = await seedUser();
    const id = await chatWithOne(alice, "Old", "tapir notes");
    await (await chatsOf(alice.id)).prepare("UPDATE chat_sessions SET status = 'deleted' WHERE id = ?").bind(id).run();
    expect((await search(alice, { q: "tapir", chat_id: id })).status).toBe(404);
  });

  it("cannot be steered to another owner through the query text", async () => {
    const alice = await seedUser();
    const bob = await seedUser();
    await chatWithOne(bob, "Bob", "okapi");
    for (const q of [
      `owner : ${ownerToken(bob.id)}`,
      `okapi OR owner:${ownerToken(bob.id)}`,
      `"okapi") OR (owner : ${ownerToken(bob.id)}`,
    ]) {
      const { status, body } = await search(alice, { q });
      expect(status).toBe(200);
      expect(body.data).toEqual([]);
    }
  });

  it("needs a session", async () => {
    const res = await call("GET", "/chat-sessions/search?q=x");
    expect(res.status).toBe(401);
    const inChat = await call("GET", "/chat-sessions/search?q=x&chat_id=abc");
    expect(inChat.status).toBe(401);
  });
});

// ---- history-search ----------------------------------------------------------------------------------------------
// GET /chat-sessions/search: the caller's chats found by title and message content (FTS5, kept current by the saves,
// diacritics-insensitive), newest first with highlighted snippets; a search inside one chat; bad queries never 500.
type Msg = { message_id: string; sender: "user" | "bot"; message: string };

async function save(user: TestUser, chatId: string, messages: Msg[]) {
  const res = await call("POST", "/media-api/api/chat/save", {
    token: user.token,
    body: { chat_id: chatId, messages },
  });
  expect(res.status).toBe(200);
}

async function chatWith(user: TestUser, title: string, messages: Msg[], lastMessageAt?: number) {
  const id = await makeChat(user.id, title);
  if (messages.length) await save(user, id, messages);
  if (lastMessageAt !== undefined)
    await (await chatsOf(user.id))
      .prepare("UPDATE chat_sessions SET last_message_at = ? WHERE id = ?")
      .bind(lastMessageAt, id)
      .run();
  return id;
}

async function search(user: TestUser, query: Record<string, string>) {
  const res = await call("GET", `/chat-sessions/search?${new URLSearchParams(query)}`, { token: user.token });
  return { status: res.status, body: await json(res) };
}

async function chatsFor(user: TestUser, q: string, extra: Record<string, string> = {}) {
  const { status, body } = await search(user, { q, ...extra });
  expect(status).toBe(200);
  return v.parse(HistorySearchChatsResponseSchema, body);
}

const marked = (r: HistorySearchChat) => (r.snippet ?? []).filter((s) => s.match).map((s) => s.text);

describe("GET /chat-sessions/search", () => {
  it("finds a chat by a word from inside one of its answers, with the match marked", async () => {
    const user = await seedUser();
    const id = await chatWith(user, "Cooking", [
      { message_id: "q1", sender: "user", message: "How do I make soup?" },
      {
        message_id: "a1",
        sender: "bot",
        message: "Start with a good broth: simmer beef bones with star anise for six hours.",
      },
    ]);
    await chatWith(user, "Other", [{ message_id: "q2", sender: "user", message: "Tell me about trains" }]);
    const page = await chatsFor(user, "anise");
    expect(page.data).toHaveLength(1);
    const [hit] = page.data;
    expect(hit).toMatchObject({
      chat_id: id,
      title: "Cooking",
      message_id: "a1",
      title_highlight: [{ text: "Cooking", match: false }],
    });
    expect(hit!.last_message_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(marked(hit!)).toEqual(["anise"]);
    expect(hit!.snippet!.map((s) => s.text).join("")).toContain("simmer beef bones with star anise");
    expect(page.next_cursor).toBeNull();
  });

  it("ignores diacritics: pho finds phở and ha noi finds Hà Nội", async () => {
    const user = await seedUser();
    const id = await chatWith(user, "Ăn sáng", [
      { message_id: "a", sender: "bot", message: "Phở bò ở Hà Nội ngon nhất là phở gánh." },
    ]);
    for (const q of ["pho", "PHO", "phở", "ha noi", "hà nội", "Ha Noi bo"]) {
      const page = await chatsFor(user, q);
      expect(
        page.data.map((r) => r.chat_id),
        q,
      ).toEqual([id]);
    }
    expect(marked((await chatsFor(user, "pho")).data[0]!)).toEqual(["Phở", "phở"]);
  });

  it("matches đ and d both ways (unicode61 keeps đ a letter of its own)", async () => {
    const user = await seedUser();
    const withD = await chatWith(user, "Du lịch", [
      { message_id: "a", sender: "bot", message: "Đà Nẵng có bãi biển đẹp, đúng không?" },
    ]);
    const plain = await chatWith(user, "Tieng Viet khong dau", [
      { message_id: "b", sender: "user", message: "Da Nang dep lam, dung khong" },
    ]);
    const both = [withD, plain].sort();
    expect((await chatsFor(user, "da nang")).data.map((r) => r.chat_id).sort()).toEqual(both);
    expect((await chatsFor(user, "Đà Nẵng")).data.map((r) => r.chat_id).sort()).toEqual(both);
    expect((await chatsFor(user, "dung")).data.map((r) => r.chat_id).sort()).toEqual(both);
    expect((await chatsFor(user, "đẹp")).data.map((r) => r.chat_id).sort()).toEqual(both);
  });

  it("finds chats by title, with the title's match marked and no message snippet", async () => {
    const user = await seedUser();
    const id = await chatWith(user, "Kế hoạch du lịch Huế", [{ message_id: "a", sender: "user", message: "xin chào" }]);
    const [hit] = (await chatsFor(user, "hue")).data;
    expect(hit).toMatchObject({ chat_id: id, snippet: null, message_id: null });
    expect(hit!.title_highlight).toEqual([
      { text: "Kế hoạch du lịch ", match: false },
      { text: "Huế", match: true },
    ]);
  });

  it("matches the last word as a prefix, for search as you type", async () => {
    const user = await seedUser();
    const id = await chatWith(user, "Chat", [
      { message_id: "a", sender: "bot", message: "Photosynthesis turns light into sugar." },
    ]);
    expect((await chatsFor(user, "photosyn")).data.map((r) => r.chat_id)).toEqual([id]);
    expect((await chatsFor(user, "photosyn light")).data).toEqual([]); // only the last word is a prefix
    expect((await chatsFor(user, "light photosyn")).data.map((r) => r.chat_id)).toEqual([id]);
  });

  it("follows edits: the index is kept current by the saves", async () => {
    const user = await seedUser();
    const id = await chatWith(user, "Edits", [{ message_id: "q", sender: "user", message: "tell me about zebras" }]);
    expect((await chatsFor(user, "zebras")).data).toHaveLength(1);
    await save(user, id, [{ message_id: "q", sender: "user", message: "tell me about giraffes" }]);
    expect((await chatsFor(user, "zebras")).data).toEqual([]);
    expect((await chatsFor(user, "giraffes")).data.map((r) => r.chat_id)).toEqual([id]);
    await (await chatsOf(user.id)).prepare("UPDATE chat_sessions SET title = 'Long necks' WHERE id = ?").bind(id).run();
    expect((await chatsFor(user, "necks")).data.map((r) => r.chat_id)).toEqual([id]);
    expect((await chatsFor(user, "edits")).data).toEqual([]);
  });

  it("leaves out deleted chats", async () => {
    const user = await seedUser();
    const id = await chatWith(user, "Gone", [{ message_id: "q", sender: "user", message: "quokka facts" }]);
    expect((await chatsFor(user, "quokka")).data).toHaveLength(1);
    const res = await call("PATCH", `/chat-sessions/${id}`, { token: user.token, body: { status: "deleted" } });
    expect(res.status).toBe(200);
    expect((await chatsFor(user, "quokka")).data).toEqual([]);
    expect((await chatsFor(user, "gone")).data).toEqual([]);
  });

  it("forgets the messages of a chat removed from D1", async () => {
    const user = await seedUser();
    const id = await chatWith(user, "Removed", [{ message_id: "q", sender: "user", message: "axolotl" }]);
    const chats = await chatsOf(user.id);
    await chats.prepare("DELETE FROM chat_sessions WHERE id = ?").bind(id).run();
    const left = await chats
      .prepare("SELECT count(*) AS n FROM message_fts WHERE chat_id = ?")
      .bind(id)
      .first<{ n: number }>();
    const titles = await chats
      .prepare("SELECT count(*) AS n FROM chat_title_fts WHERE chat_id = ?")
      .bind(id)
      .first<{ n: number }>();
    expect(left!.n).toBe(0);
    expect(titles!.n).toBe(0);
  });

  it("lists title matches first (newest first), then chats by their most recent matching message, a page at a time", async () => {
    const user = await seedUser();
    const day = 24 * 60 * 60 * 1000;
    const now = Date.now();
    // Saved oldest first, as a history grows: chat 4's message is the oldest mention, chat 0's the newest.
    const byContent: string[] = [];
    for (let i = 4; i >= 0; i--)
      byContent.unshift(
        await chatWith(
          user,
          `Chat ${i}`,
          [{ message_id: `m${i}`, sender: "bot", message: `the ocelot number ${i}` }],
          now - i * day,
        ),
      );
    const titled = [
      await chatWith(user, "Ocelot care (old)", [], now - 30 * day),
      await chatWith(user, "Ocelot care (new)", [], now - 2 * day),
    ].reverse();
    const first = await chatsFor(user, "ocelot", { limit: "2" });
    expect(first.data.map((r) => r.chat_id)).toEqual(titled);
    const pages = [first.data.map((r) => r.chat_id)];
    let cursor = first.next_cursor;
    while (cursor) {
      const page = await chatsFor(user, "ocelot", { limit: "2", cursor });
      pages.push(page.data.map((r) => r.chat_id));
      cursor = page.next_cursor;
    }
    expect(pages.flat()).toEqual([...titled, ...byContent]);
    // Groupable by date: last_message_at in UTC 'YYYY-MM-DD HH:MM:SS'.
    const all = (await chatsFor(user, "ocelot", { limit: "50" })).data;
    expect(all.find((r) => r.chat_id === byContent[1])!.last_message_at).toBe(
      new Date(now - day).toISOString().slice(0, 19).replace("T", " "),
    );
  });

  it("lists every matching chat exactly once across pages, even with a small scan budget", async () => {
    const user = await seedUser();
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const id = await chatWith(user, `Chat ${i}`, [{ message_id: "a", sender: "user", message: "capybara one" }]);
      ids.push(id);
    }
    // Later mentions in the first chats: they move up, and their older mentions must not list them again.
    await save(user, ids[0]!, [{ message_id: "b", sender: "bot", message: "capybara two" }]);
    await save(user, ids[1]!, [
      { message_id: "b", sender: "bot", message: "capybara three" },
      { message_id: "c", sender: "bot", message: "capybara four" },
    ]);
    for (const scanBudget of [1, 2, 3, 100]) {
      const seen: string[] = [];
      let cursor: ChatsCursor | undefined;
      let guard = 0;
      do {
        const page = await searchChats({
          d1: await chatsOf(user.id),
          userId: user.id,
          expr: historySearchQuery("capybara")!,
          limit: 2,
          cursor,
          scanBudget,
        });
        seen.push(...page.results.map((r) => r.chat_id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor && ++guard < 50);
      expect(seen, `budget ${scanBudget}`).toEqual([ids[1], ids[0], ids[5], ids[4], ids[3], ids[2]]);
    }
  });

  it("gives each chat the snippet of its latest matching message", async () => {
    const user = await seedUser();
    await chatWith(user, "Many", [
      { message_id: "1", sender: "user", message: "first mention of narwhal" },
      { message_id: "2", sender: "bot", message: "second mention of narwhal here" },
    ]);
    const [hit] = (await chatsFor(user, "narwhal")).data;
    expect(hit!.message_id).toBe("2");
  });

  it("shows an answer's snippet as the plain text a reader sees, not its Markdown, the match marked", async () => {
    const user = await seedUser();
    const id = await chatWith(user, "Ghi chú", [
      { message_id: "q", sender: "user", message: "Cài đặt thế nào?" },
      {
        message_id: "a",
        sender: "bot",
        message: [
          "## Cách cài",
          '> **Lưu ý:** dùng `npm install` trong thư mục *dự án*, xem [hướng dẫn](https://example.com/huong-dan "Hướng dẫn").',
          "| Mục | Giá |\n|---|---:|\n| Phở **bò** | 50.000 ₫ |",
          "```sh\nnpm run kumquat\n```",
        ].join("\n\n"),
      },
    ]);
    const text = async (q: string) => {
      const [hit] = (await chatsFor(user, q)).data;
      expect(hit?.chat_id, q).toBe(id);
      return hit!.snippet!.map((s) => s.text).join("");
    };
    const quote = await text("npm install");
    expect(quote).toContain("Lưu ý: dùng npm install trong thư mục dự án, xem hướng dẫn.");
    expect(quote).not.toMatch(/[>*`]|\]\(|https:/);
    expect((await chatsFor(user, "npm install")).data[0]!.snippet!.filter((s) => s.match).map((s) => s.text)).toEqual([
      "npm",
      "install",
    ]);
    const row = await text("bò");
    expect(row).toContain("Mục · Giá Phở bò · 50.000 ₫");
    expect(row).not.toMatch(/[|*]|---/);
    const code = await text("kumquat");
    expect(code).toContain("npm run kumquat");
    expect(code).not.toContain("```");
    // a question is shown as it was typed, as the chat shows it
    await save(user, id, [{ message_id: "q2", sender: "user", message: "Vì sao `npm` báo lỗi **EACCES**?" }]);
    expect(await text("eacces")).toBe("Vì sao `npm` báo lỗi **EACCES**?");
  });

  it("routes /chat-sessions/search here, not to /chat-sessions/:id", async () => {
    const user = await seedUser();
    const res = await call("GET", "/chat-sessions/search", { token: user.token });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ code: "invalid_input", field: "q" });
    const id = await makeChat(user.id, "Still reachable");
    const chat = await call("GET", `/chat-sessions/${id}`, { token: user.token });
    expect(chat.status).toBe(200);
  });

  describe("bad queries never 500", () => {
    const hostile = [
      '"',
      '""',
      "*",
      "pho*",
      "NEAR(a b)",
      "a OR",
      "AND",
      "NOT x",
      "body:secret",
      "owner : u00",
      "chat_id:1",
      "(",
      "a)",
      "^start",
      "-minus",
      "+plus",
      "{title body}: x",
      "'; DROP TABLE messages; --",
      "\u0000\u0002\u0003",
      "🙂🙂",
      "x".repeat(200),
      Array(50).fill("dd").join(" "),
    ];
    it.each(hostile)("answers 200 for %j", async (q) => {
      const user = await seedUser();
      await chatWith(user, "Chat", [{ message_id: "a", sender: "bot", message: "pho and near and body secret" }]);
      const { status, body } = await search(user, { q });
      expect(status).toBe(200);
      expect(body).toMatchObject({ status: "success", data: expect.any(Array) });
    });

    it.each([
      ["", "q is required"],
      ["   ", "q is required"],
      ["x".repeat(201), "at most 200"],
    ])("answers 400 for %j", async (q, message) => {
      const user = await seedUser();
      const { status, body } = await search(user, { q });
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: "invalid_input", field: "q", message: expect.stringContaining(message) });
    });

    it.each([
      [{ q: "x", limit: "0" }, "limit"],
      [{ q: "x", limit: "51" }, "limit"],
      [{ q: "x", limit: "ten" }, "limit"],
      [{ q: "x", cursor: "garbage" }, "cursor"],
      [{ q: "x", cursor: "12~34" }, "cursor"],
      [{ q: "x", chat_id: "abc", cursor: "m~12" }, "cursor"],
      [{ q: "x", chat_id: "../etc" }, "chat_id"],
    ])("answers 400 for %o", async (query, field) => {
      const user = await seedUser();
      const { status, body } = await search(user, query);
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: "invalid_input", field });
    });

    it("treats query words as words, not FTS5 operators", async () => {
      const user = await seedUser();
      const id = await chatWith(user, "Ops", [
        { message_id: "a", sender: "bot", message: "use NEAR and OR in queries" },
      ]);
      expect((await chatsFor(user, "NEAR")).data.map((r) => r.chat_id)).toEqual([id]);
      expect((await chatsFor(user, "or")).data.map((r) => r.chat_id)).toEqual([id]);
      expect((await chatsFor(user, "NOT")).data).toEqual([]);
    });
  });
});

describe("GET /chat-sessions/search?chat_id=", () => {
  it("returns the chat's matching messages oldest first, with snippets", async () => {
    const user = await seedUser();
    const id = await chatWith(user, "Plants", [
      { message_id: "1", sender: "user", message: "What is chlorophyll?" },
      { message_id: "2", sender: "bot", message: "Chlorophyll is the green pigment of plants." },
      { message_id: "3", sender: "user", message: "Thanks!" },
    ]);
    await chatWith(user, "Elsewhere", [{ message_id: "x", sender: "user", message: "chlorophyll again" }]);
    const { status, body } = await search(user, { q: "chlorophyll", chat_id: id });
    expect(status).toBe(200);
    const page = v.parse(HistorySearchMessagesResponseSchema, body);
    expect(page.data.map((m) => [m.message_id, m.sender])).toEqual([
      ["1", "user"],
      ["2", "bot"],
    ]);
    expect(page.data[1]!.snippet).toEqual(toSegments("\u0002Chlorophyll\u0003 is the green pigment of plants."));
    expect(page.data[0]!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(page.data.map((m) => m.hits)).toEqual([1, 1]);
  });

  it("counts the matches a reader sees in each message, not those in a link's address or an image", async () => {
    const user = await seedUser();
    const id = await chatWith(user, "Fruit", [
      { message_id: "1", sender: "user", message: "Kumquats or kumquat jam?" },
      {
        message_id: "2",
        sender: "bot",
        message:
          "**Kumquats** are small. See [the kumquat page](https://example.com/kumquat) and ![a kumquat](/kumquat.png).\n\n- Kumquat jam",
      },
    ]);
    const page = v.parse(HistorySearchMessagesResponseSchema, (await search(user, { q: "kumquat", chat_id: id })).body);
    expect(page.data.map((m) => [m.message_id, m.hits])).toEqual([
      ["1", 2],
      ["2", 3],
    ]);
    expect(page.data[1]!.snippet.map((s) => s.text).join("")).toBe(
      "Kumquats are small. See the kumquat page and . Kumquat jam",
    );
  });

  it("pages with next_cursor", async () => {
    const user = await seedUser();
    const id = await chatWith(
      user,
      "Paged",
      Array.from({ length: 5 }, (_, i) => ({ message_id: `m${i}`, sender: "user" as const, message: `lemur ${i}` })),
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: Record<string, string> = { q: "lemur", chat_id: id, limit: "2" };
      if (cursor) query.cursor = cursor;
      const { body } = await search(user, query);
      const page = v.parse(HistorySearchMessagesResponseSchema, body);
      seen.push(...page.data.map((m) => m.message_id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen.sort()).toEqual(["m0", "m1", "m2", "m3", "m4"]);
  });

  it("is a 404 for a chat that does not exist", async () => {
    const user = await seedUser();
    const { status, body } = await search(user, { q: "x", chat_id: "no-such-chat" });
    expect(status).toBe(404);
    expect(body).toMatchObject({ code: "not_found" });
  });
});

describe("historySearchQuery", () => {
  it("quotes every word as an FTS5 string and makes the last a prefix", () => {
    expect(historySearchQuery('NEAR("a" b)*')).toBe('"near" AND "a" AND "b"*');
    expect(historySearchQuery("Phở bò")).toBe('"phở" AND "bò"*');
  });

  it("expands d and đ both ways", () => {
    expect(historySearchQuery("đúng")).toBe('("dúng"* OR "đúng"*)');
  });

  it("is null when there is no word", () => {
    expect(historySearchQuery(" *** () ")).toBeNull();
  });
});

// ---- chat-sessions -----------------------------------------------------------------------------------------------
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** Puts a chat at a known place in the list (ms since the epoch), so order tests never depend on clock ticks. */
async function setLastMessageAt(id: string, ms: number) {
  await (await chatsHolding(id))
    .prepare("UPDATE chat_sessions SET last_message_at = ? WHERE id = ?")
    .bind(ms, id)
    .run();
}

async function list(user: TestUser, query = "") {
  const res = await call("GET", `/chat-sessions${query}`, { token: user.token });
  return { res, body: await json(res) };
}

describe("GET /chat-sessions", () => {
  it("lists the user's active chats newest last_message_at first, in the public shape", async () => {
    const user = await seedUser();
    const a = await newChat(user, "A");
    const b = await newChat(user, "B");
    const c = await newChat(user, "C");
    await setLastMessageAt(a.id, Date.UTC(2024, 0, 2));
    await setLastMessageAt(b.id, Date.UTC(2024, 0, 3));
    await setLastMessageAt(c.id, Date.UTC(2024, 0, 1));

    const { res, body } = await list(user);
    expect(res.status).toBe(200);
    expect(body.status).toBe("success");
    expect(body.data.map((x: { id: string }) => x.id)).toEqual([b.id, a.id, c.id]);
    expect(body.data[0]).toEqual({
      id: b.id,
      title: "B",
      status: "active",
      is_starred: false,
      persona: null,
      last_message_at: "2024-01-03 00:00:00",
      created_at: expect.any(String),
      updated_at: expect.any(String),
      project_id: null,
      system_prompt: null,
      temperature: null,
      max_tokens: null,
    });
    expect(body.next_before).toBeNull();
  });

  it("moves a chat to the top when a message is saved into it", async () => {
    const user = await seedUser();
    const older = await newChat(user, "older");
    const newer = await newChat(user, "newer");
    await setLastMessageAt(older.id, Date.UTC(2020, 0, 1));
    await setLastMessageAt(newer.id, Date.UTC(2021, 0, 1));
    expect((await list(user)).body.data.map((x: { id: string }) => x.id)).toEqual([newer.id, older.id]);

    const save = await call("POST", "/media-api/api/chat/save", {
      token: user.token,
      body: { chat_id: older.id, messages: [{ message_id: "m1", sender: "user", message: "hello" }] },
    });
    expect(save.status).toBe(200);
    const after = (await list(user)).body.data;
    expect(after.map((x: { id: string }) => x.id)).toEqual([older.id, newer.id]);
    expect(after[0].last_message_at).toMatch(DATE_TIME);
  });

  it("pages with limit and before through every chat exactly once, ties on last_message_at included", async () => {
    const user = await seedUser();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await newChat(user, `chat ${i}`)).id);
    // Two pairs share a timestamp, so the cursor must break ties by id.
    const times = [5, 4, 4, 3, 2, 2, 1].map((d) => Date.UTC(2024, 0, d));
    for (let i = 0; i < ids.length; i++) await setLastMessageAt(ids[i]!, times[i]!);
    const full = (await list(user)).body.data.map((x: { id: string }) => x.id);
    expect(full).toHaveLength(7);

    const seen: string[] = [];
    let before: string | null = null;
    let pages = 0;
    do {
      const { res, body }: { res: Response; body: any } = await list(
        user,
        `?limit=3${before ? `&before=${encodeURIComponent(before)}` : ""}`,
      );
      expect(res.status).toBe(200);
      expect(body.data.length).toBeLessThanOrEqual(3);
      seen.push(...body.data.map((x: { id: string }) => x.id));
      before = body.next_before;
      pages++;
    } while (before && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(full);
  });

  it("returns 100 chats by default and says where the next page starts", async () => {
    const user = await seedUser();
    const chats = await chatsOf(user.id);
    const stmt = chats.prepare(
      "INSERT INTO chat_sessions (id, user_id, title, created_at, updated_at, last_message_at) VALUES (?, ?, 'bulk', ?, ?, ?)",
    );
    await chats.batch(
      Array.from({ length: 101 }, (_, i) => stmt.bind(`bulk-${user.id}-${i}`, user.id, i, i, 1_000 + i)),
    );
    const { body } = await list(user);
    expect(body.data).toHaveLength(100);
    expect(body.data[0].id).toBe(`bulk-${user.id}-100`);
    expect(body.next_before).toEqual(expect.any(String));
    const rest = await list(user, `?before=${encodeURIComponent(body.next_before)}`);
    expect(rest.body.data.map((x: { id: string }) => x.id)).toEqual([`bulk-${user.id}-0`]);
    expect(rest.body.next_before).toBeNull();
  });

  it("does not list deleted chats", async () => {
    const user = await seedUser();
    const kept = await newChat(user, "kept");
    const gone = await newChat(user, "gone");
    await call("PATCH", `/chat-sessions/${gone.id}`, { token: user.token, body: { status: "deleted" } });
    expect((await list(user)).body.data.map((x: { id: string }) => x.id)).toEqual([kept.id]);
  });

  it.each(["0", "201", "-1", "1.5", "abc", "", "1e2"])("rejects limit=%s with 400", async (limit) => {
    const user = await seedUser();
    const body = await expectError(
      await call("GET", `/chat-sessions?limit=${limit}`, { token: user.token }),
      400,
      "invalid_input",
    );
    expect(body.field).toBe("limit");
  });

  it("rejects a repeated limit parameter with 400", async () => {
    const user = await seedUser();
    await expectError(await call("GET", "/chat-sessions?limit=5&limit=6", { token: user.token }), 400, "invalid_input");
  });

  it.each(["yesterday", "123", "~abc", "abc~def", "12~bad id", "12~"])("rejects before=%s with 400", async (before) => {
    const user = await seedUser();
    const body = await expectError(
      await call("GET", `/chat-sessions?before=${encodeURIComponent(before)}`, { token: user.token }),
      400,
      "invalid_input",
    );
    expect(body.field).toBe("before");
  });

  it("accepts limit 1 and 200", async () => {
    const user = await seedUser();
    await newChat(user);
    await newChat(user);
    expect((await list(user, "?limit=1")).body.data).toHaveLength(1);
    expect((await list(user, "?limit=200")).body.data).toHaveLength(2);
  });
});

describe("POST /chat-sessions", () => {
  it("creates a chat with the trimmed title and answers 201 with it", async () => {
    const user = await seedUser();
    const res = await call("POST", "/chat-sessions", { token: user.token, body: { title: "  Trip to Hà Nội  " } });
    expect(res.status).toBe(201);
    const { status, data } = await json(res);
    expect(status).toBe("success");
    expect(data).toMatchObject({
      id: expect.any(String),
      title: "Trip to Hà Nội",
      status: "active",
      is_starred: false,
    });
    expect(data.last_message_at).toMatch(DATE_TIME);
    const got = await call("GET", `/chat-sessions/${data.id}`, { token: user.token });
    expect((await json(got)).data).toEqual(data);
  });

  it.each([
    ["no title", {}],
    ["a null title", { title: null }],
    ["a blank title", { title: "   " }],
  ])("defaults the title to New Chat for %s", async (_, body) => {
    const user = await seedUser();
    const res = await call("POST", "/chat-sessions", { token: user.token, body });
    expect(res.status).toBe(201);
    expect((await json(res)).data.title).toBe("New Chat");
  });

  it("creates a chat when the request has no body at all", async () => {
    const user = await seedUser();
    const res = await call("POST", "/chat-sessions", { token: user.token });
    expect(res.status).toBe(201);
    expect((await json(res)).data.title).toBe("New Chat");
  });

  it("accepts a 200-character title and rejects 201 characters", async () => {
    const user = await seedUser();
    const ok = await call("POST", "/chat-sessions", { token: user.token, body: { title: "x".repeat(200) } });
    expect(ok.status).toBe(201);
    const bad = await call("POST", "/chat-sessions", { token: user.token, body: { title: "x".repeat(201) } });
    expect((await expectError(bad, 400, "invalid_input")).field).toBe("title");
  });

  it.each([
    ["a number title", { title: 5 }],
    ["an object title", { title: { text: "x" } }],
  ])("rejects %s with 400", async (_, body) => {
    const user = await seedUser();
    const res = await call("POST", "/chat-sessions", { token: user.token, body });
    expect((await expectError(res, 400, "invalid_input")).field).toBe("title");
  });

  it("rejects malformed JSON and a JSON null body with 400, creating nothing", async () => {
    const user = await seedUser();
    await expectError(await call("POST", "/chat-sessions", { token: user.token, body: "{title:" }), 400);
    await expectError(await call("POST", "/chat-sessions", { token: user.token, body: "null" }), 400, "invalid_json");
    expect((await list(user)).body.data).toEqual([]);
  });
});

describe("GET /chat-sessions/:id", () => {
  it("returns the chat", async () => {
    const user = await seedUser();
    const chat = await newChat(user, "Mine");
    const res = await call("GET", `/chat-sessions/${chat.id}`, { token: user.token });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toMatchObject({ id: chat.id, title: "Mine", status: "active" });
  });

  it("answers 404 for an unknown id", async () => {
    const user = await seedUser();
    await expectError(await call("GET", "/chat-sessions/no-such-chat", { token: user.token }), 404, "not_found");
  });

  it.each(["bad%20id", "a".repeat(101), "%3Cscript%3E"])("answers 400 for the malformed id %s", async (id) => {
    const user = await seedUser();
    const body = await expectError(
      await call("GET", `/chat-sessions/${id}`, { token: user.token }),
      400,
      "invalid_input",
    );
    expect(body.field).toBe("id");
  });
});

describe.each(["PATCH", "PUT"])("%s /chat-sessions/:id", (method) => {
  it("renames (trimmed) and stars the chat, answering the updated chat", async () => {
    const user = await seedUser();
    const chat = await newChat(user, "Before");
    const res = await call(method, `/chat-sessions/${chat.id}`, {
      token: user.token,
      body: { title: "  After  ", is_starred: true },
    });
    expect(res.status).toBe(200);
    const { data } = await json(res);
    expect(data).toMatchObject({ id: chat.id, title: "After", is_starred: true, status: "active" });
    const got = await json(await call("GET", `/chat-sessions/${chat.id}`, { token: user.token }));
    expect(got.data).toMatchObject({ title: "After", is_starred: true });
  });

  it("ignores unknown fields next to a known one", async () => {
    const user = await seedUser();
    const chat = await newChat(user, "Before");
    const res = await call(method, `/chat-sessions/${chat.id}`, {
      token: user.token,
      body: { title: "After", user_id: "x", id: "y" },
    });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toMatchObject({ id: chat.id, title: "After" });
  });

  it("with status 'deleted' removes the chat: GET, content and further updates answer 404", async () => {
    const user = await seedUser();
    const chat = await newChat(user, "Doomed");
    const res = await call(method, `/chat-sessions/${chat.id}`, { token: user.token, body: { status: "deleted" } });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toMatchObject({ id: chat.id, status: "deleted" });
    await expectError(await call("GET", `/chat-sessions/${chat.id}`, { token: user.token }), 404, "not_found");
    await expectError(await call("GET", `/chat-sessions/${chat.id}/content`, { token: user.token }), 404, "not_found");
    await expectError(
      await call(method, `/chat-sessions/${chat.id}`, { token: user.token, body: { status: "active" } }),
      404,
      "not_found",
    );
    expect((await list(user)).body.data).toEqual([]);
  });

  it.each([
    ["an empty object", {}, undefined],
    ["only unknown fields", { colour: "red" }, undefined],
    ["a blank title", { title: "  " }, "title"],
    ["a 201-character title", { title: "x".repeat(201) }, "title"],
    ["a number title", { title: 1 }, "title"],
    ["an unknown status", { status: "archived" }, "status"],
    ["a string is_starred", { is_starred: "yes" }, "is_starred"],
    ["a null is_starred", { is_starred: null }, "is_starred"],
  ])("rejects %s with 400 and changes nothing", async (_, body, field) => {
    const user = await seedUser();
    const chat = await newChat(user, "Same");
    const err = await expectError(
      await call(method, `/chat-sessions/${chat.id}`, { token: user.token, body }),
      400,
      "invalid_input",
    );
    if (field) expect(err.field).toBe(field);
    const got = await json(await call("GET", `/chat-sessions/${chat.id}`, { token: user.token }));
    expect(got.data).toMatchObject({ title: "Same", is_starred: false, status: "active" });
  });

  it("rejects a request without a body, malformed JSON and a JSON array with 400", async () => {
    const user = await seedUser();
    const chat = await newChat(user);
    await expectError(await call(method, `/chat-sessions/${chat.id}`, { token: user.token }), 400);
    await expectError(await call(method, `/chat-sessions/${chat.id}`, { token: user.token, body: '{"title":' }), 400);
    await expectError(await call(method, `/chat-sessions/${chat.id}`, { token: user.token, body: "[]" }), 400);
  });

  it("answers 404 for an unknown chat and 400 for a malformed id", async () => {
    const user = await seedUser();
    await expectError(
      await call(method, "/chat-sessions/nope", { token: user.token, body: { title: "x" } }),
      404,
      "not_found",
    );
    await expectError(
      await call(method, "/chat-sessions/bad%20id", { token: user.token, body: { title: "x" } }),
      400,
      "invalid_input",
    );
  });
});

describe("PATCH /chat-sessions/:id/toggle-star", () => {
  it("toggles the star when no value is given", async () => {
    const user = await seedUser();
    const chat = await newChat(user);
    const first = await call("PATCH", `/chat-sessions/${chat.id}/toggle-star`, { token: user.token });
    expect(first.status).toBe(200);
    expect((await json(first)).data).toMatchObject({ id: chat.id, is_starred: true });
    const second = await call("PATCH", `/chat-sessions/${chat.id}/toggle-star`, { token: user.token, body: {} });
    expect((await json(second)).data.is_starred).toBe(false);
  });

  it("sets the given value instead of toggling", async () => {
    const user = await seedUser();
    const chat = await newChat(user);
    for (const expected of [true, true, false, false]) {
      const res = await call("PATCH", `/chat-sessions/${chat.id}/toggle-star`, {
        token: user.token,
        body: { is_starred: expected },
      });
      expect((await json(res)).data.is_starred).toBe(expected);
    }
  });

  it("rejects a non-boolean is_starred and malformed JSON with 400 and leaves the star alone", async () => {
    const user = await seedUser();
    const chat = await newChat(user);
    const err = await expectError(
      await call("PATCH", `/chat-sessions/${chat.id}/toggle-star`, { token: user.token, body: { is_starred: "true" } }),
      400,
      "invalid_input",
    );
    expect(err.field).toBe("is_starred");
    await expectError(
      await call("PATCH", `/chat-sessions/${chat.id}/toggle-star`, { token: user.token, body: "{" }),
      400,
    );
    expect((await json(await call("GET", `/chat-sessions/${chat.id}`, { token: user.token }))).data.is_starred).toBe(
      false,
    );
  });

  it("answers 404 for an unknown chat", async () => {
    const user = await seedUser();
    await expectError(await call("PATCH", "/chat-sessions/nope/toggle-star", { token: user.token }), 404, "not_found");
  });
});

describe("DELETE /chat-sessions", () => {
  it("marks every chat of the user deleted and says how many", async () => {
    const user = await seedUser();
    const chats = [await newChat(user), await newChat(user), await newChat(user)];
    const res = await call("DELETE", "/chat-sessions", { token: user.token });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ status: "success", data: { deleted: 3 } });
    expect((await list(user)).body.data).toEqual([]);
    for (const chat of chats)
      await expectError(await call("GET", `/chat-sessions/${chat.id}`, { token: user.token }), 404);
    const again = await call("DELETE", "/chat-sessions", { token: user.token });
    expect((await json(again)).data).toEqual({ deleted: 0 });
  });
});

describe("GET /chat-sessions/:id/content", () => {
  it("returns the chat's title and its messages in order", async () => {
    const user = await seedUser();
    const chat = await newChat(user, "Talk");
    const save = await call("POST", "/media-api/api/chat/save", {
      token: user.token,
      body: {
        chat_id: chat.id,
        messages: [
          { message_id: "q1", sender: "user", message: "first question", created_at: "2024-05-01T10:00:00.000Z" },
          {
            message_id: "a1",
            sender: "bot",
            message: "first answer",
            model: "gpt-4.1-mini",
            created_at: "2024-05-01T10:00:01.000Z",
          },
          { message_id: "q2", sender: "user", message: "second question", created_at: "2024-05-01T10:00:02.000Z" },
        ],
      },
    });
    expect(save.status).toBe(200);
    const res = await call("GET", `/chat-sessions/${chat.id}/content`, { token: user.token });
    expect(res.status).toBe(200);
    const { status, data } = await json(res);
    expect(status).toBe("success");
    expect(data.chats).toHaveLength(1);
    expect(data.chats[0]).toMatchObject({ id: chat.id, title: "Talk" });
    expect(data.chats[0].messages.map((m: { message_id: string }) => m.message_id)).toEqual(["q1", "a1", "q2"]);
    expect(data.chats[0].messages[1]).toMatchObject({
      sender: "bot",
      message: "first answer",
      model: "gpt-4.1-mini",
      created_at: "2024-05-01T10:00:01.000Z",
      timestamp: "2024-05-01T10:00:01.000Z",
      citations: [],
    });
  });

  it("returns an empty message list for a new chat", async () => {
    const user = await seedUser();
    const chat = await newChat(user);
    const { data } = await json(await call("GET", `/chat-sessions/${chat.id}/content`, { token: user.token }));
    expect(data).toEqual({ chats: [{ id: chat.id, title: "New Chat", messages: [] }] });
  });

  /** Saves `count` messages q0..q(n-1), one second apart, each `size` characters long. */
  async function saveMany(user: TestUser, chatId: string, count: number, size = 20) {
    const messages = Array.from({ length: count }, (_, i) => ({
      message_id: `q${i}`,
      sender: i % 2 ? "bot" : "user",
      message: `${i} `.padEnd(size, "x"),
      created_at: Date.UTC(2024, 4, 1, 10, 0, i),
    }));
    const res = await call("POST", "/media-api/api/chat/save", {
      token: user.token,
      body: { chat_id: chatId, messages },
    });
    expect(res.status).toBe(200);
  }

  async function page(user: TestUser, chatId: string, query = "") {
    const res = await call("GET", `/chat-sessions/${chatId}/content${query}`, { token: user.token });
    expect(res.status).toBe(200);
    const body = await json(res);
    return {
      ids: body.data.chats[0].messages.map((m: { message_id: string }) => m.message_id) as string[],
      next: body.next_before as string | null,
      bytes: JSON.stringify(body).length,
    };
  }

  it("pages newest first: each page oldest first, next_before leads to the older messages, null on the last", async () => {
    const user = await seedUser();
    const chat = await newChat(user, "Long");
    await saveMany(user, chat.id, 7);
    const first = await page(user, chat.id, "?limit=3");
    expect(first.ids).toEqual(["q4", "q5", "q6"]);
    expect(first.next).toEqual(expect.any(String));
    const second = await page(user, chat.id, `?limit=3&before=${encodeURIComponent(first.next!)}`);
    expect(second.ids).toEqual(["q1", "q2", "q3"]);
    const last = await page(user, chat.id, `?limit=3&before=${encodeURIComponent(second.next!)}`);
    expect(last).toMatchObject({ ids: ["q0"], next: null });
  });

  it("keeps messages saved at the same instant apart: paging neither repeats nor skips one", async () => {
    const user = await seedUser();
    const chat = await newChat(user);
    const messages = Array.from({ length: 5 }, (_, i) => ({
      message_id: `same${i}`,
      sender: "user",
      message: `m${i}`,
      created_at: 1_700_000_000_000,
    }));
    await call("POST", "/media-api/api/chat/save", { token: user.token, body: { chat_id: chat.id, messages } });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const p = await page(user, chat.id, `?limit=2${cursor ? `&before=${encodeURIComponent(cursor)}` : ""}`);
      seen.unshift(...p.ids);
      cursor = p.next;
    } while (cursor);
    expect(seen).toEqual(["same0", "same1", "same2", "same3", "same4"]);
  });

  it("gives 50 messages by default and ends a page early when its messages grow past ~50 KB", async () => {
    const user = await seedUser();
    const chat = await newChat(user);
    await saveMany(user, chat.id, 60);
    const byCount = await page(user, chat.id);
    expect(byCount.ids).toHaveLength(50);
    expect(byCount.ids.at(-1)).toBe("q59");

    const heavy = await newChat(user);
    await saveMany(user, heavy.id, 6, 20_000);
    const byBytes = await page(user, heavy.id);
    expect(byBytes.ids).toEqual(["q4", "q5"]);
    expect(byBytes.bytes).toBeLessThan(60_000);
  });

  it("always sends at least one message, however long", async () => {
    const user = await seedUser();
    const chat = await newChat(user);
    await saveMany(user, chat.id, 2, 120_000);
    expect((await page(user, chat.id)).ids).toEqual(["q1"]);
  });

  it("answers 400 for a bad limit or cursor", async () => {
    const user = await seedUser();
    const chat = await newChat(user);
    for (const query of ["?limit=0", "?limit=201", "?limit=abc", "?before=123", "?before=x~1", "?before=1~-2"]) {
      await expectError(
        await call("GET", `/chat-sessions/${chat.id}/content${query}`, { token: user.token }),
        400,
        "invalid_input",
      );
    }
  });

  it("answers 404 for an unknown chat and 400 for a malformed id", async () => {
    const user = await seedUser();
    await expectError(await call("GET", "/chat-sessions/nope/content", { token: user.token }), 404, "not_found");
    await expectError(
      await call("GET", `/chat-sessions/${"z".repeat(101)}/content`, { token: user.token }),
      400,
      "invalid_input",
    );
  });
});
