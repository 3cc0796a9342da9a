// Files in a chat turn: a question carries up to 10 of the user's uploads; the model reads their text before the
// question and images as vision input; the user message keeps their names, shown after a reload. Checked end to end
// with the offline model (its answer lists what it received) and on the wire of an OpenAI-style provider.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { generateOffline } from "../../../worker/images/offline";
import { toModelPrompt } from "../../../worker/models/stream-answer";
import { buildPrompt } from "../../../worker/turn/prompt";
import { loadAttachments } from "../../../worker/uploads/store";
import {
  ask,
  call,
  contentOf,
  json,
  makeChat,
  messagesOf,
  ORIGIN,
  readSse,
  seedUser,
  type TestUser,
} from "../../support/api";
import { FAKE_MODELS } from "../../support/fake-upstream-scenarios";
import { collect, requestsWithKey, resolveOnFake, textOf, uniqueKey } from "../models/model-helpers";

async function upload(
  user: TestUser,
  files: { name: string; bytes: Uint8Array | string }[],
): Promise<{ id: string; name: string; size: number }[]> {
  const form = new FormData();
  for (const f of files) form.append("files", new File([f.bytes], f.name));
  const res = await exports.default.fetch(
    new Request(`${ORIGIN}/media-api/api/uploads`, {
      method: "POST",
      headers: { Authorization: `Bearer ${user.token}` },
      body: form,
    }),
  );
  expect(res.status).toBe(201);
  return (await json(res)).data.files;
}

describe("a question with attached files", () => {
  it("gives the model the files' text and images, and the offline answer names each with its size and first line", async () => {
    const user = await seedUser();
    const chatId = await makeChat(user.id);
    const png = (await generateOffline("a cat on a roof")).bytes;
    const files = await upload(user, [
      { name: "notes.txt", bytes: "Shopping list\nrice, fish sauce" },
      { name: "photo.png", bytes: png },
    ]);
    const res = await ask(user, {
      chat_id: chatId,
      question: "What is in these files?",
      attachment_ids: files.map((f) => f.id),
    });
    expect(res.status).toBe(200);
    const answer = contentOf(await readSse(res));
    expect(answer).toContain("Files I received:");
    expect(answer).toContain(`notes.txt (${files[0]!.size} bytes, text): “Shopping list”`);
    expect(answer).toContain(`photo.png (${png.byteLength} bytes, image/png)`);
    // The quoted question is the question, not the files' text.
    expect(answer).not.toContain("rice, fish sauce");
  });

  it("keeps the files on the user message, so a reloaded chat shows them", async () => {
    const user = await seedUser();
    const chatId = await makeChat(user.id);
    const [file] = await upload(user, [{ name: "plan.md", bytes: "# Trip to Đà Lạt\nDay 1" }]);
    const userMessageId = crypto.randomUUID();
    await readSse(
      await ask(user, {
        chat_id: chatId,
        question: "Summarise my plan",
        message_id: userMessageId,
        attachment_ids: [file!.id],
      }),
    );
    const page = await json(await call("GET", `/chat-sessions/${chatId}/content`, { token: user.token }));
    const question = page.data.chats[0].messages.find((m: any) => m.message_id === userMessageId);
    expect(question.attachments).toEqual([
      {
        id: file!.id,
        name: "plan.md",
        type: "text/plain",
        group: "text",
        size: file!.size,
        url: `/media-api/api/uploads/${file!.id}`,
      },
    ]);
    const answer = page.data.chats[0].messages.at(-1);
    expect(answer.attachments).toEqual([]);
  });

  it("answers 404 for another user's file and takes no use", async () => {
    const owner = await seedUser();
    const other = await seedUser();
    const [file] = await upload(owner, [{ name: "secret.txt", bytes: "owner's secret" }]);
    const chatId = await makeChat(other.id);
    const res = await ask(other, { chat_id: chatId, question: "Read it", attachment_ids: [file!.id] });
    expect(res.status).toBe(404);
    expect((await json(res)).code).toBe("not_found");
    expect(await messagesOf(chatId)).toHaveLength(0);
    const models = await json(await call("GET", "/api/models", { token: other.token }));
    const mini = models.data.models.find((m: any) => m.endpoint === "gpt-4.1-mini");
    expect(mini.remaining).toBe(mini.total);
  });

  it("refuses files for a model that reads none with 415", async () => {
    const user = await seedUser();
    const chatId = await makeChat(user.id);
    const [file] = await upload(user, [{ name: "a.txt", bytes: "hello" }]);
    const res = await ask(user, { chat_id: chatId, question: "Read it", attachment_ids: [file!.id] }, "o4-mini");
    expect(res.status).toBe(415);
    expect((await json(res)).code).toBe("unsupported_media_type");
  });

  it("refuses more than 10 files, and files on a regenerated answer, with 400", async () => {
    const user = await seedUser();
    const chatId = await makeChat(user.id);
    const ids = Array.from({ length: 11 }, () => crypto.randomUUID());
    const many = await ask(user, { chat_id: chatId, question: "Read them", attachment_ids: ids });
    expect(many.status).toBe(400);
    expect((await json(many)).code).toBe("invalid_input");
    const [file] = await upload(user, [{ name: "a.txt", bytes: "hello" }]);
    const botId = crypto.randomUUID();
    await readSse(await ask(user, { chat_id: chatId, question: "Hi", bot_message_id: botId }));
    const again = await ask(user, { chat_id: chatId, regenerate_message_id: botId, attachment_ids: [file!.id] });
    expect(again.status).toBe(400);
  });
});

describe("attachments on a provider's wire", () => {
  it("sends text files before the question and images as image input to an OpenAI-style chat completions API", async () => {
    const user = await seedUser();
    const png = (await generateOffline("a bowl of phở")).bytes;
    const files = await upload(user, [
      { name: "menu.csv", bytes: "dish,price\nphở,50000" },
      { name: "bowl.png", bytes: png },
    ]);
    const attachments = await loadAttachments({ bucket: env.IMAGES, userId: user.id, ids: files.map((f) => f.id) });
    const key = uniqueKey("xai");
    const resolved = resolveOnFake("xai", FAKE_MODELS.ok, key);
    const prompt = buildPrompt({ history: [], question: "How much is the phở?", attachments });
    expect(toModelPrompt(prompt).at(-1)?.content).toHaveLength(2);
    const parts = await collect({ model: resolved.model, prompt, abortSignal: new AbortController().signal });
    expect(textOf(parts).length).toBeGreaterThan(0);
    const [request] = await requestsWithKey(key);
    const last = (request!.body as any).messages.at(-1);
    expect(last.role).toBe("user");
    expect(last.content[0].type).toBe("text");
    expect(last.content[0].text).toContain("--- Attached file: menu.csv (structured,");
    expect(last.content[0].text).toContain("phở,50000");
    expect(last.content[0].text.endsWith("How much is the phở?")).toBe(true);
    expect(last.content[1]).toEqual({
      type: "image_url",
      image_url: { url: `data:image/png;base64,${btoa(String.fromCharCode(...png))}` },
    });
  });
});
