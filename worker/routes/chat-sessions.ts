// /chat-sessions: the signed-in user's chats — list (newest message first, paged by cursor), create, read, rename,
// star, move into a project or out of it, delete (one, or all as "clear conversations"; their shared links are revoked with them), a chat's content (paged newest first by cursor), its export
// as a file, the version of a message it shows, and a new chat that continues from one of its messages. Another user's chat, or a deleted one, is a 404: every query has the user in its WHERE and only matches
// active chats.
import { Hono } from "hono";
import { createFactory } from "hono/factory";
import * as v from "valibot";
import { HISTORY_MESSAGES } from "../../durable-objects/state/chats";
import { requireAuth } from "../http/auth-middleware";
import {
  chatContextOf,
  createChat,
  deleteAllChats,
  getChat,
  listChats,
  publicChat,
  toggleStar,
  updateChat,
  type ChatRow,
} from "../db/chats";
import { getChatWithMessages, getChatWithMessagesPage, publicChatContent, publicMessage } from "../db/messages";
import { chatExport, EXPORT_FORMATS } from "../export/chat-export";
import { purgeDeletedChats } from "../db/purge";
import { getProject } from "../db/projects";
import { deleteSharesOfChats } from "../db/shares";
import { removeSnapshots } from "../shares/share-store";
import type { AppEnv } from "../http/app-env";
import type { Db } from "../db/client";
import { AppError } from "../errors";
import { idSchema, valid } from "../lib/validate";
import { CONTENT_PAGE_DEFAULT, CONTENT_PAGE_MAX_BYTES, type ChatContentPageBody } from "../protocol/api";
import { ChatMessageRefSchema, ChatPatchSchema, ChatStarSchema, NewChatSchema } from "../protocol/chat-requests";
import { forkChat, getTreeMessage, showBranchStatement } from "../db/message-tree";
import type { PublicMessage } from "../protocol/resources";
import { contentQuerySchema } from "../http/content-query";

/** Rounds of 50 chats "clear all" purges at once: 5,000 chats. */
const CLEAR_ALL_ROUNDS = 100;

/** Chats per page: 100 unless the client asks for 1–200. */
const DEFAULT_PAGE = 100;
const MAX_PAGE = 200;

/**
 * The paging cursor is "<last_message_at in ms>~<chat id>" of the last chat on the previous page ('~' never occurs
 * in an id). The list answers it as `next_before` (null on the last page); the client passes it back as `before`.
 */
const CURSOR_SEP = "~";

function cursorOf(c: ChatRow): string {
  return `${c.lastMessageAt}${CURSOR_SEP}${c.id}`;
}

const ListQuerySchema = v.object({
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,4}$/, `limit must be a whole number from 1 to ${MAX_PAGE}`),
      v.transform(Number),
      v.minValue(1, `limit must be a whole number from 1 to ${MAX_PAGE}`),
      v.maxValue(MAX_PAGE, `limit must be a whole number from 1 to ${MAX_PAGE}`),
    ),
    String(DEFAULT_PAGE),
  ),
  before: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,16}~[A-Za-z0-9_.:-]{1,100}$/, "before must be a next_before value from an earlier page"),
      v.transform((s) => {
        const at = s.indexOf(CURSOR_SEP);
        return { lastMessageAt: Number(s.slice(0, at)), id: s.slice(at + 1) };
      }),
    ),
  ),
  /** Only the chats of this project of the user's (another user's project is a 404). */
  project_id: v.optional(idSchema),
});

const IdParam = v.object({ id: idSchema });

/** Throws 404 unless the project is the user's (`db`: the main database, where projects live). */
async function ownProject(db: Db, userId: string, projectId: string) {
  if (!(await getProject({ db, userId, id: projectId }))) throw new AppError("not_found", "Project not found");
}

/** ?format=markdown (the default) or json. */
const ExportQuerySchema = v.object({
  format: v.optional(v.picklist(EXPORT_FORMATS, "format must be markdown or json"), "markdown"),
});

const factory = createFactory<AppEnv>();

