// The chat content page the worker answers with and the SPA reads, declared once: a chat's messages, paged newest
// first (the resources themselves are in resources.ts). The SPA validates answers with these schemas; the worker
// types its answers with their input types.
import * as v from "valibot";
import { successEnvelope } from "./envelopes";
import { PublicMessageSchema } from "./resources";

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
 * Most messages the unpaged whole-chat load (GET /media-api/api/chat/content/:id without ?limit or ?before) answers:
 * 2,000, about 1.8 MB of JSON for typical messages. A longer chat answers 413 payload_too_large, saying to read it in
 * pages; the app itself always reads pages.
 */
export const UNPAGED_CONTENT_MAX_MESSAGES = 2_000;

/**
 * The content cursor: "<created_at ms>~<row id>" of the oldest message on the page. The worker answers it as
 * `next_before` (null when no older message exists); the client passes it back as `?before=`.
 */
export const CONTENT_CURSOR = /^\d{1,16}~\d{1,16}$/;

/** One message as the content call answers it: the saved-message resource, declared once in resources.ts. */
export const ContentMessageSchema = PublicMessageSchema;

/** The content shape clients read (data.chats[0]: title and messages, oldest first) plus the cursor to older ones. */
export const ChatContentPageSchema = v.object({
  ...successEnvelope(
    v.object({
      chats: v.array(
        v.looseObject({
          id: v.optional(v.string()),
          title: v.optional(v.string()),
          messages: v.array(ContentMessageSchema),
        }),
      ),
    }),
  ).entries,
  next_before: v.optional(v.nullable(v.pipe(v.string(), v.regex(CONTENT_CURSOR))), null),
});
export type ChatContentPageBody = v.InferInput<typeof ChatContentPageSchema>;
