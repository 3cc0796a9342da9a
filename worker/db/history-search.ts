// Search over a user's whole chat history: chat titles and message texts through the FTS5 indexes of migration 0004
// (kept current by triggers; rebuilt by 0010 with prefix indexes of 2-8 characters, so the last word typed reads one
// doclist instead of merging every word it starts). The user's words never reach FTS5's query syntax: each becomes a
// quoted string token, so quotes, *, NEAR, AND/OR or a column name typed by the user are just words. The caller's
// owner token is part of every MATCH and user_id is in every WHERE: another user's chats can neither match nor be read.
// A matching message comes with a snippet of the words a reader sees around the match (history-snippet.ts: an answer's
// Markdown as plain text), made from FTS5 highlight() of the message.
import { sqlDateTime } from "../lib/time";
import {
  type HistorySearchChat,
  type HistorySearchMessage,
  MATCH_END,
  MATCH_START,
  queryWords,
  toSegments,
} from "../protocol/history-search";
import { historySnippet } from "./history-snippet";

/** Letters d/đ in one word expanded both ways, at most (2^4 = 16 variants); further ones are kept as typed. */
const MAX_D_EXPANSIONS = 4;

/** The hex of the UTF-8 bytes, upper case: SQLite's hex() of the same text, used in the owner and chat tokens. */
function hexOf(text: string): string {
  return Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, "0"))
    .join("")
    .toUpperCase();
}

export const ownerToken = (userId: string) => `u${hexOf(userId)}`;
export const chatToken = (chatId: string) => `c${hexOf(chatId)}`;

/**
 * Every spelling of a word with each of its first d/đ letters as d and as đ: unicode61 folds tone marks but keeps đ
 * a letter of its own, so "dung" must also look for "đung" (and "đúng" typed with marks for "dung").
 */
function dVariants(word: string): string[] {
  let variants = [""];
  let expanded = 0;
  for (const ch of word) {
    const isD = ch === "d" || ch === "đ";
    if (isD && expanded < MAX_D_EXPANSIONS) {
      expanded++;
      variants = variants.flatMap((v) => [`${v}d`, `${v}đ`]);
    } else {
      variants = variants.map((v) => v + ch);
    }
  }
  return variants;
}

/**
 * The FTS5 expression for the user's text: its words (letters, marks and digits), lower-cased, each an FTS5 string
 * token in double quotes (no quote can occur inside: only letters and digits are kept), all required; the last word
 * also matches as a prefix, for search as you type. Null when the text has no word at all.
 */
export function historySearchQuery(text: string): string | null {
  const words = queryWords(text);
  if (words.length === 0) return null;
  return words
    .map((word, i) => {
      const prefix = i === words.length - 1 ? "*" : "";
      const variants = [...new Set(dVariants(word))].map((v) => `"${v}"${prefix}`);
      return variants.length === 1 ? variants[0]! : `(${variants.join(" OR ")})`;
    })
    .join(" AND ");
}

/**
 * The MATCH string: the user's owner token (or, for chats already known to be the user's, their chat tokens, whose
 * doclists are far shorter than a long history's owner doclist), then the column and the user's words.
 */
function matchIn(column: "body" | "title", userId: string, expr: string, chatIds?: readonly string[]): string {
  const scope = chatIds ? `chat : (${chatIds.map(chatToken).join(" OR ")})` : `owner : ${ownerToken(userId)}`;
  return `${scope} AND ${column} : (${expr})`;
}

/**
 * Where a page of chats starts: in the title phase after (lastMessageAt, chatId), or in the message phase below a
 * message row id (exclusive).
 */
export type ChatsCursor =
  | { phase: "title"; lastMessageAt: number; chatId: string }
  | { phase: "message"; beforeRowId: number };

/** The message phase's start: above every row id. */
const TOP_ROW_ID = Number.MAX_SAFE_INTEGER;
/**
 * Matching messages read per page in the message phase, at most: the scan walks the matches newest first and stops
 * here, so a word found in every other message costs no more than a rare one. A page may then hold fewer chats than
 * asked, with a next_cursor to go on.
 */
