// Binds the chat actions to this app's query client, jotai store, language and router.
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { atom, useAtomValue, useStore } from "jotai";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { AttachmentRef } from "../../../../worker/protocol/resources";
import { draftAtom } from "./chat.atoms";
import type { ChatMessage } from "./chat.schemas";
import type { ChatDeps } from "./chat-actions";

// The send code (chat-actions.ts with the stream reader, ~2.3 kB gzip) loads with the first send or stop, not with the
// page. It is fetched ahead as soon as the composer holds text, so a send does not wait for it.
const loadActions = () => import("./chat-actions");

/** Flips only when the draft becomes (non-)empty: the chat view does not re-render on every keystroke. */
const hasDraftAtom = atom((get) => get(draftAtom) !== "");

export function useChatActions() {
  const queryClient = useQueryClient();
  const store = useStore();
  const router = useRouter();
  const { t } = useTranslation();
  const hasDraft = useAtomValue(hasDraftAtom);
  useEffect(() => {
    if (hasDraft) void loadActions();
  }, [hasDraft]);
  return useMemo(() => {
    const deps: ChatDeps = {
      queryClient,
      store,
      t,
      openChat: (chatId) => void router.navigate({ to: "/c/$chatId", params: { chatId } }),
    };
    return {
      send: (text: string, chatId: string | null, attachments?: AttachmentRef[]) =>
        loadActions().then((m) => m.sendMessage(deps, { text, chatId, attachments })),
      stop: () => loadActions().then((m) => m.stopAnswer(deps)),
      // Only a chat with an answer still running needs it: loaded then (~0.6 kB gzip off every chat page).
      follow: (chatId: string, message: ChatMessage) => import("./follow-answer").then((m) => m.followAnswer(deps, chatId, message)),
    };
  }, [queryClient, store, router, t]);
}
