// History changes with optimistic updates: the sidebar reacts at once and rolls back (with a toast) if the worker
// refuses. Deleting the open chat, or clearing everything, returns to a new chat. Loaded on the first change (see
// use-history-actions.ts), so opening the app does not carry it.
import type { QueryClient } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { errorMessage } from "../../../lib/error-message";
import { STORAGE_KEYS, readItem, writeItem } from "../../../lib/storage";
import { clearChats, deleteChat, renameChat, setStarred } from "../../chat/chat.api";
import { chatKeys } from "../../chat/chat.queries";
import type { Chat } from "../../chat/chat.schemas";
import { type ChatListData, updateChatList } from "../../chat/chat-cache";
import { toast } from "../../toast/toast.atoms";
import { confirm } from "../../ui/confirm.atoms";
import { historyText, loadHistoryTexts } from "./history-texts";

export interface HistoryDeps {
  qc: QueryClient;
  t: TFunction;
  /** The chat open on screen, if any. */
  openChatId: string | undefined;
  /** Goes to a new chat. */
  goHome: () => void;
}

/** Applies `patch` to the cached list at once, sends `request`, and puts the list back if the worker refuses. */
async function change(
  deps: HistoryDeps,
  patch: (list: Chat[]) => Chat[],
  request: () => Promise<unknown>,
): Promise<boolean> {
  const { qc, t } = deps;
  await qc.cancelQueries({ queryKey: chatKeys.list() });
  const snapshot = qc.getQueryData<ChatListData>(chatKeys.list());
  updateChatList(qc, patch);
  try {
    await request();
    return true;
  } catch (err) {
    qc.setQueryData(chatKeys.list(), snapshot);
    toast.error(errorMessage(t, err));
    return false;
  } finally {
    void qc.invalidateQueries({ queryKey: chatKeys.list() });
  }
}

function leaveIfOpen(deps: HistoryDeps, id: string | null) {
  if (id === null || readItem(STORAGE_KEYS.currentChatId) === id) writeItem(STORAGE_KEYS.currentChatId, null);
  if (id === null || deps.openChatId === id) deps.goHome();
}

export async function star(deps: HistoryDeps, id: string, value: boolean): Promise<void> {
  await change(
    deps,
    (list) => list.map((c) => (c.id === id ? { ...c, is_starred: value } : c)),
    () => setStarred(id, value),
  );
}

export async function rename(deps: HistoryDeps, id: string, title: string): Promise<void> {
  if (
    await change(
      deps,
      (list) => list.map((c) => (c.id === id ? { ...c, title } : c)),
      () => renameChat(id, title),
    )
  ) {
    toast.success(historyText("renamed"));
  }
}

/** Deletes a chat once the user confirms it. */
export async function remove(deps: HistoryDeps, chat: { id: string; title: string }): Promise<void> {
  const { id } = chat;
  await loadHistoryTexts();
  const ok = await confirm({
    title: historyText("deleteTitle"),
    message: historyText("deleteMessage", { title: chat.title }),
    confirmLabel: deps.t("common.delete"),
    cancelLabel: deps.t("common.cancel"),
    danger: true,
  });
  if (
    ok &&
    (await change(
      deps,
      (list) => list.filter((c) => c.id !== id),
      () => deleteChat(id),
    ))
  ) {
    deps.qc.removeQueries({ queryKey: chatKeys.content(id) });
    deps.qc.removeQueries({ queryKey: chatKeys.detail(id) });
    leaveIfOpen(deps, id);
    toast.success(historyText("deleted"));
  }
}

/** Deletes every chat once the user confirms it; true if they were deleted. */
export async function clear(deps: HistoryDeps): Promise<boolean> {
  await loadHistoryTexts();
  const ok = await confirm({
    title: historyText("clearTitle"),
    message: historyText("clearMessage"),
    confirmLabel: historyText("clearConfirm"),
    cancelLabel: deps.t("common.cancel"),
    danger: true,
  });
  if (
    ok &&
    (await change(
      deps,
      () => [],
      () => clearChats(),
    ))
  ) {
    deps.qc.removeQueries({ queryKey: ["chats", "content"] });
    deps.qc.removeQueries({ queryKey: ["chats", "detail"] });
    leaveIfOpen(deps, null);
    toast.success(historyText("cleared"));
    return true;
  }
  return false;
}
