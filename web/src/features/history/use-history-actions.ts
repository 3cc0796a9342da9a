// History changes with optimistic updates: the sidebar reacts at once and rolls back (with a toast) if the worker
// refuses. Deleting the open chat, or clearing everything, returns to a new chat.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useParams } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../lib/error-message";
import { STORAGE_KEYS, readItem, writeItem } from "../../lib/storage";
import { clearChats, deleteChat, renameChat, setStarred } from "../chat/chat.api";
import { chatKeys } from "../chat/chat.queries";
import type { Chat } from "../chat/chat.schemas";
import { type ChatListData, updateChatList } from "../chat/chat-cache";
import { toast } from "../toast/toast.atoms";

type Snapshot = { list: ChatListData | undefined };

export function useHistoryActions() {
  const qc = useQueryClient();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams({ strict: false }) as { chatId?: string };

  const patchList = async (fn: (list: Chat[]) => Chat[]): Promise<Snapshot> => {
    await qc.cancelQueries({ queryKey: chatKeys.list() });
    const list = qc.getQueryData<ChatListData>(chatKeys.list());
    updateChatList(qc, fn);
    return { list };
  };
  const rollback = (err: unknown, snapshot: Snapshot | undefined) => {
    if (snapshot) qc.setQueryData(chatKeys.list(), snapshot.list);
    toast.error(errorMessage(t, err));
  };
  const settle = () => void qc.invalidateQueries({ queryKey: chatKeys.list() });

  const leaveIfOpen = (id: string | null) => {
    if (id === null || readItem(STORAGE_KEYS.currentChatId) === id) writeItem(STORAGE_KEYS.currentChatId, null);
    if (id === null || params.chatId === id) void navigate({ to: "/" });
  };

  const star = useMutation({
    mutationFn: ({ id, value }: { id: string; value: boolean }) => setStarred(id, value),
    onMutate: ({ id, value }) => patchList((list) => list.map((c) => (c.id === id ? { ...c, is_starred: value } : c))),
    onError: (err, _v, snapshot) => rollback(err, snapshot),
    onSettled: settle,
  });

  const rename = useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) => renameChat(id, title),
    onMutate: ({ id, title }) => patchList((list) => list.map((c) => (c.id === id ? { ...c, title } : c))),
    onError: (err, _v, snapshot) => rollback(err, snapshot),
    onSuccess: () => toast.success(t("history.renamed")),
    onSettled: settle,
  });

  const remove = useMutation({
    mutationFn: (id: string) => deleteChat(id),
    onMutate: (id) => patchList((list) => list.filter((c) => c.id !== id)),
    onError: (err, _v, snapshot) => rollback(err, snapshot),
    onSuccess: (_data, id) => {
      qc.removeQueries({ queryKey: chatKeys.content(id) });
      qc.removeQueries({ queryKey: chatKeys.detail(id) });
      leaveIfOpen(id);
      toast.success(t("history.deleted"));
    },
    onSettled: settle,
  });

  const clear = useMutation({
    mutationFn: () => clearChats(),
    onMutate: () => patchList(() => []),
    onError: (err, _v, snapshot) => rollback(err, snapshot),
    onSuccess: () => {
      qc.removeQueries({ queryKey: ["chats", "content"] });
      qc.removeQueries({ queryKey: ["chats", "detail"] });
      leaveIfOpen(null);
      toast.success(t("history.cleared"));
    },
    onSettled: settle,
  });

  return { star, rename, remove, clear };
}
