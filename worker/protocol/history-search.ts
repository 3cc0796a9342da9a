// The history search API (GET /chat-sessions/search), declared once for the worker and the SPA. Matches come as
// segments [{text, match}] — never HTML — so the SPA highlights them as plain text nodes. Chats carry
// last_message_at ('YYYY-MM-DD HH:MM:SS', UTC) for the history's date groups (web/src/features/history/group-by-date.ts).
import * as v from "valibot";
import { successEnvelope } from "./envelopes";

/** Longest query accepted, in characters. */
export const HISTORY_SEARCH_MAX_QUERY = 200;
export const HISTORY_SEARCH_DEFAULT_LIMIT = 20;
export const HISTORY_SEARCH_MAX_LIMIT = 50;
/** A page position, opaque to clients: "t~<ms>~<chat id>" or "m~<row id>" for chats, "<ms>~<row id>" in one chat. */
export const HISTORY_SEARCH_CURSOR = /^(?:t~\d{1,16}~[A-Za-z0-9_.:-]{1,100}|m~\d{1,16}|\d{1,16}~\d{1,16})$/;

export const HighlightSegmentSchema = v.object({ text: v.string(), match: v.boolean() });
export type HighlightSegment = v.InferOutput<typeof HighlightSegmentSchema>;

export const HistorySearchChatSchema = v.object({
  chat_id: v.string(),
  title: v.string(),
  /** The title as segments, its matching words marked. */
  title_highlight: v.array(HighlightSegmentSchema),
  last_message_at: v.string(),
  /**
   * The best matching message's words around the match, as plain text (an answer's Markdown as the chat shows it),
   * or null when only the title matched.
   */
  snippet: v.nullable(v.array(HighlightSegmentSchema)),
  message_id: v.nullable(v.string()),
});
export type HistorySearchChat = v.InferOutput<typeof HistorySearchChatSchema>;

export const HistorySearchMessageSchema = v.object({
  message_id: v.string(),
  sender: v.string(),
  created_at: v.string(),
  snippet: v.array(HighlightSegmentSchema),
  /** The matches a reader sees in the message (its words as the chat shows them), for the find bar's count. */
  hits: v.number(),
});
export type HistorySearchMessage = v.InferOutput<typeof HistorySearchMessageSchema>;

/**
 * GET /chat-sessions/search?q=&limit=&cursor= : the caller's chats whose title or messages match — title matches
 * first (newest last_message_at first), then by their most recent matching message — `limit` per page. A page may
 * hold fewer chats than asked while next_cursor is not null (the scan of a very common word stops at a budget).
 */
export const HistorySearchChatsResponseSchema = v.object({
  ...successEnvelope(v.array(HistorySearchChatSchema)).entries,
  next_cursor: v.nullable(v.string()),
});

/** GET /chat-sessions/search?q=&chat_id= : the matching messages of one of the caller's chats, oldest first. */
export const HistorySearchMessagesResponseSchema = v.object({
  ...successEnvelope(v.array(HistorySearchMessageSchema)).entries,
  next_cursor: v.nullable(v.string()),
});

/** Words of a query used, at most: more adds nothing to a history search and keeps the index's MATCH small. */
export const HISTORY_SEARCH_MAX_TERMS = 12;

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** The words of a query as the search reads them: runs of letters, marks and digits, lower-cased, the first 12. */
export function queryWords(text: string): string[] {
  return [...text.normalize("NFC").toLowerCase().matchAll(WORD)].map((m) => m[0]).slice(0, HISTORY_SEARCH_MAX_TERMS);
}

/**
 * A word as the index compares it: lower case, without diacritics (FTS5's unicode61 with remove_diacritics 2), and
 * đ as d (the worker looks for a word's d/đ spellings both ways).
 */
export function foldWord(word: string): string {
  return word.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "").replace(/đ/g, "d");
}

/**
 * Where the words of `query` occur in `text`, as the history search matches them: each word of the text that is one
 * of the query's words, or begins with its last word (search as you type). Offsets [start, end) in UTF-16 units, in
 * order. The find bar marks these in the chat; the worker counts the same words (its `hits`).
 */
export function findWordMatches(text: string, query: string): { start: number; end: number }[] {
  const words = queryWords(query).map(foldWord);
  const last = words.at(-1);
  if (last === undefined) return [];
  const whole = new Set(words.slice(0, -1));
  const found: { start: number; end: number }[] = [];
  for (const m of text.matchAll(WORD)) {
    const word = foldWord(m[0]);
    if (whole.has(word) || word.startsWith(last)) found.push({ start: m.index, end: m.index + m[0].length });
  }
  return found;
}

/** Markers around a match in the worker's FTS snippets, turned into segments before anything leaves the worker. */
export const MATCH_START = "\u0002";
export const MATCH_END = "\u0003";

/** Splits marked text into segments; stray or unbalanced markers are dropped, never shown. */
export function toSegments(marked: string): HighlightSegment[] {
  const segments: HighlightSegment[] = [];
  let match = false;
  let text = "";
  const flush = () => {
    if (text) {
      const last = segments.at(-1);
      if (last && last.match === match) last.text += text;
      else segments.push({ text, match });
    }
    text = "";
  };
  for (const ch of marked) {
    if (ch === MATCH_START || ch === MATCH_END) {
      flush();
      match = ch === MATCH_START;
    } else {
      text += ch;
    }
  }
  flush();
  return segments;
}
