// Server state of the chat search: the caller's chats matching a query (the search screen) and the matching
// messages of one chat (the find bar), a page at a time through the worker's next_cursor. Shapes are the worker's
// (worker/protocol/history-search.ts), checked at the edge.
import { infiniteQueryOptions } from "@tanstack/react-query";
import {
  HistorySearchChatsResponseSchema,
  HistorySearchMessagesResponseSchema,
  HISTORY_SEARCH_MAX_QUERY,
} from "../../../../../worker/protocol/history-search";
import { apiBody } from "../../../lib/api";

/** Results per page of the search screen. */
export const SEARCH_PAGE = 20;
/** Matches per page inside one chat (the worker's maximum). */
export const FIND_PAGE = 50;

export const historySearchKeys = {
  all: ["history-search"] as const,
  chats: (q: string, projectId?: string) => ["history-search", "chats", q, projectId ?? null] as const,
  messages: (chatId: string, q: string) => ["history-search", "messages", chatId, q] as const,
};

/** The query as the worker takes it: trimmed, at most its longest length. */
export function normalizeQuery(raw: string): string {
  return raw.trim().slice(0, HISTORY_SEARCH_MAX_QUERY);
}

function searchPath(q: string, limit: number, cursor: string | null, chatId?: string, projectId?: string): string {
  const params = new URLSearchParams({ q, limit: String(limit) });
  if (cursor) params.set("cursor", cursor);
  if (chatId) params.set("chat_id", chatId);
  if (projectId) params.set("project_id", projectId);
  return `/chat-sessions/search?${params}`;
}

/** The user's chats matching `q`; with `projectId`, only that project's. */
export const historySearchQuery = (q: string, projectId?: string) =>
  infiniteQueryOptions({
    queryKey: historySearchKeys.chats(q, projectId),
    queryFn: ({ signal, pageParam }) =>
      apiBody(searchPath(q, SEARCH_PAGE, pageParam, undefined, projectId), HistorySearchChatsResponseSchema, {
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled: q.length > 0,
    staleTime: 30_000,
  });

export const chatFindQuery = (chatId: string, q: string) =>
  infiniteQueryOptions({
    queryKey: historySearchKeys.messages(chatId, q),
    queryFn: ({ signal, pageParam }) =>
      apiBody(searchPath(q, FIND_PAGE, pageParam, chatId), HistorySearchMessagesResponseSchema, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled: q.length > 0,
    staleTime: 10_000,
  });
