// Importing a ChatGPT export (POST /chat-sessions/import/chatgpt): the real-shaped fixture's conversations become chats
// of the user with their titles, dates and branches (the branch ChatGPT showed is the one shown, the other versions
// switchable), the answer streams progress and a summary of what was skipped and why, a second import of the same file
// adds nothing, the export's zip works as well as its conversations.json, bad files are clear 4xx, and no quota is used.
import { env } from "cloudflare:workers";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import conversations from "../../fixtures/chatgpt-export/conversations.json";
import { call, chatsOf, expectError, json, ORIGIN, seedUser, type TestUser, workerFetch } from "../../support/api";

const FIXTURE = JSON.stringify(conversations);

function importFile(u: TestUser, body: BodyInit, type = "application/json") {
  return workerFetch(
    new Request(`${ORIGIN}/chat-sessions/import/chatgpt`, {
      method: "POST",
      headers: { Authorization: `Bearer ${u.token}`, "Content-Type": type },
      body,
    }),
  );
}

async function lines(res: Response): Promise<any[]> {
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toContain("application/x-ndjson");
  return (await res.text())
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
}

async function chatTitled(u: TestUser, title: string) {
  const list = (await json(await call("GET", "/chat-sessions", { token: u.token }))).data as any[];
  const chat = list.find((c) => c.title === title);
  expect(chat, title).toBeDefined();
  return chat;
}

describe("importing a ChatGPT export", () => {
  it("makes each conversation a chat, its branches kept, and says what it skipped", async () => {
    const u = await seedUser();
    const events = await lines(await importFile(u, FIXTURE));
    expect(events[0]).toEqual({ type: "start", total: 4 });
    expect(events.filter((e) => e.type === "progress").at(-1)).toEqual({ type: "progress", done: 4, total: 4 });
    expect(events.at(-1)).toEqual({
      type: "summary",
      imported: 2,
      skipped: [
        { title: "Only a system prompt", reason: "no_messages" },
        { title: "Broken entry", reason: "not_a_conversation" },
      ],
    });
    const trip = await chatTitled(u, "Du lịch Đà Nẵng");
    expect(trip.created_at).toBe(new Date(1_717_000_000_000).toISOString());
    const content = (await json(await call("GET", `/chat-sessions/${trip.id}/content`, { token: u.token }))).data;
    const shown = content.chats[0].messages as any[];
    expect(shown.map((m) => m.message_id)).toEqual(["u1", "a1", "u2b", "a3b"]);
    expect(shown[2].versions).toEqual(["u2", "u2b"]);
    expect(shown[3]).toMatchObject({ model: "o4-mini", versions: ["a3", "a3b"] });
    // the other branch is one switch away
    const branch = await call("PUT", `/chat-sessions/${trip.id}/branch`, {
      token: u.token,
      body: { message_id: "u2" },
    });
    expect(branch.status).toBe(200);
    const other = (await json(await call("GET", `/chat-sessions/${trip.id}/content`, { token: u.token }))).data;
    expect(other.chats[0].messages.map((m: any) => m.message_id)).toEqual(["u1", "a1", "u2", "a2b"]);
    // pictures by name; no quota used
    const cat = await chatTitled(u, "Cat photo");
    const catContent = (await json(await call("GET", `/chat-sessions/${cat.id}/content`, { token: u.token }))).data;
    expect(catContent.chats[0].messages[0].message).toContain("[image: file-AbC123]");
    const usage = await env.DB.prepare("SELECT count(*) AS n FROM daily_usage WHERE user_id = ?").bind(u.id).first("n");
    expect(usage).toBe(0);
  });

  it("adds nothing when the same file is imported again", async () => {
    const u = await seedUser();
    await lines(await importFile(u, FIXTURE));
    const again = await lines(await importFile(u, FIXTURE));
    expect(again.at(-1)).toMatchObject({ imported: 0 });
    expect(again.at(-1).skipped).toContainEqual({ title: "Du lịch Đà Nẵng", reason: "already_imported" });
    const count = await (await chatsOf(u.id))
      .prepare("SELECT count(*) AS n FROM chat_sessions WHERE user_id = ?")
      .bind(u.id)
      .first("n");
    expect(count).toBe(2);
  });

  it("reads the export's zip", async () => {
    const u = await seedUser();
    const zip = zipSync({ "chat.html": strToU8("<html></html>"), "conversations.json": strToU8(FIXTURE) });
    const events = await lines(await importFile(u, zip, "application/zip"));
    expect(events.at(-1)).toMatchObject({ type: "summary", imported: 2 });
  });

  it("refuses a file that is not an export, before writing anything", async () => {
    const u = await seedUser();
    await expectError(await importFile(u, "{not json"), 400, "invalid_input");
    await expectError(await importFile(u, '{"title":"one"}'), 400, "invalid_input");
    await expectError(await importFile(u, "hello", "text/plain"), 415, "unsupported_media_type");
    await expectError(await importFile(u, "PK not a zip", "application/zip"), 400, "invalid_input");
    const empty = zipSync({ "other.json": strToU8("[]") });
    await expectError(await importFile(u, empty, "application/zip"), 400, "invalid_input");
    const list = (await json(await call("GET", "/chat-sessions", { token: u.token }))).data;
    expect(list).toEqual([]);
  });

  it("needs a sign-in, and another user's import is theirs alone", async () => {
    await expectError(
      await workerFetch(
        new Request(`${ORIGIN}/chat-sessions/import/chatgpt`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: FIXTURE,
        }),
      ),
      401,
    );
    const a = await seedUser();
    const b = await seedUser();
    await lines(await importFile(a, FIXTURE));
    // the same file for another user: their own chats, not "already imported"
    const events = await lines(await importFile(b, FIXTURE));
    expect(events.at(-1)).toMatchObject({ imported: 2 });
    const trip = await chatTitled(a, "Du lịch Đà Nẵng");
    await expectError(await call("GET", `/chat-sessions/${trip.id}`, { token: b.token }), 404, "not_found");
  });
});
