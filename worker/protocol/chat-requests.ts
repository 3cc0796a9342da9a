// What a client sends to change its chats, declared once: the worker validates each body with these schemas and the
// SPA types what it sends with their input types.
//   POST  /chat-sessions                   NewChat
//   PATCH /chat-sessions/{id}              ChatPatch (rename, delete with status 'deleted', star)
//   PATCH /chat-sessions/{id}/toggle-star  ChatStar (no value flips the star)
//   PUT   /chat-sessions/{id}/branch       ChatMessageRef (show this version of a message, and the answers under it)
//   POST  /chat-sessions/{id}/fork         ChatMessageRef (continue in a new chat from this message)
import * as v from "valibot";
import { IdSchema } from "./resources";
import { ExpertPersonaSchema } from "./settings";

/** Longest chat title, in characters. */
export const MAX_TITLE_CHARS = 200;

/** A chat title as clients send it (also to the media API's initialize): trimmed, at most MAX_TITLE_CHARS. */
export const ChatTitleSchema = v.pipe(
  v.string("title must be a string"),
  v.trim(),
  v.maxLength(MAX_TITLE_CHARS, `title must be at most ${MAX_TITLE_CHARS} characters`),
);

export const NewChatSchema = v.object({
  title: v.optional(v.nullable(ChatTitleSchema)),
  /** Starts the chat with an expert persona (sidebar > experts). */
  persona: v.optional(v.nullable(ExpertPersonaSchema)),
});
export type NewChat = v.InferInput<typeof NewChatSchema>;

export const ChatPatchSchema = v.pipe(
  v.object({
    title: v.optional(v.pipe(ChatTitleSchema, v.nonEmpty("title must not be empty"))),
    status: v.optional(v.picklist(["active", "deleted"], "status must be 'active' or 'deleted'")),
    is_starred: v.optional(v.boolean("is_starred must be true or false")),
  }),
  v.check(
    (b) => b.title !== undefined || b.status !== undefined || b.is_starred !== undefined,
    "Nothing to update: send title, status or is_starred",
  ),
);
export type ChatPatch = v.InferInput<typeof ChatPatchSchema>;

export const ChatStarSchema = v.object({
  is_starred: v.optional(v.nullable(v.boolean("is_starred must be true or false"))),
});
export type ChatStar = v.InferInput<typeof ChatStarSchema>;

/** One message of the chat (a version to show, or where a new chat continues from). */
export const ChatMessageRefSchema = v.object({ message_id: IdSchema });
export type ChatMessageRef = v.InferInput<typeof ChatMessageRefSchema>;
