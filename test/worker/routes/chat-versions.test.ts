// Versions and branches: an edited question and a regenerated answer are kept beside what they replace (the chat's
// messages form a tree), the chat shows one branch and says which messages have other versions, PUT
// /chat-sessions/{id}/branch shows another (saved: a reload reads it), the model is sent only the branch shown,
// pages of a long chat follow it, an answer still running shows in place of the branch it leaves, and POST
// /chat-sessions/{id}/fork continues a chat from any message in a new one.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  answerInUserHub,
  ask,
  call,
  json,
  makeChat,
  messagesOf,
  readSse,
  readUntil,
  seedUser,
  type TestUser,
  withOfflinePace,
} from "../../support/api";
import { FAKE_MODELS } from "../../support/fake-upstream-scenarios";
import { requestsWithKey } from "../models/model-helpers";

/** Asks `question` in the chat with the ids given; answers the answer's text. */
async function turn(u: TestUser, chatId: string, question: string, userId: string, botId: string) {
  const res = await ask(u.token, { question, chat_id: chatId, message_id: userId, bot_message_id: botId });
  expect(res.status).toBe(200);
  return readSse(res);
}

/** The messages the chat shows now (its newest page). */
async function shown(u: TestUser, chatId: string): Promise<any[]> {
  const res = await call("GET", `/chat-sessions/${chatId}/content`, { token: u.token });
  expect(res.status).toBe(200);
  return (await json(res)).data.chats[0].messages;
}

const ids = (messages: { message_id: string }[]) => messages.map((m) => m.message_id);

function showBranch(u: TestUser, chatId: string, messageId: string) {
  return call("PUT", `/chat-sessions/${chatId}/branch`, { token: u.token, body: { message_id: messageId } });
}

/** A chat of two turns: q1 → a1, q2 → a2. */
async function twoTurns() {
  const u = await seedUser();
  const chatId = await makeChat(u.id);
  await turn(u, chatId, "Question one", "q1", "a1");
  await turn(u, chatId, "Question two", "q2", "a2");
  return { u, chatId };
}

/** Edits q2 into "Question two, better" (q2b), answered by `replyId`. */
async function editSecondQuestion(u: TestUser, chatId: string, replyId: string) {
  const res = await ask(u.token, {
    question: "Question two, better",
    chat_id: chatId,
    edit_message_id: "q2",
    message_id: "q2b",
    bot_message_id: replyId,
  });
  expect(res.status).toBe(200);
  await readSse(res);
}

