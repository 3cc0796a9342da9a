// Binds the chat actions to this app's query client, jotai store, language and router.
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useStore } from "jotai";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { AttachmentRef } from "../../../../worker/protocol/resources";
import type { ChatMessage } from "./chat.schemas";
import { type ChatDeps, sendMessage, stopAnswer } from "./chat-actions";
import { followAnswer } from "./follow-answer";

export function useChatActions() {
  const queryClient = useQueryClient();
  const store = useStore();
  const router = useRouter();
  const { t } = useTranslation();
  return useMemo(() => {
    const deps: ChatDeps = {
      queryClient,
      store,
      t,
      openChat: (chatId) => void router.navigate({ to: "/c/$chatId", params: { chatId } }),
    };
    return {
      send: (text: string, chatId: string | null, attachments?: AttachmentRef[]) => sendMessage(deps, { text, chatId, attachments }),
      stop: () => stopAnswer(deps),
      follow: (chatId: string, message: ChatMessage) => followAnswer(deps, chatId, message),
    };
  }, [queryClient, store, router, t]);
}
