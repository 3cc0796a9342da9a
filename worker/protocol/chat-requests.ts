// What a client sends to change its chats, declared once: the worker validates each body with these schemas and the
// SPA types what it sends with their input types.
//   POST  /chat-sessions                   NewChat (optionally in a project: project_id)
//   PATCH /chat-sessions/{id}              ChatPatch (rename, delete with status 'deleted', star, move into a project
//                                          or out of it with project_id: an id or null)
//   PATCH /chat-sessions/{id}/toggle-star  ChatStar (no value flips the star)
//   PUT   /chat-sessions/{id}/settings     ChatSettings (the chat's own system prompt, temperature, answer length)
//   PUT   /chat-sessions/{id}/branch       ChatMessageRef (show this version of a message, and the answers under it)
//   POST  /chat-sessions/{id}/fork         ChatMessageRef (continue in a new chat from this message)
import * as v from "valibot";
import {
  CHAT_MAX_TOKENS_MAX,
  CHAT_MAX_TOKENS_MIN,
  CHAT_SYSTEM_PROMPT_MAX_CHARS,
  CHAT_TEMPERATURE_MAX,
  CHAT_TEMPERATURE_MIN,
} from "./chat-settings-limits";
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
  /** Starts the chat in one of the user's projects (worker/protocol/projects.ts); another user's is a 404. */
  project_id: v.optional(v.nullable(IdSchema)),
});
export type NewChat = v.InferInput<typeof NewChatSchema>;

export const ChatPatchSchema = v.pipe(
  v.object({
    title: v.optional(v.pipe(ChatTitleSchema, v.nonEmpty("title must not be empty"))),
    status: v.optional(v.picklist(["active", "deleted"], "status must be 'active' or 'deleted'")),
    is_starred: v.optional(v.boolean("is_starred must be true or false")),
    /** Moves the chat into one of the user's projects (another user's is a 404), or out of its project with null. */
    project_id: v.optional(v.nullable(IdSchema)),
  }),
  v.check(
    (b) => b.title !== undefined || b.status !== undefined || b.is_starred !== undefined || b.project_id !== undefined,
    "Nothing to update: send title, status, is_starred or project_id",
  ),
);
export type ChatPatch = v.InferInput<typeof ChatPatchSchema>;

/**
 * A chat's own settings; a field left out stays as it is, null goes back to the user's defaults. The system prompt is
 * trimmed and an empty one is null. Temperature and max_tokens are premium, as the AI styles are (the route refuses
 * a value on the free plan; a turn ignores stored ones once the plan lapses).
 */
export const ChatSettingsSchema = v.pipe(
  v.object({
    system_prompt: v.optional(
      v.nullable(
        v.pipe(
          v.string("system_prompt must be text or null"),
          v.trim(),
          v.check(
            (s) => Array.from(s).length <= CHAT_SYSTEM_PROMPT_MAX_CHARS,
            `system_prompt must be at most ${CHAT_SYSTEM_PROMPT_MAX_CHARS} characters`,
          ),
          v.transform((s) => s || null),
        ),
      ),
    ),
    temperature: v.optional(
      v.nullable(
        v.pipe(
          v.number("temperature must be a number or null"),
          v.minValue(
            CHAT_TEMPERATURE_MIN,
            `temperature must be from ${CHAT_TEMPERATURE_MIN} to ${CHAT_TEMPERATURE_MAX}`,
          ),
          v.maxValue(
            CHAT_TEMPERATURE_MAX,
            `temperature must be from ${CHAT_TEMPERATURE_MIN} to ${CHAT_TEMPERATURE_MAX}`,
          ),
        ),
      ),
    ),
    max_tokens: v.optional(
      v.nullable(
        v.pipe(
          v.number("max_tokens must be a whole number or null"),
          v.integer("max_tokens must be a whole number"),
          v.minValue(CHAT_MAX_TOKENS_MIN, `max_tokens must be from ${CHAT_MAX_TOKENS_MIN} to ${CHAT_MAX_TOKENS_MAX}`),
          v.maxValue(CHAT_MAX_TOKENS_MAX, `max_tokens must be from ${CHAT_MAX_TOKENS_MIN} to ${CHAT_MAX_TOKENS_MAX}`),
        ),
      ),
    ),
  }),
  v.check(
    (b) => b.system_prompt !== undefined || b.temperature !== undefined || b.max_tokens !== undefined,
    "Nothing to update: send system_prompt, temperature or max_tokens",
  ),
);
export type ChatSettings = v.InferInput<typeof ChatSettingsSchema>;

export const ChatStarSchema = v.object({
  is_starred: v.optional(v.nullable(v.boolean("is_starred must be true or false"))),
});
export type ChatStar = v.InferInput<typeof ChatStarSchema>;

/** One message of the chat (a version to show, or where a new chat continues from). */
export const ChatMessageRefSchema = v.object({ message_id: IdSchema });
export type ChatMessageRef = v.InferInput<typeof ChatMessageRefSchema>;