/** PATCH /:id, and PUT /:id for Safari/iOS clients that cannot send PATCH. */
const patchChat = factory.createHandlers(valid("param", IdParam), valid("json", ChatPatchSchema), async (c) => {
  const { id } = c.req.valid("param");
  const body = c.req.valid("json");
  const userId = c.var.user.id;
  if (body.project_id) await ownProject(c.var.db, userId, body.project_id);
  const [chat, revoked] = await Promise.all([
    updateChat({
      db: c.var.chats,
      main: c.var.db,
      owner: c.var.hub,
      id,
      userId,
      patch: { title: body.title, status: body.status, isStarred: body.is_starred, projectId: body.project_id },
    }),
    // a deleted chat is shared no more (the user's own links only: the query has them in its WHERE)
    body.status === "deleted" ? deleteSharesOfChats({ db: c.var.db, userId, chatIds: [id] }) : [],
  ]);
  c.executionCtx.waitUntil(removeSnapshots(c.env.IMAGES, revoked));
  if (!chat) throw new AppError("not_found", "Chat not found");
  // The user's object sends the project's instructions and files with the chat's next turn, without reading D1.
  if (body.project_id !== undefined && chat.status === "active")
    await c.var.hub.setChatContext(id, { projectId: chat.projectId });
  return c.json({ status: "success", data: publicChat(chat) }, 200);
});

