// GET /chat-sessions/search: the caller's chats found by title and message content (FTS5, kept current by the saves,
// diacritics-insensitive), newest first with highlighted snippets; a search inside one chat; bad queries never 500.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { type ChatsCursor, historySearchQuery, searchChats } from "../../../worker/db/history-search";
import {
  type HistorySearchChat,
  HistorySearchChatsResponseSchema,
  HistorySearchMessagesResponseSchema,
  toSegments,
} from "../../../worker/protocol/history-search";
import * as v from "valibot";
import { call, json, makeChat, seedUser, type TestUser } from "../../support/api";

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
    await env.DB.prepare("UPDATE chat_sessions SET last_message_at = ? WHERE id = ?").bind(lastMessageAt, id).run();
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
    await env.DB.prepare("UPDATE chat_sessions SET title = 'Long necks' WHERE id = ?").bind(id).run();
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
    await env.DB.prepare("DELETE FROM chat_sessions WHERE id = ?").bind(id).run();
    const left = await env.DB.prepare("SELECT count(*) AS n FROM message_fts WHERE chat_id = ?")
      .bind(id)
      .first<{ n: number }>();
    const titles = await env.DB.prepare("SELECT count(*) AS n FROM chat_title_fts WHERE chat_id = ?")
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
          d1: env.DB,
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
