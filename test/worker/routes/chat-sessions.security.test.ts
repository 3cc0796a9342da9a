// Who may touch a chat: no credentials is 401 on every route, cookie-authenticated changes from a foreign origin are
// 403, and another user's (or a deleted) chat is a 404 on every route that leaves the chat exactly as it was.
import { describe, expect, it } from "vitest";
import { call, expectError, json, newChat, ORIGIN, seedUser, type TestUser } from "../../support/api";

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
