// Projects for their owner (issue 25, point 1): create, list, rename, instructions and files, delete with the chats
// kept or deleted, the plans' limits; chats started in a project, moved in and out, listed and searched by project;
// and the turn: the project's instructions and files reach the model in every chat of the project, with no D1 round
// trip before the first token, and the oldest history is cut to fit the model's window, never the instructions or the
// question. Who else may touch a project: projects.security.test.ts. One file, so workerd loads the worker once.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { HotState } from "../../../durable-objects/state/hot-state";
import { buildPrompt } from "../../../durable-objects/turn/prompt";
import { projectInstructionsHeader } from "../../../worker/models/project-prompt";
import { estimateTokens, promptBudget } from "../../../durable-objects/turn/context-fit";
import { GenerationRunner } from "../../../durable-objects/turn/generation";
import { type AnswerRequest, runTurn, turnHost } from "../../../durable-objects/turn/turn";
import { createDb } from "../../../worker/db/client";
import { shardD1 } from "../../../worker/db/shards";
import { contextTokensOf, findByEndpoint } from "../../../worker/models/catalogue";
import type { Attachment } from "../../../worker/uploads/store";
import {
  answerInUserHub,
  ask,
  call,
  contentOf,
  chatsOf,
  eventually,
  expectError,
  inUserHub,
  json,
  makeChat,
  ORIGIN,
  premiumUser,
  readSse,
  seedUser,
  type TestUser,
  workerFetch,
  sessionOf,
} from "../../support/api";
import { wrapD1 } from "../../support/d1-wrapper";
import { FAKE_MODELS } from "../../support/fake-upstream-scenarios";
import { requestsWithKey } from "../models/model-helpers";

async function upload(user: TestUser, name: string, bytes: string): Promise<{ id: string; size: number }> {
  const form = new FormData();
  form.append("files", new File([bytes], name));
  const res = await workerFetch(
    new Request(`${ORIGIN}/media-api/api/uploads`, {
      method: "POST",
      headers: { Authorization: `Bearer ${user.token}` },
      body: form,
    }),
  );
  expect(res.status).toBe(201);
  return (await json(res)).data.files[0];
}

async function createProject(user: TestUser, body: Record<string, unknown>) {
  const res = await call("POST", "/projects", { token: user.token, body });
  expect(res.status).toBe(201);
  return (await json(res)).data as { id: string; name: string; instructions: string; files: { id: string }[] };
}

async function listProjects(user: TestUser) {
  const res = await call("GET", "/projects", { token: user.token });
  expect(res.status).toBe(200);
  return (await json(res)) as { data: { id: string; name: string; chat_count: number }[]; limit: number | null };
}

async function newChatIn(user: TestUser, projectId: string | null, title = "In a project") {
  const res = await call("POST", "/chat-sessions", { token: user.token, body: { title, project_id: projectId } });
  expect(res.status).toBe(201);
  return (await json(res)).data as { id: string; project_id: string | null };
}

/** Rows of the projects table written straight to D1, for the limits (as many as the plan allows, without the API). */
async function seedProjects(userId: string, n: number) {
  const now = Date.now();
  await env.DB.batch(
    Array.from({ length: n }, (_, i) =>
      env.DB.prepare("INSERT INTO projects (id, user_id, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)").bind(
        crypto.randomUUID(),
        userId,
        `Seeded ${i}`,
        now + i,
        now + i,
      ),
    ),
  );
}