describe("versions of a message", () => {
  it("lists every version of an edited question and of a regenerated answer, oldest first", async () => {
    const { u, chatId } = await twoTurns();
    await readSse(await ask(u.token, { chat_id: chatId, regenerate_message_id: "a2", bot_message_id: "a2b" }));
    await editSecondQuestion(u, chatId, "a2c");
    const messages = await shown(u, chatId);
    expect(ids(messages)).toEqual(["q1", "a1", "q2b", "a2c"]);
    expect(messages.map((m) => m.versions ?? [])).toEqual([[], [], ["q2", "q2b"], []]);
    expect(messages.map((m) => m.parent_id)).toEqual([null, "q1", "a1", "q2b"]);
  });

  it("shows another version with PUT /branch, and the answers written last below it; a reload reads the choice", async () => {
    const { u, chatId } = await twoTurns();
    await readSse(await ask(u.token, { chat_id: chatId, regenerate_message_id: "a1", bot_message_id: "a1b" }));
    await turn(u, chatId, "Question three", "q3", "a3");
    expect(ids(await shown(u, chatId))).toEqual(["q1", "a1b", "q3", "a3"]);

    const res = await showBranch(u, chatId, "a1");
    expect(res.status).toBe(200);
    expect((await json(res)).data).toEqual({ message_id: "a1" });
    const first = await shown(u, chatId);
    expect(ids(first)).toEqual(["q1", "a1", "q2", "a2"]);
    expect(first[1].versions).toEqual(["a1", "a1b"]);

    await showBranch(u, chatId, "a1b");
    expect(ids(await shown(u, chatId))).toEqual(["q1", "a1b", "q3", "a3"]);
    // showing the version already shown changes nothing
    expect((await showBranch(u, chatId, "a1b")).status).toBe(200);
    expect(ids(await shown(u, chatId))).toEqual(["q1", "a1b", "q3", "a3"]);
  });

  it("answers 404 for a message the chat does not have and 400 for a body without message_id", async () => {
    const { u, chatId } = await twoTurns();
    expect((await showBranch(u, chatId, "nope")).status).toBe(404);
    const bad = await call("PUT", `/chat-sessions/${chatId}/branch`, { token: u.token, body: { id: "a1" } });
    expect(bad.status).toBe(400);
    expect(await json(bad)).toMatchObject({ status: "error", code: "invalid_input" });
    expect(ids(await shown(u, chatId))).toEqual(["q1", "a1", "q2", "a2"]);
  });

  it("answers 409 while an answer is being written in the chat", async () => {
    const { u, chatId } = await twoTurns();
    const running = await withOfflinePace(20, () =>
      ask(u.token, { question: "A long one about the Mekong delta", chat_id: chatId, bot_message_id: "a3" }),
    );
    const refused = await showBranch(u, chatId, "a1");
    expect(refused.status).toBe(409);
    expect((await json(refused)).code).toBe("conflict");
    await readSse(running);
    expect((await showBranch(u, chatId, "a1")).status).toBe(200);
  });

  it("shows an answer still being written in place of the one it replaces", async () => {
    const { u, chatId } = await twoTurns();
    const res = await withOfflinePace(20, () =>
      ask(u.token, { chat_id: chatId, regenerate_message_id: "a1", bot_message_id: "a1b" }),
    );
    // once its first text has arrived, the answer is running in the user's object
    const reader = await readUntil(res, (events) => events.some((e) => e.content));
    const messages = await shown(u, chatId);
    expect(ids(messages)).toEqual(["q1", "a1b"]);
    expect(messages[1]).toMatchObject({ isStreaming: true, parent_id: "q1" });
    await reader.rest();
    expect(ids(await shown(u, chatId))).toEqual(["q1", "a1b"]);
  });

  it("pages a long chat along the branch shown", async () => {
    const u = await seedUser();
    const chatId = await makeChat(u.id);
    for (let i = 0; i < 6; i++) await turn(u, chatId, `Question ${i}`, `q${i}`, `a${i}`);
    // another answer to the second question: the branch shown is q0 a0 q1 a1b, then three more turns under it
    await readSse(await ask(u.token, { chat_id: chatId, regenerate_message_id: "a1", bot_message_id: "a1b" }));
    for (let i = 6; i < 9; i++) await turn(u, chatId, `Question ${i}`, `q${i}`, `a${i}`);
    const seen: string[] = [];
    let before: string | null = null;
    do {
      const query: string = before ? `?limit=3&before=${encodeURIComponent(before)}` : "?limit=3";
      const page = await json(await call("GET", `/chat-sessions/${chatId}/content${query}`, { token: u.token }));
      seen.unshift(...ids(page.data.chats[0].messages));
      before = page.next_before;
    } while (before);
    expect(seen).toEqual(["q0", "a0", "q1", "a1b", "q6", "a6", "q7", "a7", "q8", "a8"]);
  });

  it("keeps the chat's title and ownership of the old versions: the JSON export holds the branch shown", async () => {
    const { u, chatId } = await twoTurns();
    await readSse(await ask(u.token, { chat_id: chatId, regenerate_message_id: "a2", bot_message_id: "a2b" }));
    const exported = await json(await call("GET", `/chat-sessions/${chatId}/export?format=json`, { token: u.token }));
    expect(JSON.stringify(exported)).toContain('"a2b"');
    expect(JSON.stringify(exported)).not.toContain('"message_id":"a2"');
  });
});

// ---- the model's conversation ----------------------------------------------------------------------------------
/** Runs one turn in the user's object with the model on the fake upstream; answers the messages the model was sent. */
async function sentToModel(
  u: TestUser,
  chatId: string,
  turnAsk: { question: string; kind?: { type: "edit" | "regenerate"; messageId: string }; botMessageId?: string },
) {
  const apiKey = `k-${crypto.randomUUID()}`;
  const routed = {
    ...env,
    OPENAI_COMPATIBLE_BASE_URL: `${env.FAKE_UPSTREAM_URL}/openai-compatible`,
    OPENAI_COMPATIBLE_API_KEY: apiKey,
    MODEL_ROUTES: JSON.stringify({ "gpt-4.1-mini": { provider: "openai-compatible", model: FAKE_MODELS.ok } }),
  };
  await answerInUserHub(u, { endpoint: "gpt-4.1-mini", chatId, ...turnAsk }, routed, env);
  const [request] = await requestsWithKey(apiKey);
  const body = request!.body as { messages: { role: string; content: string }[] };
  return body.messages.filter((m) => m.role !== "system").map((m) => m.content);
}

