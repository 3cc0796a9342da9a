// ?limit and ?before of a chat's content, read by both APIs that answer it: GET /chat-sessions/{id}/content (paged
// by default) and the media API's GET /media-api/api/chat/content/{id} (every message unless a page is asked for).
// The cursor is the one worker/protocol/api.ts describes; it is parsed here into the position the query reads from.
import * as v from "valibot";
import { parseMessageCursor } from "../db/messages";
import { CONTENT_CURSOR, CONTENT_PAGE_MAX } from "../protocol/api";

const contentLimitMessage = `limit must be a whole number from 1 to ${CONTENT_PAGE_MAX}`;

/** With `defaultLimit` undefined, a call without ?limit or ?before gets every message (the media API's original shape). */
export function contentQuerySchema(defaultLimit: number | undefined) {
  const limit = v.pipe(
    v.string(),
    v.regex(/^\d{1,4}$/, contentLimitMessage),
    v.transform(Number),
    v.minValue(1, contentLimitMessage),
    v.maxValue(CONTENT_PAGE_MAX, contentLimitMessage),
  );
  return v.object({
    limit: defaultLimit === undefined ? v.optional(limit) : v.optional(limit, String(defaultLimit)),
    before: v.optional(
      v.pipe(
        v.string(),
        v.regex(CONTENT_CURSOR, "before must be a next_before value from an earlier page"),
        v.transform(parseMessageCursor),
      ),
    ),
  });
}