describe("projects", () => {
  it("creates, lists with chat counts and the plan's limit, renames, and changes instructions and files", async () => {
    const u = await seedUser();
    const p = await createProject(u, { name: "  Thesis  ", instructions: "Cite sources." });
    expect(p).toMatchObject({ name: "Thesis", instructions: "Cite sources.", files: [] });
    await newChatIn(u, p.id);
    await newChatIn(u, null, "Outside");
    const listed = await listProjects(u);
    expect(listed.limit).toBe(3);
    expect(listed.data.map((x) => [x.id, x.name, x.chat_count])).toEqual([[p.id, "Thesis", 1]]);

    const file = await upload(u, "outline.md", "# Outline\nChapter 1");
    const res = await call("PATCH", `/projects/${p.id}`, {
      token: u.token,
      body: { name: "Thesis 2026", instructions: "Cite sources in APA.", file_ids: [file.id] },
    });
    expect(res.status).toBe(200);
    const changed = (await json(res)).data;
    expect(changed).toMatchObject({ name: "Thesis 2026", instructions: "Cite sources in APA.", chat_count: 1 });
    expect(changed.files).toEqual([
      {
        id: file.id,
        name: "outline.md",
        type: expect.any(String),
        group: expect.any(String),
        size: file.size,
        url: `/media-api/api/uploads/${file.id}`,
      },
    ]);
    await expectError(await call("PATCH", `/projects/${p.id}`, { token: u.token, body: {} }), 400, "invalid_input");
    await expectError(
      await call("PATCH", `/projects/${p.id}`, { token: u.token, body: { name: "   " } }),
      400,
      "invalid_input",
    );
    await expectError(
      await call("PATCH", `/projects/${p.id}`, { token: u.token, body: { file_ids: ["no-such-upload"] } }),
      404,
      "not_found",
    );
  });

  it("deletes a project keeping its chats, which leave it", async () => {
    const u = await seedUser();
    const p = await createProject(u, { name: "Trip" });
    const chat = await newChatIn(u, p.id);
    const res = await call("DELETE", `/projects/${p.id}?chats=keep`, { token: u.token });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toEqual({ deleted_chats: 0 });
    const kept = await json(await call("GET", `/chat-sessions/${chat.id}`, { token: u.token }));
    expect(kept.data).toMatchObject({ id: chat.id, status: "active", project_id: null });
    expect((await listProjects(u)).data).toEqual([]);
    await expectError(await call("DELETE", `/projects/${p.id}`, { token: u.token }), 404, "not_found");
  });

  it("deletes a project with its chats, as deleting each chat does", async () => {
    const u = await seedUser();
    const p = await createProject(u, { name: "Old work" });
    const [a, b] = [await newChatIn(u, p.id), await newChatIn(u, p.id)];
    const other = await newChatIn(u, null, "Not in it");
    const saved = await call("POST", "/media-api/api/chat/save", {
      token: u.token,
      body: { chat_id: a.id, messages: [{ message_id: "shared-1", sender: "user", message: "worth sharing" }] },
    });
    expect(saved.status).toBe(200);
    expect((await call("POST", "/shares", { token: u.token, body: { chat_id: a.id } })).status).toBe(201);
    const res = await call("DELETE", `/projects/${p.id}?chats=delete`, { token: u.token });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toEqual({ deleted_chats: 2 });
    for (const chat of [a, b])
      await expectError(await call("GET", `/chat-sessions/${chat.id}`, { token: u.token }), 404);
    expect((await call("GET", `/chat-sessions/${other.id}`, { token: u.token })).status).toBe(200);
    // its shared link is revoked with it
    const { results } = await env.DB.prepare("SELECT id FROM shared_links WHERE chat_id = ?").bind(a.id).all();
    expect(results).toEqual([]);
    // The user's object forgot them: a turn in one is refused.
    expect(await inUserHub(u.id, (hub) => hub.state.chats.window(a.id))).toBeNull();
  });

  it("refuses a bad ?chats= with 400", async () => {
    const u = await seedUser();
    const p = await createProject(u, { name: "X" });
    await expectError(
      await call("DELETE", `/projects/${p.id}?chats=archive`, { token: u.token }),
      400,
      "invalid_input",
    );
  });
});

describe("the plans' project limits", () => {
  it("lets a free user keep 3 projects and refuses the 4th with 403 project_limit", async () => {
    const u = await seedUser();
    for (const name of ["One", "Two", "Three"]) await createProject(u, { name });
    await expectError(
      await call("POST", "/projects", { token: u.token, body: { name: "Four" } }),
      403,
      "project_limit",
    );
    expect((await listProjects(u)).data).toHaveLength(3);
  });

  it("lets a Basic user keep 20", async () => {
    const u = await premiumUser(1);
    await seedProjects(u.id, 19);
    await createProject(u, { name: "Twentieth" });
    await expectError(
      await call("POST", "/projects", { token: u.token, body: { name: "21st" } }),
      403,
      "project_limit",
    );
    expect((await listProjects(u)).limit).toBe(20);
  });

  it("sets no limit for Advanced+", async () => {
    const u = await premiumUser(2);
    await seedProjects(u.id, 40);
    await createProject(u, { name: "Forty-first" });
    const listed = await listProjects(u);
    expect(listed.limit).toBeNull();
    expect(listed.data).toHaveLength(41);
  });
});

