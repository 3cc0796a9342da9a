// What a client asks of the model API, declared once: the worker validates each body with these schemas at its edge,
// and the SPA types the bodies it sends with their input types, so a field renamed on one side fails the typecheck
// on the other.
//   POST /api/chat/{endpoint}, POST /api/chat/search   ChatAsk   → an SSE answer (chat-stream.ts)
//   POST /api/chat/image                               ImageAsk  → ImageResult (images.ts)
//   POST /api/chat/stop                                StopAsk
// The other fields existing clients send (user_id, is_premium, the image's model 'stable-diffusion' and messages[]) are
// accepted and never trusted.
import * as v from "valibot";
import { IdSchema } from "./resources";
import { MAX_FILES } from "./uploads";
import { isLink, urlText } from "./urls";

/** Longest chat question, in characters (about 25k tokens). */
export const MAX_QUESTION_CHARS = 100_000;
/** Longest image prompt, in characters. */
export const MAX_IMAGE_QUESTION_CHARS = 4_000;

/** A question: required, trimmed, and not empty once trimmed. */
export const questionSchema = (maxChars: number, tooLong: string) =>
  v.pipe(
    v.string("Question is required"),
    v.trim(),
    v.nonEmpty("Question is required"),
    v.maxLength(maxChars, tooLong),
  );

export const ChatQuestionSchema = questionSchema(MAX_QUESTION_CHARS, "Question is too long");
export const ImageQuestionSchema = questionSchema(
  MAX_IMAGE_QUESTION_CHARS,
  `Question must be at most ${MAX_IMAGE_QUESTION_CHARS} characters`,
);

export const ChatAskSchema = v.object({
  /** Required (ChatQuestionSchema), except to regenerate an answer (its question is the one it answered). */
  question: v.optional(v.unknown()),
  chat_id: IdSchema,
  user_id: v.optional(v.nullable(v.string())),
  is_premium: v.optional(v.unknown()),
  /** Client-chosen ids for the user message and the answer, so it can save and stop them; made by the worker if absent. */
  message_id: v.optional(IdSchema),
  bot_message_id: v.optional(IdSchema),
  is_search_mode: v.optional(v.boolean()),
  /** Edit: the user message whose text `question` replaces; the answer is an edit reply tied to it. */
  edit_message_id: v.optional(IdSchema),
  /** Regenerate: the bot answer to write again, in place, with this endpoint's model. */
  regenerate_message_id: v.optional(IdSchema),
  /** Files the question carries: ids answered by POST /media-api/api/uploads (at most MAX_FILES). */
  attachment_ids: v.optional(
    v.pipe(v.array(IdSchema), v.maxLength(MAX_FILES, `At most ${MAX_FILES} files per question`)),
  ),
  /** POST /api/chat/search only: the endpoint of the model that answers (the default model when absent). */
  model: v.optional(v.pipe(v.string(), v.maxLength(100))),
});
export type ChatAsk = v.InferInput<typeof ChatAskSchema>;

/** An image id: ours are UUIDs; no ":", so a `javascript:` reference is never taken for one. */
const IMAGE_ID = /^[A-Za-z0-9_.-]{1,100}$/;

export const ImageAskSchema = v.object({
  /** Required: ImageQuestionSchema. */
  question: v.optional(v.unknown()),
  chat_id: IdSchema,
  user_id: v.optional(v.nullable(v.string())),
  is_premium: v.optional(v.unknown()),
  model: v.optional(v.unknown()),
  messages: v.optional(v.unknown()),
  is_edit: v.optional(v.nullable(v.boolean("is_edit must be true or false"))),
  /** One of the caller's images: its URL (absolute, or a path on this site) or its id; no other scheme. */
  original_image: v.optional(
    v.nullable(
      v.pipe(
        urlText,
        v.check((s) => isLink(s) || IMAGE_ID.test(s), "original_image must be the URL or id of one of your images"),
      ),
    ),
  ),
  message_id: v.optional(IdSchema),
  bot_message_id: v.optional(IdSchema),
});
export type ImageAsk = v.InferInput<typeof ImageAskSchema>;

export const StopAskSchema = v.object({ message_id: IdSchema });
export type StopAsk = v.InferInput<typeof StopAskSchema>;
