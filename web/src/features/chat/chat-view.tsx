// The chat screen for one chat (or a new one): the messages or the greeting, the notices, and the input box.
// A chat that cannot be loaded (deleted, someone else's) sends the user back to a new chat with a toast.
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useAtom, useAtomValue } from "jotai";
import { Suspense, lazy, useCallback, useDeferredValue, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_TITLE } from "../../../../worker/protocol/rules";
import { ApiError } from "../../lib/api";
import { withRequestId } from "../../lib/error-message";
import { STORAGE_KEYS, readItem, writeItem } from "../../lib/storage";
import { getStoredUser } from "../auth/every-page/session";
import { meQuery } from "../auth/signed-in/auth.queries";
import { OfflineNotice, UsageBanner } from "../models/model-notices";
import { modelsQuery } from "../models/models.queries";
import { toast } from "../toast/toast.atoms";
import { useIsMobile } from "../layout/use-media-query";
import { findOpenAtom, searchExhaustedAtom, streamingAtom } from "./chat.atoms";
import { chatContentQuery } from "./chat.queries";
import type { ChatMessage } from "./chat.schemas";
import { allMessages } from "./chat-cache";
import { Composer } from "./composer";
import { useRendererReady, warmRememberedParts } from "./markdown-loader";
import { MessageList } from "./message-list";
import { type MessageActions, MessageActionsContext } from "./message-actions-context";
import { preloadSending, useChatActions } from "./use-chat-actions";
import { AttachmentTray } from "../attachments/signed-in/attachments-entry";
import "./chat.css";

// Loaded when needed, so an open chat's first screen does not carry them: the greeting of a new chat, the find bar
// and the search warning.
const EmptyState = lazy(() => import("./on-demand/empty-state").then((m) => ({ default: m.EmptyState })));
const FindBar = lazy(() => import("./on-demand/find-bar").then((m) => ({ default: m.FindBar })));
const SearchQuotaNotice = lazy(() =>
  import("./on-demand/search-quota-notice").then((m) => ({ default: m.SearchQuotaNotice })),
);

