// REST response shapes the worker answers with and the SPA reads, declared once. Today: a chat's content, paged
// newest first. The SPA validates answers with these schemas; the worker types its answers with their input types.
import * as v from "valibot";

/** Messages per content page when the client does not ask: about 45 KB of JSON for a typical chat. */
export const CONTENT_PAGE_DEFAULT = 50;
/** Most messages a client may ask for in one content page. */
export const CONTENT_PAGE_MAX = 200;
/**
 * A content page also ends once its messages hold this many bytes of JSON (at least one message is always sent), so
 * a chat of long answers does not make the first page heavy: the first page of any chat stays under ~60 KB.
 */
export const CONTENT_PAGE_MAX_BYTES = 50_000;

/**
 * The content cursor: "<created_at ms>~<row id>" of the oldest message on the page. The worker answers it as
 * `next_before` (null when no older message exists); the client passes it back as `?before=`.
 */
export const CONTENT_CURSOR = /^\d{1,16}~\d{1,16}$/;

/** SQLite booleans may arrive as 0/1 from older rows; readers always see true/false. */
const Bool = v.pipe(
  v.union([v.boolean(), v.number()]),
  v.transform((x) => Boolean(x)),
);

/** One message as the content call answers it (fields the SPA reads; others pass through untouched). */
export const ContentMessageSchema = v.looseObject({
  message_id: v.string(),
  sender: v.picklist(["user", "bot"]),
  message: v.string(),
  model: v.optional(v.nullable(v.string()), null),
  citations: v.optional(v.nullable(v.array(v.unknown())), []),
  stopped: v.optional(Bool, false),
  error: v.optional(v.nullable(v.string()), null),
  created_at: v.optional(v.nullable(v.string()), null),
});

/** The spec's content shape (data.chats[0] holds title and messages, oldest first) plus the cursor to older ones. */
export const ChatContentPageSchema = v.object({
  status: v.literal("success"),
  data: v.object({
    chats: v.array(
      v.looseObject({
        id: v.optional(v.string()),
        title: v.optional(v.string()),
        messages: v.array(ContentMessageSchema),
      }),
    ),
  }),
  next_before: v.optional(v.nullable(v.pipe(v.string(), v.regex(CONTENT_CURSOR))), null),
});
export type ChatContentPageBody = v.InferInput<typeof ChatContentPageSchema>;