const SCAN_BUDGET = 1_000;
/**
 * The first stage of that scan reads this many times the chats a page still needs: with a few matches per chat, a
 * common word fills the page from there, and only a sparse one (many matches in chats already listed) reads on.
 */
const FIRST_SCAN_FACTOR = 8;
/**
 * A search limited to a project matches in its chats' own doclists (their chat tokens) when it has at most this many
 * chats; past it, in the user's doclist, keeping the project's chats only.
 */
export const PROJECT_SCOPE_MAX_CHATS = 200;

interface ChatHitRow {
  id: string;
  title: string;
  last_message_at: number;
}

/**
 * The user's active chats whose title or any message matches `expr` (from historySearchQuery), `limit` per page:
 * first the chats whose title matches (newest last_message_at first), then the others by their most recent matching
 * message (newest first). Messages are saved in order, so that is the order of activity; the message phase reads the
 * matches newest first and stops as soon as the page is full (FTS5 walks a doclist backwards with ORDER BY rowid
 * DESC), instead of collecting every match of a common word. Each chat comes with its highlighted title and the
 * snippet of its latest matching message.
 */
export async function searchChats({
  d1,
  userId,
  expr,
  limit,
  cursor,
  scanBudget = SCAN_BUDGET,
  project,
}: {
  /** FTS5 MATCH and its auxiliary functions need raw SQL: the D1 binding itself. */
  d1: D1Database;
  userId: string;
  expr: string;
  limit: number;
  cursor?: ChatsCursor;
  /** Matching messages read per page at most (SCAN_BUDGET). */
  scanBudget?: number;
  /**
   * Only the chats of this project of the user's, given with their ids when they are at most PROJECT_SCOPE_MAX_CHATS
   * (the matches are then read from their own doclists).
   */
  project?: { id: string; chatIds: readonly string[] | null };
}): Promise<{ results: HistorySearchChat[]; nextCursor: ChatsCursor | null }> {
  const scope = project?.chatIds ?? undefined;
  const projectId = project?.id ?? null;
  const chats: ChatHitRow[] = [];
  let nextCursor: ChatsCursor | null = null;
  const beforeRowId = cursor?.phase === "message" ? cursor.beforeRowId : TOP_ROW_ID;

  if (cursor?.phase !== "message") {
    const after = cursor ? "AND (c.last_message_at < ?3 OR (c.last_message_at = ?3 AND c.id < ?4))" : "";
    const { results: titled } = await d1
      .prepare(
        `SELECT c.id AS id, c.title AS title, c.last_message_at AS last_message_at
         FROM chat_title_fts t JOIN chat_sessions c ON c.id = t.chat_id
         WHERE chat_title_fts MATCH ?1 AND c.user_id = ?2 AND c.status = 'active' ${after}
           AND (?6 IS NULL OR c.project_id = ?6)
         ORDER BY c.last_message_at DESC, c.id DESC
         LIMIT ?5`,
      )
      .bind(
        matchIn("title", userId, expr, scope),
        userId,
        cursor?.lastMessageAt ?? 0,
        cursor?.chatId ?? "",
        limit + 1,
        projectId,
      )
      .all<ChatHitRow>();
    chats.push(...titled.slice(0, limit));
    if (titled.length > limit) {
      const last = chats.at(-1)!;
      nextCursor = { phase: "title", lastMessageAt: last.last_message_at, chatId: last.id };
    } else if (chats.length === limit) {
      nextCursor = { phase: "message", beforeRowId: TOP_ROW_ID };
    }
  }

  if (chats.length < limit) {
    const need = limit - chats.length;
    // The newest matches below the cursor, read in stages: first a few times what the page needs (a common word
    // fills it from its newest few dozen matches), then, only if that was not enough, the rest of SCAN_BUDGET.
    const found: (ChatHitRow & { r: number })[] = [];
    const seen = new Set<string>();
    let below = beforeRowId;
    let left = scanBudget;
    let stage = Math.min(scanBudget, (need + 1) * FIRST_SCAN_FACTOR);
    let exhausted = false;
    for (;;) {
      // 1. Up to `stage` matches below `below`, as chats in the order first met (each at its latest match). No join
      //    here: the scan stays a walk down one doclist.
      const { results: firsts } = await d1
        .prepare(
          `SELECT chat_id, max(r) AS r, count(*) AS n, min(r) AS low
           FROM (SELECT rowid AS r, chat_id FROM message_fts WHERE message_fts MATCH ?1 AND rowid < ?2 ORDER BY rowid DESC LIMIT ?3)
           GROUP BY chat_id
           ORDER BY r DESC`,
        )
        .bind(matchIn("body", userId, expr, scope), below, stage)
        .all<{ chat_id: string; r: number; n: number; low: number }>();
      const scanned = firsts.reduce((sum, f) => sum + f.n, 0);
      below = firsts.reduce((min, f) => Math.min(min, f.low), below);
      // 2. Of those not met in an earlier stage, in order, the user's active chats the title phase did not list and
      //    no earlier page listed (no match at or above the cursor), checked a few at a time until the page is full.
      const fresh = firsts.filter((f) => !seen.has(f.chat_id));
      for (const f of firsts) seen.add(f.chat_id);
      for (let at = 0; at < fresh.length && found.length <= need; at += (need + 1) * 2) {
        const batch = fresh.slice(at, at + (need + 1) * 2);
        const { results: kept } = await d1
          .prepare(
            `SELECT c.id AS id, c.title AS title, c.last_message_at AS last_message_at
             FROM chat_sessions c
             WHERE c.id IN (SELECT value FROM json_each(?1)) AND c.user_id = ?2 AND c.status = 'active'
               AND (?8 IS NULL OR c.project_id = ?8)
               AND NOT EXISTS (SELECT 1 FROM chat_title_fts WHERE chat_title_fts MATCH (?3 || hex(c.id) || ?4))
               AND (?6 >= ?7 OR NOT EXISTS (
                 SELECT 1 FROM message_fts WHERE message_fts MATCH (?3 || hex(c.id) || ?5) AND rowid >= ?6
               ))`,
          )
          .bind(
            JSON.stringify(batch.map((f) => f.chat_id)),
            userId,
            "chat : c",
            ` AND title : (${expr})`,
            ` AND body : (${expr})`,
            beforeRowId,
            TOP_ROW_ID,
            projectId,
          )
          .all<ChatHitRow>();
        const byId = new Map(kept.map((k) => [k.id, k]));
        for (const f of batch) {
          const chat = byId.get(f.chat_id);
          if (chat) found.push({ ...chat, r: f.r });
        }
      }
      left -= stage;
      if (found.length > need) break;
      if (scanned < stage) {
        exhausted = true; // every match below the cursor has been read
        break;
      }
      if (left <= 0) break;
      stage = left;
    }
    chats.push(...found.slice(0, need).map(({ id, title, last_message_at }) => ({ id, title, last_message_at })));
    if (found.length > need) {
      nextCursor = { phase: "message", beforeRowId: found[need - 1]!.r };
    } else if (!exhausted) {
      nextCursor = { phase: "message", beforeRowId: below };
    } else {
      nextCursor = null;
    }
  }

  if (chats.length === 0) return { results: [], nextCursor };
  const ids = chats.map((c) => c.id);

  const [snippets, titles] = await d1.batch<{
    chat_id: string;
    message_id: string;
    sender: string;
    marked: string;
    title: string;
  }>([
    // The latest matching message of each chat (row_number over the match set), highlighted only for it.
    d1
      .prepare(
        `SELECT f.chat_id AS chat_id, m.message_id AS message_id, m.sender AS sender,
                highlight(message_fts, 0, ?2, ?3) AS marked
         FROM message_fts f JOIN messages m ON m.id = f.rowid
         WHERE message_fts MATCH ?1 AND m.user_id = ?4 AND f.rowid IN (
           SELECT rowid FROM (
             SELECT rowid, row_number() OVER (PARTITION BY chat_id ORDER BY rowid DESC) AS n
             FROM message_fts WHERE message_fts MATCH ?1
           ) WHERE n = 1
         )`,
      )
      .bind(matchIn("body", userId, expr, ids), MATCH_START, MATCH_END, userId),
    d1
      .prepare(
        `SELECT t.chat_id AS chat_id, highlight(chat_title_fts, 0, ?2, ?3) AS title
         FROM chat_title_fts t JOIN chat_sessions c ON c.id = t.chat_id
         WHERE chat_title_fts MATCH ?1 AND c.user_id = ?4`,
      )
      .bind(matchIn("title", userId, expr, ids), MATCH_START, MATCH_END, userId),
  ]);
  const snippetOf = new Map(snippets!.results.map((r) => [r.chat_id, r]));
  const titleOf = new Map(titles!.results.map((r) => [r.chat_id, r.title]));

  const results = chats.map((c): HistorySearchChat => {
    const hit = snippetOf.get(c.id);
    return {
      chat_id: c.id,
      title: c.title,
      title_highlight: toSegments(titleOf.get(c.id) ?? c.title),
      last_message_at: sqlDateTime(c.last_message_at),
      snippet: hit ? historySnippet(hit.marked, hit.sender === "bot").snippet : null,
      message_id: hit?.message_id ?? null,
    };
  });
  return { results, nextCursor };
}

