// POST /chat-sessions/import/chatgpt: the user's ChatGPT data export (conversations.json, or the export's zip that
// holds it) becomes chats of theirs (worker/imports/). The body is the file itself (Content-Type application/json or
// application/zip, at most the app's 20 MB). The answer streams one JSON line per conversation written or skipped,
// then a summary, so the app shows progress on a long import:
//   {"type":"start","total":N}
//   {"type":"progress","done":n,"total":N}
//   {"type":"summary","imported":n,"skipped":[{"title","reason"}]}     reason: already_imported | no_messages |
//                                                                         not_a_conversation | failed
// A file that is not an export is a 400 (or 415 for another type) before anything is written.
import { Hono } from "hono";
import { unzipSync } from "fflate";
import { type ImportedConversation, parseConversation } from "../imports/chatgpt";
import { existingChats, importedChatId, writeImportedChat } from "../imports/import-chats";
import { AppError } from "../errors";
import { requireAuth } from "../http/auth-middleware";
import type { AppEnv } from "../http/app-env";

/** Conversations one import takes at most. */
const MAX_CONVERSATIONS = 10_000;

/** conversations.json's text, from the file itself or from the export's zip. */
function exportText(type: string, bytes: Uint8Array): string {
  if (type.startsWith("application/json")) return new TextDecoder().decode(bytes);
  if (type.startsWith("application/zip") || type.startsWith("application/x-zip-compressed")) {
    let files: Record<string, Uint8Array>;
    try {
      files = unzipSync(bytes, { filter: (f) => /(^|\/)conversations\.json$/.test(f.name) });
    } catch {
      throw new AppError("invalid_input", "The file is not a zip archive", { field: "file" });
    }
    const found = Object.values(files)[0];
    if (!found) throw new AppError("invalid_input", "The zip holds no conversations.json", { field: "file" });
    return new TextDecoder().decode(found);
  }
  throw new AppError("unsupported_media_type", "Send conversations.json (application/json) or the export's zip");
}

export const chatImportRoutes = new Hono<AppEnv>().use(requireAuth).post("/chatgpt", async (c) => {
  const type = (c.req.header("Content-Type") ?? "").toLowerCase();
  const text = exportText(type, new Uint8Array(await c.req.arrayBuffer()));
  let entries: unknown;
  try {
    entries = JSON.parse(text);
  } catch {
    throw new AppError("invalid_input", "conversations.json is not valid JSON", { field: "file" });
  }
  if (!Array.isArray(entries)) {
    throw new AppError("invalid_input", "conversations.json should hold a list of conversations", { field: "file" });
  }
  if (entries.length > MAX_CONVERSATIONS) {
    throw new AppError("payload_too_large", `An import takes at most ${MAX_CONVERSATIONS} conversations`);
  }
  const userId = c.var.user.id;
  const db = c.var.chats;
  const now = Date.now();
  const skipped: { title: string; reason: string }[] = [];
  const wanted: { chatId: string; conversation: ImportedConversation }[] = [];
  for (const entry of entries) {
    const parsed = parseConversation(entry, now);
    if (!parsed.ok) skipped.push({ title: parsed.title, reason: parsed.reason });
    else
      wanted.push({
        chatId: await importedChatId(userId, parsed.conversation.sourceId),
        conversation: parsed.conversation,
      });
  }
  const existing = await existingChats(
    db,
    wanted.map((w) => w.chatId),
  );

  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const encoder = new TextEncoder();
  const line = (value: unknown) => writer.write(encoder.encode(`${JSON.stringify(value)}\n`));
  const work = (async () => {
    const total = entries.length;
    let done = skipped.length;
    let imported = 0;
    await line({ type: "start", total });
    for (const { chatId, conversation } of wanted) {
      if (existing.has(chatId)) {
        skipped.push({ title: conversation.title, reason: "already_imported" });
      } else {
        try {
          await writeImportedChat({ db, userId, chatId, conversation });
          imported++;
          existing.add(chatId); // the same conversation twice in one file
        } catch (err) {
          console.error(JSON.stringify({ event: "import_failed", request_id: c.var.requestId, error: String(err) }));
          skipped.push({ title: conversation.title, reason: "failed" });
        }
      }
      await line({ type: "progress", done: ++done, total });
    }
    await line({ type: "summary", imported, skipped });
    await writer.close();
  })();
  c.executionCtx.waitUntil(work);
  return c.body(readable, 200, { "Content-Type": "application/x-ndjson; charset=utf-8", "Cache-Control": "no-store" });
});
