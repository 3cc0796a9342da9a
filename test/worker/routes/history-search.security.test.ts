// History search only ever sees the caller's chats: another user's titles and messages never appear, another user's
// chat_id is a 404 (as a chat that does not exist), a query cannot reach the owner filter, and no credentials is 401.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ownerToken } from "../../../worker/db/history-search";
import { call, json, makeChat, seedUser, type TestUser } from "../../support/api";

async function chatWith(user: TestUser, title: string, message: string) {
  const id = await makeChat(user.id, title);
  const res = await call("POST", "/media-api/api/chat/save", {
    token: user.token,
    body: { chat_id: id, messages: [{ message_id: "m1", sender: "user", message }] },
  });
  expect(res.status).toBe(200);
  return id;
}

async function search(user: TestUser, query: Record<string, string>) {
  const res = await call("GET", `/chat-sessions/search?${new URLSearchParams(query)}`, { token: user.token });
  return { status: res.status, body: await json(res) };
}

describe("history search authorization", () => {
  it("never returns another user's chats, by message or by title", async () => {
    const alice = await seedUser();
    const bob = await seedUser();
    const mine = await chatWith(alice, "Pangolin plans", "the pangolin secret is safe");
    await chatWith(bob, "Pangolin plans", "bob's pangolin secret");
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
    const bobs = await chatWith(bob, "Bob's", "wombat diary");
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
    const id = await chatWith(alice, "Old", "tapir notes");
    await env.DB.prepare("UPDATE chat_sessions SET status = 'deleted' WHERE id = ?").bind(id).run();
    expect((await search(alice, { q: "tapir", chat_id: id })).status).toBe(404);
  });

  it("cannot be steered to another owner through the query text", async () => {
    const alice = await seedUser();
    const bob = await seedUser();
    await chatWith(bob, "Bob", "okapi");
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