/** A chats cursor as the API writes it: "t~<ms>~<chat id>" or "m~<row id>". */
export function formatChatsCursor(cursor: ChatsCursor): string {
  return cursor.phase === "title" ? `t~${cursor.lastMessageAt}~${cursor.chatId}` : `m~${cursor.beforeRowId}`;
}

/** Reads a cursor made by formatChatsCursor, or undefined when it is not one. */
export function parseChatsCursor(raw: string): ChatsCursor | undefined {
  const title = /^t~(\d{1,16})~([A-Za-z0-9_.:-]{1,100})$/.exec(raw);
  if (title) return { phase: "title", lastMessageAt: Number(title[1]), chatId: title[2]! };
  const message = /^m~(\d{1,16})$/.exec(raw);
  if (message) return { phase: "message", beforeRowId: Number(message[1]) };
  return undefined;
}

export interface MessagesCursor {
  createdAt: number;
  rowId: number;
}

interface MessageHitRow {
  row_id: number;
  message_id: string;
  sender: string;
  created_at: number;
  marked: string;
}

/**
 * The matching messages of one chat, oldest first, `limit` per page after `cursor`. The caller has checked that the
 * chat is the user's active chat; user_id and chat_id are in the WHERE all the same.
 */
export async function searchChatMessages({
  d1,
  userId,
  chatId,
  expr,
  limit,
  cursor,
}: {
  d1: D1Database;
  userId: string;
  chatId: string;
  expr: string;
  limit: number;
  cursor?: MessagesCursor;
}): Promise<{ results: HistorySearchMessage[]; nextCursor: MessagesCursor | null }> {
  const after = cursor ? "AND (m.created_at > ?6 OR (m.created_at = ?6 AND m.id > ?7))" : "";
  const { results: rows } = await d1
    .prepare(
      `SELECT m.id AS row_id, m.message_id AS message_id, m.sender AS sender, m.created_at AS created_at,
              highlight(message_fts, 0, ?2, ?3) AS marked
       FROM message_fts f JOIN messages m ON m.id = f.rowid
       WHERE message_fts MATCH ?1 AND m.user_id = ?4 AND m.chat_id = ?5 AND m.on_path = 1 ${after}
       ORDER BY m.created_at, m.id
       LIMIT ?8`,
    )
    .bind(
      matchIn("body", userId, expr, [chatId]),
      MATCH_START,
      MATCH_END,
      userId,
      chatId,
      cursor?.createdAt ?? 0,
      cursor?.rowId ?? 0,
      limit + 1,
    )
    .all<MessageHitRow>();
  const page = rows.slice(0, limit);
  const results = page.map((r): HistorySearchMessage => {
    const { snippet, hits } = historySnippet(r.marked, r.sender === "bot");
    return {
      message_id: r.message_id,
      sender: r.sender,
      created_at: new Date(r.created_at).toISOString(),
      snippet,
      hits,
    };
  });
  const last = page.at(-1);
  return {
    results,
    nextCursor: last && rows.length > limit ? { createdAt: last.created_at, rowId: last.row_id } : null,
  };
}
