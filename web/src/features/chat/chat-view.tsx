// The chat screen for one chat (or a new one): the messages or the greeting, the notices, and the input box.
// A chat that cannot be loaded (deleted, someone else's) sends the user back to a new chat with a toast.
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useAtom, useAtomValue } from "jotai";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_TITLE } from "../../../../worker/protocol/rules";
import { ApiError } from "../../lib/api";
import { STORAGE_KEYS, readItem, writeItem } from "../../lib/storage";
import { meQuery } from "../auth/auth.queries";
import { OfflineNotice, UsageBanner } from "../models/model-notices";
import { modelsQuery } from "../models/models.queries";
import { toast } from "../toast/toast.atoms";
import { useIsMobile } from "../layout/use-media-query";
import { findOpenAtom, streamingAtom } from "./chat.atoms";
import { FindBar } from "./find-bar";
import { chatContentQuery } from "./chat.queries";
import { allMessages } from "./chat-cache";
import { Composer } from "./composer";
import { EmptyState } from "./empty-state";
import { MessageList } from "./message-list";
import { type MessageActions, MessageActionsContext } from "./message-actions";
import { SearchQuotaNotice } from "./search-quota-notice";
import { useChatActions } from "./use-chat-actions";
import "./chat.css";

export function ChatView({ chatId, focusMessageId }: { chatId: string | null; focusMessageId?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const actions = useChatActions();
  const streaming = useAtomValue(streamingAtom);
  const me = useQuery(meQuery());
  const models = useQuery(modelsQuery());
  const content = useInfiniteQuery({ ...chatContentQuery(chatId ?? "-"), enabled: chatId !== null });

  useEffect(() => {
    if (chatId) writeItem(STORAGE_KEYS.currentChatId, chatId);
  }, [chatId]);

  const error = content.error;
  useEffect(() => {
    if (!chatId || !error) return;
    if (error instanceof ApiError && error.status === 401) return; // the api module is already leaving for /login
    toast.error(t("chat.loadFailed"), { key: "chat-load" });
    if (readItem(STORAGE_KEYS.currentChatId) === chatId) writeItem(STORAGE_KEYS.currentChatId, null);
    void navigate({ to: "/", replace: true });
  }, [chatId, error, navigate, t]);

  const title = chatId ? content.data?.pages[0]?.title : undefined;
  useEffect(() => {
    document.title = title && title !== DEFAULT_TITLE ? `${title} · Mây` : "Mây";
  }, [title]);

  const modelNames = useMemo(
    () => Object.fromEntries((models.data?.models ?? []).map((m) => [m.endpoint, m.name])),
    [models.data],
  );

  const messages = useMemo(() => (chatId ? allMessages(content.data) : []), [chatId, content.data]);
  // An answer still being written when the chat loaded (a reload, another tab or device): follow it to the end.
  const running = chatId ? messages.findLast((m) => m.sender === "bot" && m.running) : undefined;
  useEffect(() => {
    if (chatId && running && streaming === null) void actions.follow(chatId, running);
  }, [chatId, running, streaming, actions]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = content;
  const loadOlder = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const loadingChat = chatId !== null && content.isPending;
  const showGreeting = messages.length === 0 && !loadingChat;
  const send = (text: string) => void actions.send(text, chatId);
  // The message to bring into view (a search result, a find-bar match); the count makes a repeat request count.
  const [focus, setFocus] = useState<{ id: string; n: number } | null>(focusMessageId ? { id: focusMessageId, n: 0 } : null);
  useEffect(() => {
    if (focusMessageId) setFocus((f) => ({ id: focusMessageId, n: (f?.n ?? 0) + 1 }));
  }, [focusMessageId]);
  const focusOn = useCallback((id: string) => setFocus((f) => ({ id, n: (f?.n ?? 0) + 1 })), []);
  const [findOpen, setFindOpen] = useAtom(findOpenAtom);
  useEffect(() => {
    if (!chatId) setFindOpen(false);
  }, [chatId, setFindOpen]);
  const busy = streaming !== null;
  const messageActions = useMemo<MessageActions | null>(
    () =>
      chatId
        ? {
            busy,
            edit: (messageId, text) => void actions.edit(chatId, messageId, text),
            regenerate: (messageId, endpoint) => void actions.regenerate(chatId, messageId, endpoint),
          }
        : null,
    [chatId, busy, actions],
  );

  return (
    <div className="chat">
      {findOpen && chatId ? <FindBar key={chatId} chatId={chatId} onFocus={focusOn} /> : null}
      {showGreeting ? (
        <div className="chat__empty">
          <EmptyState name={me.data?.name} onPick={send} disabled={streaming !== null} />
        </div>
      ) : (
        <MessageActionsContext.Provider value={messageActions}>
          <MessageList
            key={chatId ?? "new"}
            messages={messages}
            modelNames={modelNames}
            loading={loadingChat}
            hasOlder={hasNextPage}
            loadingOlder={isFetchingNextPage}
            onLoadOlder={loadOlder}
            focusId={focus?.id}
            focusRequest={focus?.n}
          />
        </MessageActionsContext.Provider>
      )}
      <div className="chat__bottom">
        <div className="chat__notices">
          <SearchQuotaNotice />
          <UsageBanner />
          <OfflineNotice />
        </div>
        <Composer onSend={send} onStop={() => void actions.stop()} autoFocus={!isMobile} />
        <p className="chat__disclaimer">{t("chat.disclaimer")}</p>
      </div>
    </div>
  );
}