export const chatSessionRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/", valid("query", ListQuerySchema), async (c) => {
    const { limit, before, project_id: projectId } = c.req.valid("query");
    const userId = c.var.user.id;
    // One extra row tells whether another page follows.
    const [rows] = await Promise.all([
      listChats({ db: c.var.chats, userId, limit: limit + 1, before, projectId }),
      projectId === undefined ? null : ownProject(c.var.db, userId, projectId),
    ]);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const nextBefore = rows.length > limit && last ? cursorOf(last) : null;
    return c.json({ status: "success", data: page.map(publicChat), next_before: nextBefore }, 200);
  })
  .post("/", valid("json", NewChatSchema), async (c) => {
    const { title, persona, project_id: projectId } = c.req.valid("json");
    if (projectId) await ownProject(c.var.db, c.var.user.id, projectId);
    const chat = await createChat({
      db: c.var.chats,
      main: c.var.db,
      userId: c.var.user.id,
      title: title ?? undefined,
      persona,
      projectId,
    });
    if (!chat) throw new AppError("conflict", "Cannot create a new chat session. Please try again later.");
    // The user's object knows the new chat is theirs and empty, so its first question waits on no D1 read.
    c.executionCtx.waitUntil(c.var.hub.warmChat(chat.id, [], chatContextOf(chat), chat.createdAt));
    return c.json({ status: "success", data: publicChat(chat) }, 201);
  })
  .delete("/", async (c) => {
    const userId = c.var.user.id;
    const [deleted, revoked] = await Promise.all([
      deleteAllChats({ db: c.var.chats, main: c.var.db, owner: c.var.hub, userId }),
      deleteSharesOfChats({ db: c.var.db, userId, chatIds: null }),
    ]);
    c.executionCtx.waitUntil(removeSnapshots(c.env.IMAGES, revoked));
    // "Clear all" purges at once (up to 5,000 chats; any past that go with the daily purge), after the answer.
    c.executionCtx.waitUntil(
      purgeDeletedChats({
        d1: c.var.chats.$client,
        main: c.env.DB,
        pictures: c.env.IMAGES,
        before: Date.now() + 1,
        userId,
        rounds: CLEAR_ALL_ROUNDS,
      }),
    );
    return c.json({ status: "success", data: { deleted } }, 200);
  })
  .get("/:id", valid("param", IdParam), async (c) => {
    const chat = await getChat({ db: c.var.chats, id: c.req.valid("param").id, userId: c.var.user.id });
    if (!chat) throw new AppError("not_found", "Chat not found");
    return c.json({ status: "success", data: publicChat(chat) }, 200);
  })
  .patch("/:id", ...patchChat)
  .put("/:id", ...patchChat)
  .patch("/:id/toggle-star", valid("param", IdParam), valid("json", ChatStarSchema), async (c) => {
    const { id } = c.req.valid("param");
    const { is_starred } = c.req.valid("json");
    const chat = await toggleStar({ db: c.var.chats, id, userId: c.var.user.id, value: is_starred ?? undefined });
    if (!chat) throw new AppError("not_found", "Chat not found");
    return c.json({ status: "success", data: publicChat(chat) }, 200);
  })
  /**
   * Shows another version of a message (an earlier text of an edited question, another answer): the chat's branch
   * goes through it and, below it, the answers written last. Saved, so a reload and the user's other devices show it
   * too; not while an answer is being written in the chat (its save would move the branch again).
   */
  .put("/:id/branch", valid("param", IdParam), valid("json", ChatMessageRefSchema), async (c) => {
    const chatId = c.req.valid("param").id;
    const messageId = c.req.valid("json").message_id;
    const userId = c.var.user.id;
    const [chat, message] = await Promise.all([
      getChat({ db: c.var.chats, id: chatId, userId }),
      getTreeMessage({ db: c.var.chats, chatId, userId, messageId }),
    ]);
    if (!chat) throw new AppError("not_found", "Chat not found");
    if (!message) throw new AppError("not_found", "Message not found");
    const running: PublicMessage[] = await c.var.hub.runningMessages(chatId);
    if (running.length > 0)
      throw new AppError("conflict", "An answer is being written in this chat; wait for it or stop it first");
    await showBranchStatement({ db: c.var.chats, chatId, userId, messageId });
    // the object's window of the chat was the old branch: its next turn reads this one
    await c.var.hub.forgetChats([chatId]);
    return c.json({ status: "success", data: { message_id: messageId } }, 200);
  })
  /** "Continue in a new chat": a new chat of the user with this chat's conversation down to the message. */
  .post("/:id/fork", valid("param", IdParam), valid("json", ChatMessageRefSchema), async (c) => {
    const chatId = c.req.valid("param").id;
    const userId = c.var.user.id;
    const chat = await getChat({ db: c.var.chats, id: chatId, userId });
    if (!chat) throw new AppError("not_found", "Chat not found");
    const forked = await forkChat({
      db: c.var.chats,
      chatId,
      userId,
      messageId: c.req.valid("json").message_id,
      title: chat.title,
      persona: chat.persona,
    });
    if (!forked) throw new AppError("not_found", "Message not found");
    // A chat continued from one in a project stays in the project.
    const placed = chat.projectId
      ? await updateChat({
          db: c.var.chats,
          main: c.var.db,
          owner: c.var.hub,
          id: forked.id,
          userId,
          patch: { projectId: chat.projectId },
        })
      : forked;
    return c.json({ status: "success", data: publicChat(placed ?? forked) }, 201);
  })
  /** The chat as a file to download: Markdown (the default) or JSON (export/chat-export.ts). */
  .get("/:id/export", valid("param", IdParam), valid("query", ExportQuerySchema), async (c) => {
    const userId = c.var.user.id;
    const found = await getChatWithMessages({ db: c.var.chats, chatId: c.req.valid("param").id, userId });
    if (!found) throw new AppError("not_found", "Chat not found");
    const { body, headers } = chatExport({
      chat: publicChat(found.chat),
      messages: found.messages.map(publicMessage),
      format: c.req.valid("query").format,
    });
    return c.body(body, 200, headers);
  })
  /** Paged newest first: the last messages of the chat (oldest first), and `next_before` for the ones before. */
  .get("/:id/content", valid("param", IdParam), valid("query", contentQuerySchema(CONTENT_PAGE_DEFAULT)), async (c) => {
    const { limit = CONTENT_PAGE_DEFAULT, before } = c.req.valid("query");
    const chatId = c.req.valid("param").id;
    // The newest page also shows an answer still being written, and its question (they reach D1 when it ends). The
    // user's own object is asked first: an answer is saved before it stops running, so one that ends between the two
    // reads is in D1 by the second (the other way round, it could be in neither, and the chat looked empty).
    const running = before ? [] : await c.var.hub.runningMessages(chatId);
    const readAt = Date.now();
    const found = await getChatWithMessagesPage({
      db: c.var.chats,
      chatId,
      userId: c.var.user.id,
      limit,
      before,
      maxBytes: CONTENT_PAGE_MAX_BYTES,
    });
    // Another user's chat: not found (the running answers read above are this user's own, and are dropped here).
    if (!found) throw new AppError("not_found", "Chat not found");
    // The app is opening the chat: the user's object takes its newest messages as the chat's window, so the first
    // question waits on no D1 read. Only from a page that holds the whole window (or the whole chat), after the answer.
    if (!before && (found.messages.length >= HISTORY_MESSAGES || found.nextBefore === null)) {
      const history = found.messages.slice(-HISTORY_MESSAGES).map((m) => ({
        messageId: m.messageId,
        sender: m.sender,
        message: m.message,
        original: m.originalMessage,
      }));
      c.executionCtx.waitUntil(c.var.hub.warmChat(chatId, history, chatContextOf(found.chat), readAt));
    }
    const body = {
      status: "success",
      data: publicChatContent(found.chat, found.messages, running),
      next_before: found.nextBefore,
    } satisfies ChatContentPageBody;
    return c.json(body, 200);
  });