describe("chats in projects", () => {
  it("starts a chat in a project, moves chats in and out, and lists one project's chats with the list's paging", async () => {
    const u = await seedUser();
    const p = await createProject(u, { name: "Garden" });
    const started = await newChatIn(u, p.id);
    expect(started.project_id).toBe(p.id);
    const outside = await newChatIn(u, null, "Loose");
    const moved = await call("PATCH", `/chat-sessions/${outside.id}`, { token: u.token, body: { project_id: p.id } });
    expect(moved.status).toBe(200);
    expect((await json(moved)).data.project_id).toBe(p.id);
    await newChatIn(u, null, "Elsewhere");

    const page1 = await json(await call("GET", `/chat-sessions?project_id=${p.id}&limit=1`, { token: u.token }));
    const page2 = await json(
      await call("GET", `/chat-sessions?project_id=${p.id}&limit=1&before=${page1.next_before}`, { token: u.token }),
    );
    expect([...page1.data, ...page2.data].map((c: { id: string }) => c.id).sort()).toEqual(
      [started.id, outside.id].sort(),
    );
    expect(page2.next_before).toBeNull();

    const out = await call("PUT", `/chat-sessions/${outside.id}`, { token: u.token, body: { project_id: null } });
    expect((await json(out)).data.project_id).toBeNull();
    const left = await json(await call("GET", `/chat-sessions?project_id=${p.id}`, { token: u.token }));
    expect(left.data.map((c: { id: string }) => c.id)).toEqual([started.id]);
    // The user's object knows where the chat is, for its next turn.
    expect(await inUserHub(u.id, (hub) => hub.state.chats.context(started.id).projectId)).toBe(p.id);

    // A chat continued from one of the project's stays in it.
    const saved = await call("POST", "/media-api/api/chat/save", {
      token: u.token,
      body: {
        chat_id: started.id,
        messages: [{ message_id: "fork-here", sender: "user", message: "Plant tomatoes?" }],
      },
    });
    expect(saved.status).toBe(200);
    const fork = await call("POST", `/chat-sessions/${started.id}/fork`, {
      token: u.token,
      body: { message_id: "fork-here" },
    });
    expect(fork.status).toBe(201);
    expect((await json(fork)).data.project_id).toBe(p.id);
  });

  it("limits history search to one project", async () => {
    const u = await seedUser();
    const p = await createProject(u, { name: "Recipes" });
    const inside = await newChatIn(u, p.id, "Phở broth");
    const outside = await newChatIn(u, null, "Phở shops");
    for (const chat of [inside, outside]) {
      const saved = await call("POST", "/media-api/api/chat/save", {
        token: u.token,
        body: { chat_id: chat.id, messages: [{ message_id: `m-${chat.id}`, sender: "user", message: "star anise" }] },
      });
      expect(saved.status).toBe(200);
    }
    const ids = async (q: string, project?: string) => {
      const query = `q=${encodeURIComponent(q)}${project ? `&project_id=${project}` : ""}`;
      const body = await json(await call("GET", `/chat-sessions/search?${query}`, { token: u.token }));
      return body.data.map((r: { chat_id: string }) => r.chat_id).sort();
    };
    expect(await ids("phở")).toEqual([inside.id, outside.id].sort());
    expect(await ids("phở", p.id)).toEqual([inside.id]);
    expect(await ids("anise")).toEqual([inside.id, outside.id].sort());
    expect(await ids("anise", p.id)).toEqual([inside.id]);
    const empty = await createProject(u, { name: "Empty" });
    expect(await ids("anise", empty.id)).toEqual([]);
  });
});

// ---- the turn -------------------------------------------------------------------------------------------------------
// What the model receives, read on the wire of a fake OpenAI-compatible provider that records each request's body.

type SentBody = { messages: { role: string; content: string | { type: string; text?: string }[] }[] };

const textOf = (content: SentBody["messages"][number]["content"]) =>
  typeof content === "string" ? content : content.map((p) => p.text ?? "").join("");

async function askThroughFake(u: TestUser, chatId: string, question: string, endpoint = "gpt-4.1-mini") {
  const apiKey = `k-${crypto.randomUUID()}`;
  const routed = {
    ...env,
    OPENAI_COMPATIBLE_BASE_URL: `${env.FAKE_UPSTREAM_URL}/openai-compatible`,
    OPENAI_COMPATIBLE_API_KEY: apiKey,
    MODEL_ROUTES: JSON.stringify({ [endpoint]: { provider: "openai-compatible", model: FAKE_MODELS.ok } }),
  };
  await answerInUserHub(u, { endpoint, chatId, question }, routed, env);
  const [request] = await requestsWithKey(apiKey);
  return request!.body as SentBody;
}

