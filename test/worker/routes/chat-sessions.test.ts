// /chat-sessions behaviour for the chats' owner: listing and paging, create, read, update (PATCH and PUT), star,
// delete one or all, and content; plus the 400s for every kind of bad input. Authorization is in the .security file.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, expectError, json, newChat, seedUser, type TestUser } from "../../support/api";

const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** Puts a chat at a known place in the list (ms since the epoch), so order tests never depend on clock ticks. */
async function setLastMessageAt(id: string, ms: number) {
  await env.DB.prepare("UPDATE chat_sessions SET last_message_at = ? WHERE id = ?").bind(ms, id).run();
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
    const stmt = env.DB.prepare(
      "INSERT INTO chat_sessions (id, user_id, title, created_at, updated_at, last_message_at) VALUES (?, ?, 'bulk', ?, ?, ?)",
    );
    await env.DB.batch(
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
