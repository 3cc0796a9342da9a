// Writing messages into the React Query cache while an answer streams, so the chat screen (and any screen that
// mounts later, after navigation) reads one source. A chat's content is paged (pages[0] the newest); new messages go
// to the end of the newest page. Writes upsert by message_id: a refetch that lands mid-stream cannot lose the answer,
// the next write puts it back.
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { DEFAULT_TITLE } from "../../../../worker/protocol/rules";
import { type ChatPage, chatKeys } from "./chat.queries";
import type { Chat, ChatMessage, ContentPage } from "./chat.schemas";

export type ChatContentData = InfiniteData<ContentPage, string | null>;

/** The content of a chat nobody has loaded yet (a new chat): one empty page with nothing before it. */
export function emptyContent(title: string): ChatContentData {
  return { pages: [{ title, messages: [], next_before: null }], pageParams: [null] };
}

/** Every loaded message of a chat, oldest first. */
export function allMessages(data: { pages: readonly ContentPage[] } | undefined): ChatMessage[] {
  if (!data) return [];
  const out: ChatMessage[] = [];
  for (let i = data.pages.length - 1; i >= 0; i--) out.push(...(data.pages[i]?.messages ?? []));
  return out;
}

export function upsertMessage(qc: QueryClient, chatId: string, message: ChatMessage): void {
  qc.setQueryData<ChatContentData>(chatKeys.content(chatId), (old) => {
    const content = old ?? emptyContent(DEFAULT_TITLE);
    const pageIndex = content.pages.findIndex((p) => p.messages.some((m) => m.message_id === message.message_id));
    const pages = content.pages.map((page, i) => {
      if (pageIndex >= 0) {
        return i === pageIndex
          ? {
              ...page,
              messages: page.messages.map((m) => (m.message_id === message.message_id ? { ...m, ...message } : m)),
            }
          : page;
      }
      return i === 0 ? { ...page, messages: [...page.messages, message] } : page;
    });
    return { ...content, pages };
  });
}

/** Puts a message back exactly as it was (no merge with what the cache holds now), where it is. */
export function replaceMessage(qc: QueryClient, chatId: string, message: ChatMessage): void {
  qc.setQueryData<ChatContentData>(chatKeys.content(chatId), (old) =>
    old
      ? {
          ...old,
          pages: old.pages.map((page) => ({
            ...page,
            messages: page.messages.map((m) => (m.message_id === message.message_id ? message : m)),
          })),
        }
      : old,
  );
}

export function removeMessages(qc: QueryClient, chatId: string, ids: readonly string[]): void {
  qc.setQueryData<ChatContentData>(chatKeys.content(chatId), (old) =>
    old
      ? {
          ...old,
          pages: old.pages.map((page) => ({
            ...page,
            messages: page.messages.filter((m) => !ids.includes(m.message_id)),
          })),
        }
      : old,
  );
}

export type ChatListData = InfiniteData<ChatPage, string | null>;

/** Applies `fn` to every loaded page of the history list. */
export function updateChatList(qc: QueryClient, fn: (chats: Chat[], pageIndex: number) => Chat[]): void {
  qc.setQueryData<ChatListData>(chatKeys.list(), (old) =>
    old ? { ...old, pages: old.pages.map((page, i) => ({ ...page, chats: fn(page.chats, i) })) } : old,
  );
}

/** A new chat goes to the top of the history list at once (the server's list confirms it later). */
export function prependChat(qc: QueryClient, chat: Chat): void {
  updateChatList(qc, (chats, i) =>
    i === 0 ? [chat, ...chats.filter((c) => c.id !== chat.id)] : chats.filter((c) => c.id !== chat.id),
  );
  qc.setQueryData(chatKeys.detail(chat.id), chat);
  qc.setQueryData<ChatContentData>(chatKeys.content(chat.id), (old) => old ?? emptyContent(chat.title));
}