/** The D1 round trips (main database and chat shard) a turn makes before its first token, inside the user's object. */
async function roundTripsBeforeFirstToken(u: TestUser, chatId: string, question: string): Promise<number> {
  const { sessionId, tokenHash } = await sessionOf(u);
  return inUserHub(u.id, async (_hub, state) => {
    let calls = 0;
    let counting = true;
    const count = (d1: D1Database) => createDb(wrapD1(d1, () => void (counting && calls++)));
    const db = count(env.DB);
    const hot = new HotState(
      state.storage,
      db,
      (shard) => count(shardD1(env, shard)),
      () => u.id,
    );
    const host = turnHost(hot, new GenerationRunner(state, env, db, hot), env, db);
    const req: AnswerRequest = {
      sessionId,
      tokenHash,
      claimedUserId: u.id,
      endpoint: "gpt-4.1-mini",
      chatId,
      question,
      userMessageId: crypto.randomUUID(),
      botMessageId: crypto.randomUUID(),
      isSearchMode: false,
    };
    const reader = (await runTurn(host, req)).stream.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!text.includes('"content"')) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`stream ended before a token: ${text}`);
      text += decoder.decode(value, { stream: true });
    }
    counting = false;
    while (!(await reader.read()).done) {
      // drain: the answer and its save finish
    }
    return calls;
  });
}