describe("the conversation the model is sent", () => {
  it("is the branch shown, after a version is chosen (the object's window follows it)", async () => {
    const { u, chatId } = await twoTurns();
    await editSecondQuestion(u, chatId, "a2b");
    const onEdited = await sentToModel(u, chatId, { question: "Question three" });
    expect(onEdited.join("\n")).toContain("Question two, better");
    expect(onEdited.join("\n")).not.toContain("Question two\n");
    expect(onEdited.filter((m) => m === "Question two")).toEqual([]);

    expect((await showBranch(u, chatId, "q2")).status).toBe(200);
    const onFirst = await sentToModel(u, chatId, { question: "Question four" });
    expect(onFirst).toContain("Question two");
    expect(onFirst).not.toContain("Question two, better");
    expect(onFirst).not.toContain("Question three");
  });

  it("ends with the question for another answer, without the answer it replaces or what came after", async () => {
    const { u, chatId } = await twoTurns();
    const answers = (await messagesOf(chatId)).filter((m) => m.sender === "bot").map((m) => m.message);
    const sent = await sentToModel(u, chatId, {
      question: "",
      kind: { type: "regenerate", messageId: "a1" },
      botMessageId: "a1b",
    });
    expect(sent).toEqual(["Question one"]);
    expect(sent).not.toContain(answers[0]);
    expect(ids(await shown(u, chatId))).toEqual(["q1", "a1b"]);
  });

  it("for an edit, is the conversation before the edited question, then its new text", async () => {
    const { u, chatId } = await twoTurns();
    const sent = await sentToModel(u, chatId, {
      question: "Question two, shorter",
      kind: { type: "edit", messageId: "q2" },
      botMessageId: "a2b",
    });
    expect(sent[0]).toBe("Question one");
    expect(sent.at(-1)).toBe("Question two, shorter");
    expect(sent).not.toContain("Question two");
    expect(sent).toHaveLength(3);
  });
});

describe("continue in a new chat (fork)", () => {
  it("copies the branch down to the message into a new chat of the user; the first chat is unchanged", async () => {
    const { u, chatId } = await twoTurns();
    await readSse(await ask(u.token, { chat_id: chatId, regenerate_message_id: "a1", bot_message_id: "a1b" }));
    await showBranch(u, chatId, "a1");
    const res = await call("POST", `/chat-sessions/${chatId}/fork`, { token: u.token, body: { message_id: "q2" } });
    expect(res.status).toBe(201);
    const fork = (await json(res)).data;
    expect(fork.id).not.toBe(chatId);
    expect(fork.title).toBe("Question one");
    const copied = await shown(u, fork.id);
    expect(ids(copied)).toEqual(["q1", "a1", "q2"]);
    // the versions stay behind: the new chat is one path
    expect(copied.map((m) => m.versions ?? [])).toEqual([[], [], []]);
    expect(copied[2].message).toBe("Question two");
    expect(ids(await shown(u, chatId))).toEqual(["q1", "a1", "q2", "a2"]);
    // it is listed with the user's chats, and a question in it continues from the copy
    const list = await json(await call("GET", "/chat-sessions", { token: u.token }));
    expect(list.data.map((c: any) => c.id)).toContain(fork.id);
    await turn(u, fork.id, "Question three", "q3", "a3");
    expect(ids(await shown(u, fork.id))).toEqual(["q1", "a1", "q2", "q3", "a3"]);
  });

  it("answers 404 for a message the chat does not have", async () => {
    const { u, chatId } = await twoTurns();
    const res = await call("POST", `/chat-sessions/${chatId}/fork`, { token: u.token, body: { message_id: "nope" } });
    expect(res.status).toBe(404);
  });
});
