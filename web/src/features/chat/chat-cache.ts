// Writing messages into the React Query cache while an answer streams, so the chat screen (and any screen that
// mounts later, after navigation) reads one source. Writes upsert by message_id: a refetch that lands mid-stream
// cannot lose the answer, the next write puts it back.
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { DEFAULT_TITLE } from "../../../../worker/protocol/rules";
import { type ChatPage, chatKeys } from "./chat.queries";
import type { Chat, ChatContent, ChatMessage } from "./chat.schemas";

export function upsertMessage(qc: QueryClient, chatId: string, message: ChatMessage): void {
  qc.setQueryData<ChatContent>(chatKeys.content(chatId), (old) => {
    const content = old ?? { title: DEFAULT_TITLE, messages: [] };
    const index = content.messages.findIndex((m) => m.message_id === message.message_id);
    const messages =
      index < 0
        ? [...content.messages, message]
        : content.messages.map((m, i) => (i === index ? { ...m, ...message } : m));
    return { ...content, messages };
  });
}

export function removeMessages(qc: QueryClient, chatId: string, ids: readonly string[]): void {
  qc.setQueryData<ChatContent>(chatKeys.content(chatId), (old) =>
    old ? { ...old, messages: old.messages.filter((m) => !ids.includes(m.message_id)) } : old,
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
  updateChatList(qc, (chats, i) => (i === 0 ? [chat, ...chats.filter((c) => c.id !== chat.id)] : chats.filter((c) => c.id !== chat.id)));
  qc.setQueryData(chatKeys.detail(chat.id), chat);
  qc.setQueryData<ChatContent>(chatKeys.content(chat.id), (old) => old ?? { title: chat.title, messages: [] });
}