describe("a project's instructions and files in the turn", () => {
  it("reach the model in every chat of the project, after the custom instructions and before the question", async () => {
    const u = await seedUser();
    await call("POST", "/auth/update-chat-customization", {
      token: u.token,
      body: { chat_customization: "Answer briefly.", enable_ai_custom: true },
    });
    const file = await upload(u, "style-guide.txt", "Use metric units.\nNo emoji.");
    const p = await createProject(u, {
      name: "Lab notes",
      instructions: "Write as a lab technician.",
      file_ids: [file.id],
    });
    const started = await newChatIn(u, p.id);
    const movedId = await makeChat(u.id, "Moved in");
    expect(
      (await call("PATCH", `/chat-sessions/${movedId}`, { token: u.token, body: { project_id: p.id } })).status,
    ).toBe(200);
    const loose = await newChatIn(u, null, "Loose");

    for (const chatId of [started.id, movedId]) {
      const body = await askThroughFake(u, chatId, "How warm is the room?");
      const system = textOf(body.messages.find((m) => m.role === "system")!.content);
      expect(system).toContain(projectInstructionsHeader("Lab notes"));
      expect(system).toContain("Write as a lab technician.");
      expect(system).toContain("--- Attached file: style-guide.txt");
      expect(system).toContain("Use metric units.\nNo emoji.");
      const custom = system.indexOf("Answer briefly.");
      expect(custom).toBeGreaterThan(-1);
      expect(system.indexOf("Write as a lab technician.")).toBeGreaterThan(custom);
      expect(textOf(body.messages.at(-1)!.content)).toBe("How warm is the room?");
    }
    const outside = await askThroughFake(u, loose.id, "How warm is the room?");
    expect(textOf(outside.messages.find((m) => m.role === "system")!.content)).not.toContain("lab technician");

    // A change to the project reaches the next turn; a chat taken out of it sends it no more.
    await call("PATCH", `/projects/${p.id}`, { token: u.token, body: { instructions: "Write as a chemist." } });
    const after = await askThroughFake(u, started.id, "And now?");
    expect(textOf(after.messages.find((m) => m.role === "system")!.content)).toContain("Write as a chemist.");
    await call("PATCH", `/chat-sessions/${movedId}`, { token: u.token, body: { project_id: null } });
    const taken = await askThroughFake(u, movedId, "And now?");
    expect(textOf(taken.messages.find((m) => m.role === "system")!.content)).not.toContain("chemist");
  });

  it("shows in the offline model's answer (a fresh install's model) the project it received", async () => {
    const u = await seedUser();
    const file = await upload(u, "menu.txt", "Phở bò\nBún chả");
    const p = await createProject(u, { name: "Café", instructions: "Suggest dishes.", file_ids: [file.id] });
    for (const chat of [await newChatIn(u, p.id), await newChatIn(u, p.id)]) {
      const res = await ask(u, { chat_id: chat.id, question: "What should I cook tonight?" });
      expect(res.status).toBe(200);
      expect(contentOf(await readSse(res))).toContain("- Project: Café — “Suggest dishes.” (menu.txt)");
    }
  });

  it("makes no D1 round trip before the first token in a chat of a project", async () => {
    const u = await seedUser();
    const file = await upload(u, "facts.txt", "The sky is blue.");
    const p = await createProject(u, { name: "Sky", instructions: "Be poetic.", file_ids: [file.id] });
    const chat = await newChatIn(u, p.id);
    await eventually(() => inUserHub(u.id, (hub) => hub.state.chats.window(chat.id)));
    expect(await roundTripsBeforeFirstToken(u, chat.id, "Why is the sky blue?")).toBe(0);
    expect(await roundTripsBeforeFirstToken(u, chat.id, "And at dusk?")).toBe(0);
  });

  it("cuts the oldest history to fit the model's window, keeping the instructions and the question", async () => {
    const u = await seedUser();
    const p = await createProject(u, { name: "Long", instructions: "Keep every answer under 100 words." });
    const chat = await newChatIn(u, p.id);
    // 20 messages of ~3,000 tokens each: more than DeepSeek's 65,536-token window leaves for the prompt.
    const filler = "lorem ipsum ".repeat(1_000);
    const messages = Array.from({ length: 20 }, (_, i) => ({
      message_id: `old-${i}`,
      sender: i % 2 ? "bot" : "user",
      message: `#${i} ${filler}`,
    }));
    const saved = await call("POST", "/media-api/api/chat/save", {
      token: u.token,
      body: { chat_id: chat.id, messages },
    });
    expect(saved.status).toBe(200);
    const body = await askThroughFake(u, chat.id, "Sum it up.", "deepseek-chat");
    const system = textOf(body.messages.find((m) => m.role === "system")!.content);
    expect(system).toContain("Keep every answer under 100 words.");
    const turns = body.messages.filter((m) => m.role !== "system");
    expect(textOf(turns.at(-1)!.content)).toBe("Sum it up.");
    const history = turns.slice(0, -1).map((m) => textOf(m.content));
    expect(history.length).toBeGreaterThan(0);
    expect(history.length).toBeLessThan(20);
    expect(history.at(-1)).toMatch(/^#19 /);
    expect(history.some((m) => m.startsWith("#0 "))).toBe(false);
    expect(turns[0]!.role).toBe("user");
    const sent = estimateTokens(system) + body.messages.reduce((n, m) => n + estimateTokens(textOf(m.content)) + 4, 0);
    expect(sent).toBeLessThanOrEqual(promptBudget(contextTokensOf(findByEndpoint("deepseek-chat")!)));
  });

  it("keeps the instructions and the question even when they alone fill the window", () => {
    const prompt = buildPrompt({
      history: [
        { messageId: "a", sender: "user", message: "earlier question" },
        { messageId: "b", sender: "bot", message: "earlier answer" },
      ],
      question: "The question",
      project: { name: "Big", instructions: "x".repeat(40_000), files: [] },
      contextTokens: 8_000,
    });
    expect(prompt.system).toContain("x".repeat(40_000));
    expect(prompt.messages).toEqual([{ role: "user", content: "The question" }]);
  });
});

describe("a project's files in a small window", () => {
  it("cut the history first, then the files' text, never the instructions or the question", () => {
    const file = (name: string, text: string) => ({
      id: name,
      name,
      type: "text/plain" as Attachment["type"],
      group: "text" as const,
      size: text.length,
      url: `/media-api/api/uploads/${name}`,
      textChars: text.length,
      truncated: false,
      createdAt: 0,
      text,
      image: null,
    });
    const prompt = buildPrompt({
      history: [
        { messageId: "a", sender: "user", message: `earlier question ${"q".repeat(10_000)}` },
        { messageId: "b", sender: "bot", message: `earlier answer ${"r".repeat(10_000)}` },
      ],
      question: "The question",
      project: {
        name: "Docs",
        instructions: "Answer from the files.",
        files: [file("first.txt", "a".repeat(8_000)), file("second.txt", "b".repeat(40_000))],
      },
      contextTokens: 16_000,
    });
    const system = prompt.system!;
    expect(system).toContain("Answer from the files.");
    expect(system).toContain(`first.txt (text, 8000 bytes) ---\n${"a".repeat(8_000)}`);
    expect(system).toContain("second.txt (text, 40000 bytes, text truncated)");
    expect(system).not.toContain("b".repeat(40_000));
    expect(prompt.messages).toEqual([{ role: "user", content: "The question" }]);
    expect(estimateTokens(system) + estimateTokens("The question")).toBeLessThanOrEqual(promptBudget(16_000));
  });
});

describe("chat databases", () => {
  it("keep a chat's project in the user's chat database", async () => {
    const u = await seedUser();
    const p = await createProject(u, { name: "Where" });
    const chat = await newChatIn(u, p.id);
    const row = await (await chatsOf(u.id))
      .prepare("SELECT project_id FROM chat_sessions WHERE id = ?")
      .bind(chat.id)
      .first<{ project_id: string }>();
    expect(row?.project_id).toBe(p.id);
  });
});
