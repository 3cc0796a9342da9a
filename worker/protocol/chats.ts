// What a client sends to change its chats, declared once: the worker validates each body with these schemas and the
// SPA types what it sends with their input types.
import * as v from "valibot";

/** Longest chat title, in characters. */
export const MAX_TITLE_CHARS = 200;

/** A chat title as clients send it (also to the media API's initialize): trimmed, at most MAX_TITLE_CHARS. */
export const ChatTitleSchema = v.pipe(
  v.string("title must be a string"),
  v.trim(),
  v.maxLength(MAX_TITLE_CHARS, `title must be at most ${MAX_TITLE_CHARS} characters`),
);