const NO_MESSAGES: ChatMessage[] = [];

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
  useEffect(warmRememberedParts, []);

  const error = content.error;
  useEffect(() => {
    if (!chatId || !error) return;
    if (error instanceof ApiError && error.status === 401) return; // the api module is already leaving for /login
    toast.error(withRequestId(t, t("chat.loadFailed"), error), { key: "chat-load" });
    if (readItem(STORAGE_KEYS.currentChatId) === chatId) writeItem(STORAGE_KEYS.currentChatId, null);
    void navigate({ to: "/", replace: true });
  }, [chatId, error, navigate, t]);

  const title = chatId ? content.data?.pages[0]?.title : undefined;
  useEffect(() => {
    document.title = title && title !== DEFAULT_TITLE ? `${title} · Mây` : "Mây";
  }, [title]);

  // null until the catalogue arrives: an answer's label then waits for the model's name instead of showing its id.
  const modelNames = useMemo(
    () => (models.data ? Object.fromEntries(models.data.models.map((m) => [m.endpoint, m.name])) : null),
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
  // A saved chat's answers wait for the markdown renderer and the parts the last ones need (never a turn being
  // written: its text shows at once).
  const markdownReady = useRendererReady(
    chatId,
    chatId !== null && streaming === null && messages.some((m) => m.sender === "bot") ? messages : null,
  );
  // Only a chat not shown yet waits for it: an answer that began before the renderer loaded must not empty the chat
  // (and lose the reader's place) when it ends; its text shows as it is for the moment the renderer still takes.
  const [shownChat, setShownChat] = useState<string | null>(null);
  const loadingChat = chatId !== null && (content.isPending || (!markdownReady && shownChat !== chatId));
  if (chatId !== null && !loadingChat && messages.length > 0 && shownChat !== chatId) setShownChat(chatId);
  const showGreeting = messages.length === 0 && !loadingChat;
  // A chat that has just loaded builds its rows in the background: a transition React can pause between messages,
  // not one long task inside the update that delivered them (the longest task of opening a chat on a phone).
  const rowsShown = useDeferredValue(!loadingChat, false);
  const listLoading = loadingChat || !rowsShown;
  const send = useCallback((text: string) => void actions.send(text, chatId), [actions, chatId]);
  // The message to bring into view (a search result, a find-bar match); the count makes a repeat request count.
  const [focus, setFocus] = useState<{ id: string; n: number } | null>(null);
  const focusOn = useCallback((id: string) => setFocus((f) => ({ id, n: (f?.n ?? 0) + 1 })), []);
  useEffect(() => {
    if (focusMessageId) focusOn(focusMessageId);
  }, [focusMessageId, focusOn]);
  const [findOpen, setFindOpen] = useAtom(findOpenAtom);
  const searchExhausted = useAtomValue(searchExhaustedAtom);
  useEffect(() => {
    if (!chatId) setFindOpen(false);
  }, [chatId, setFindOpen]);
  const busy = streaming !== null;
  // The edit and regenerate tools, and the code that sends a question, load on the reader's first interaction (the
  // tools at once on touch screens), not with the screen.
  const [toolsReady, setToolsReady] = useState(
    () => typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches,
  );
  const wantTools = toolsReady
    ? undefined
    : () => {
        setToolsReady(true);
        preloadSending();
      };
  const messageActions = useMemo<MessageActions | null>(
    () =>
      chatId
        ? {
            busy,
            toolsReady,
            edit: (messageId, text) => void actions.edit(chatId, messageId, text),
            regenerate: (messageId, endpoint) => void actions.regenerate(chatId, messageId, endpoint),
            showVersion: (messageId) => void actions.showVersion(chatId, messageId),
            fork: (messageId) => void actions.fork(chatId, messageId),
          }
        : null,
    [chatId, busy, toolsReady, actions],
  );

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: not a control: the first pointer move or key loads the message tools' code
    <div className="chat" onPointerMove={wantTools} onKeyDown={wantTools} onTouchStart={wantTools}>
      {findOpen && chatId ? (
        <Suspense fallback={null}>
          <FindBar key={chatId} chatId={chatId} onFocus={focusOn} />
        </Suspense>
      ) : null}
      {/* the messages and the notices share the height between the header and the input: the notices take a third at
          most, and only the first of them shows, the most severe (chat.css) */}
      <div className="chat__stage">
        {showGreeting ? (
          <div className="chat__empty">
            <Suspense fallback={null}>
              {/* until the account answers, the name this browser remembers from the sign-in (every-page/session.ts):
                  a page just signed in, or opened afresh, greets the user by name at once, not "Hello!" first */}
              <EmptyState
                name={me.data?.name ?? (me.isPending ? getStoredUser()?.name : undefined)}
                onPick={send}
                disabled={streaming !== null}
              />
            </Suspense>
          </div>
        ) : (
          <MessageActionsContext.Provider value={messageActions}>
            <MessageList
              key={chatId ?? "new"}
              messages={listLoading ? NO_MESSAGES : messages}
              modelNames={modelNames}
              loading={listLoading}
              hasOlder={hasNextPage}
              loadingOlder={isFetchingNextPage}
              onLoadOlder={loadOlder}
              focusId={focus?.id}
              focusRequest={focus?.n}
            />
          </MessageActionsContext.Provider>
        )}
        <div className="chat__notices">
          {searchExhausted ? (
            <Suspense fallback={null}>
              <SearchQuotaNotice />
            </Suspense>
          ) : null}
          <UsageBanner />
          <OfflineNotice />
        </div>
      </div>
      <div className="chat__bottom">
        <AttachmentTray />
        <Composer onSend={send} onStop={() => void actions.stop()} autoFocus={!isMobile} toolsReady={toolsReady} />
        <p className="chat__disclaimer">{t("chat.disclaimer")}</p>
      </div>
    </div>
  );
}
