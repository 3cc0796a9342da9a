// The model API's stream, declared once for the worker (which writes it) and the SPA (which reads it).
// `text/event-stream` lines: `data: {"content":"..."}` chunks, one `data: {"metadata":{...}}` chunk for ids and
// citations (and one when the user stops), `data: {"error":"code","message":"...","request_id":"..."}` on failure,
// then `data: [DONE]`.
import * as v from "valibot";

export const CitationSchema = v.looseObject({
  url: v.string(),
  title: v.optional(v.string()),
  snippet: v.optional(v.string()),
  /** The site's name or host, e.g. "vnexpress.net" (web search citations). */
  site: v.optional(v.string()),
});
export type Citation = v.InferOutput<typeof CitationSchema>;

export const ContentEventSchema = v.object({ content: v.string() });
export const MetadataEventSchema = v.object({
  metadata: v.object({
    message_id: v.optional(v.string()),
    user_message_id: v.optional(v.string()),
    chat_id: v.optional(v.string()),
    model: v.optional(v.string()),
    /** True when the built-in offline model answered because no provider key is configured. */
    offline: v.optional(v.boolean()),
    citations: v.optional(v.array(CitationSchema)),
    /** True when the citations come from the offline search source (no search provider configured). */
    search_offline: v.optional(v.boolean()),
    /** Set on the last metadata chunk when the user stopped the answer; the partial text is kept. */
    stopped: v.optional(v.boolean()),
    /** The answer replies to an edited question (an edit reply; the earlier answers stay). */
    is_edit_response: v.optional(v.boolean()),
    for_edited_message_id: v.optional(v.string()),
  }),
});
export const ErrorEventSchema = v.object({
  error: v.string(),
  message: v.string(),
  /** The id of the request that started the answer (its X-Request-Id): the app shows it, for the user to quote. */
  request_id: v.optional(v.string()),
});

export const ChatStreamEventSchema = v.union([ContentEventSchema, MetadataEventSchema, ErrorEventSchema]);
export type ChatStreamEvent = v.InferOutput<typeof ChatStreamEventSchema>;

export const STREAM_DONE = "[DONE]";

/** Error codes a stream's error event can carry. */
export type StreamErrorCode =
  | "provider_auth_failed"
  | "provider_rate_limited"
  | "provider_unavailable"
  | "stream_interrupted"
  | "provider_error"
  | "generation_lost"
  | "search_auth_failed"
  | "search_rate_limited"
  | "search_unavailable";

export function encodeEvent(event: ChatStreamEvent | typeof STREAM_DONE): string {
  return `data: ${event === STREAM_DONE ? STREAM_DONE : JSON.stringify(event)}\n\n`;
}

/**
 * Splits a stream's text into events. Returns the parsed events and the unfinished remainder to prepend to the next
 * chunk. Lines that are not valid events are skipped (never cast), so a reader survives unknown additions.
 */
export function decodeEvents(buffer: string): { events: (ChatStreamEvent | typeof STREAM_DONE)[]; rest: string } {
  const events: (ChatStreamEvent | typeof STREAM_DONE)[] = [];
  const blocks = buffer.split("\n\n");
  const rest = blocks.pop() ?? "";
  for (const block of blocks) {
    for (const line of block.split("\n")) {
      if (!line.startsWith("data:")) continue;
      const data = line.slice(5).trim();
      if (data === STREAM_DONE) {
        events.push(STREAM_DONE);
        continue;
      }
      try {
        const parsed = v.safeParse(ChatStreamEventSchema, JSON.parse(data));
        if (parsed.success) events.push(parsed.output);
      } catch {
        // not JSON: ignored
      }
    }
  }
  return { events, rest };
}
