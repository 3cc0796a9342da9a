// The sidebar's history actions (star, rename, delete, clear all). Their confirmations, optimistic updates and
// rollbacks (history-changes.ts) load on the first change, not with the app.
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate, useParams } from "@tanstack/react-router";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { HistoryDeps } from "./on-demand/history-changes";

const loadChanges = () => import("./on-demand/history-changes");

export interface HistoryActions {
  star: (id: string, value: boolean) => void;
  rename: (id: string, title: string) => void;
  /** Asks first. */
  remove: (chat: { id: string; title: string }) => void;
  /** Asks first; true once everything is deleted. */
  clear: () => Promise<boolean>;
}

export function useHistoryActions(): HistoryActions {
  const qc = useQueryClient();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { chatId } = useParams({ strict: false }) as { chatId?: string };
  return useMemo(() => {
    const deps: HistoryDeps = { qc, t, openChatId: chatId, goHome: () => void navigate({ to: "/" }) };
    return {
      star: (id, value) => void loadChanges().then((m) => m.star(deps, id, value)),
      rename: (id, title) => void loadChanges().then((m) => m.rename(deps, id, title)),
      remove: (chat) => void loadChanges().then((m) => m.remove(deps, chat)),
      clear: () => loadChanges().then((m) => m.clear(deps)),
    };
  }, [qc, t, chatId, navigate]);
}
