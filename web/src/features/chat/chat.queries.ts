// Server state for chats: the history list, one chat, and its messages. Query keys live here so every feature
// invalidates the same things.
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import * as v from "valibot";
import { ChatContentPageSchema } from "../../../../worker/protocol/api";
import { successEnvelope } from "../../../../worker/protocol/envelopes";
import { api, apiBody } from "../../lib/api";
import { type Chat, type ContentPage, ChatSchema, toChatMessage } from "./chat.schemas";

/** How many chats the sidebar loads per page. */
export const HISTORY_PAGE = 100;

const ChatPageSchema = v.object({
  ...successEnvelope(v.array(ChatSchema)).entries,
  next_before: v.optional(v.nullable(v.string()), null),
});
export type ChatPage = { chats: Chat[]; next_before: string | null };

export const chatKeys = {
  all: ["chats"] as const,
  list: () => ["chats", "list"] as const,
  detail: (id: string) => ["chats", "detail", id] as const,
  content: (id: string) => ["chats", "content", id] as const,
};

/** The history, newest message first, a page at a time (the worker's cursor is `next_before`). */
export const chatListQuery = () =>
  infiniteQueryOptions({
    queryKey: chatKeys.list(),
    queryFn: async ({ signal, pageParam }): Promise<ChatPage> => {
      const query = new URLSearchParams({ limit: String(HISTORY_PAGE) });
      if (pageParam) query.set("before", pageParam);
      const body = await apiBody(`/chat-sessions?${query}`, ChatPageSchema, { signal });
      return { chats: body.data, next_before: body.next_before };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_before,
    staleTime: 30_000,
    // chats started on another device appear when the user comes back to this tab
    refetchOnWindowFocus: true,
  });

export const chatQuery = (id: string) =>
  queryOptions({
    queryKey: chatKeys.detail(id),
    queryFn: ({ signal }) => api(`/chat-sessions/${encodeURIComponent(id)}`, ChatSchema, { signal }),
    staleTime: 30_000,
    retry: false,
  });

/**
 * A chat's messages, a page at a time from the newest (the worker's cursor is `next_before`): pages[0] holds the
 * latest messages, each later page older ones; each page's messages are oldest first.
 */
export const chatContentQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.content(id),
    queryFn: async ({ signal, pageParam }): Promise<ContentPage> => {
      const query = pageParam ? `?before=${encodeURIComponent(pageParam)}` : "";
      const body = await apiBody(`/chat-sessions/${encodeURIComponent(id)}/content${query}`, ChatContentPageSchema, {
        signal,
      });
      const first = body.data.chats[0];
      return {
        title: first?.title ?? "",
        messages: (first?.messages ?? []).map(toChatMessage),
        next_before: body.next_before,
      };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_before,
    // Fresh for a minute: the cache is also written by the stream, which must not be overwritten by a refetch.
    staleTime: 60_000,
    retry: false,
  });
