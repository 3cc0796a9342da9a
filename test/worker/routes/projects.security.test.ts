// Who may touch a project: no credentials is 401 on every route, a cookie-authenticated change from a foreign origin
// is 403, and another user's project is a 404 on every route (and for a chat moved into it or started in it), which
// leaves the project and its chats exactly as they were. Another user's upload is a 404 as a project's file, and
// another user's chat cannot be moved into one's own project.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, expectError, json, ORIGIN, seedUser, type TestUser, workerFetch } from "../../support/api";

async function createProject(user: TestUser, name: string) {
  const res = await call("POST", "/projects", { token: user.token, body: { name, instructions: "Owner's secret" } });
  expect(res.status).toBe(201);
  return (await json(res)).data as { id: string };
}

async function newChatIn(user: TestUser, projectId: string | null) {
  const res = await call("POST", "/chat-sessions", {
    token: user.token,
    body: { title: "Chat", project_id: projectId },
  });
  expect(res.status).toBe(201);
  return (await json(res)).data as { id: string };
}

async function uploadOne(user: TestUser) {
  const form = new FormData();
  form.append("files", new File(["owner's notes"], "notes.txt"));
  const res = await workerFetch(
    new Request(`${ORIGIN}/media-api/api/uploads`, {
      method: "POST",
      headers: { Authorization: `Bearer ${user.token}` },
      body: form,
    }),
  );
  expect(res.status).toBe(201);
  return (await json(res)).data.files[0].id as string;
}

/** The owner's view of their projects and of a chat of theirs. */
async function ownerView(owner: TestUser, chatId: string) {
  const projects = await json(await call("GET", "/projects", { token: owner.token }));
  const chat = await json(await call("GET", `/chat-sessions/${chatId}`, { token: owner.token }));
  return { projects: projects.data, chat: chat.data };
}

describe("projects.security", () => {
  it("answers 401 without credentials on every route", async () => {
    const id = crypto.randomUUID();
    for (const [method, path, body] of [
      ["GET", "/projects", undefined],
      ["POST", "/projects", { name: "X" }],
      ["PATCH", `/projects/${id}`, { name: "X" }],
      ["DELETE", `/projects/${id}?chats=delete`, undefined],
    ] as const) {
      await expectError(await call(method, path, { body }), 401);
    }
  });

  it("refuses a cookie-authenticated change from a foreign origin with 403", async () => {
    const u = await seedUser();
    const res = await call("POST", "/projects", {
      body: { name: "Forged" },
      headers: { Cookie: `jwt_token=${u.token}; session_token=${u.sessionToken}`, Origin: "https://evil.example" },
    });
    await expectError(res, 403);
    expect((await json(await call("GET", "/projects", { token: u.token }))).data).toEqual([]);
  });

  it("answers 404 for another user's project on every route, leaving it and its chats as they were", async () => {
    const owner = await seedUser();
    const other = await seedUser();
    const project = await createProject(owner, "Private");
    const chat = await newChatIn(owner, project.id);
    const before = await ownerView(owner, chat.id);
    const otherChat = await newChatIn(other, null);
    const t = other.token;

    await expectError(await call("PATCH", `/projects/${project.id}`, { token: t, body: { name: "Mine" } }), 404);
    await expectError(await call("DELETE", `/projects/${project.id}?chats=keep`, { token: t }), 404);
    await expectError(await call("DELETE", `/projects/${project.id}?chats=delete`, { token: t }), 404);
    await expectError(await call("GET", `/chat-sessions?project_id=${project.id}`, { token: t }), 404);
    await expectError(await call("GET", `/chat-sessions/search?q=chat&project_id=${project.id}`, { token: t }), 404);
    await expectError(
      await call("POST", "/chat-sessions", { token: t, body: { title: "Sneak", project_id: project.id } }),
      404,
    );
    await expectError(
      await call("PATCH", `/chat-sessions/${otherChat.id}`, { token: t, body: { project_id: project.id } }),
      404,
    );
    expect((await json(await call("GET", "/projects", { token: t }))).data).toEqual([]);
    expect(
      (await json(await call("GET", "/chat-sessions", { token: t }))).data.map((c: { id: string }) => c.id),
    ).toEqual([otherChat.id]);
    const otherChatNow = await json(await call("GET", `/chat-sessions/${otherChat.id}`, { token: t }));
    expect(otherChatNow.data.project_id).toBeNull();
    expect(await ownerView(owner, chat.id)).toEqual(before);
  });

  it("answers 404 for another user's upload as a project's file", async () => {
    const owner = await seedUser();
    const other = await seedUser();
    const fileId = await uploadOne(owner);
    await expectError(
      await call("POST", "/projects", { token: other.token, body: { name: "Steal", file_ids: [fileId] } }),
      404,
    );
    const mine = await createProject(other, "Mine");
    await expectError(
      await call("PATCH", `/projects/${mine.id}`, { token: other.token, body: { file_ids: [fileId] } }),
      404,
    );
    const { results } = await env.DB.prepare("SELECT files FROM projects WHERE user_id = ?").bind(other.id).all();
    expect(results).toEqual([{ files: "[]" }]);
  });

  it("answers 404 for moving another user's chat into one's own project", async () => {
    const owner = await seedUser();
    const other = await seedUser();
    const ownersChat = await newChatIn(owner, null);
    const mine = await createProject(other, "Mine");
    await expectError(
      await call("PATCH", `/chat-sessions/${ownersChat.id}`, { token: other.token, body: { project_id: mine.id } }),
      404,
    );
    const still = await json(await call("GET", `/chat-sessions/${ownersChat.id}`, { token: owner.token }));
    expect(still.data.project_id).toBeNull();
  });

  it("refuses bad ids and bodies with 400, never 500", async () => {
    const u = await seedUser();
    const p = await createProject(u, "Checked");
    for (const [method, path, body] of [
      ["POST", "/projects", {}],
      ["POST", "/projects", { name: "x".repeat(101) }],
      ["POST", "/projects", { name: "ok", instructions: "x".repeat(8_001) }],
      ["POST", "/projects", { name: "ok", file_ids: Array.from({ length: 11 }, (_, i) => `f${i}`) }],
      ["PATCH", `/projects/${p.id}`, { file_ids: ["bad id!"] }],
      ["PATCH", "/projects/bad%20id!", { name: "x" }],
      ["GET", "/chat-sessions?project_id=bad%20id!", undefined],
      ["PATCH", `/chat-sessions/${crypto.randomUUID()}`, { project_id: 42 }],
    ] as const) {
      await expectError(await call(method, path, { token: u.token, body }), 400);
    }
  });
});
