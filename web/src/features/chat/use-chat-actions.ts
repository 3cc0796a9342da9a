// Binds the chat actions to this app's query client, jotai store, language and router.
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useStore } from "jotai";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { ChatMessage } from "./chat.schemas";
import { type ChatDeps, editMessage, regenerateAnswer, sendMessage, stopAnswer } from "./chat-actions";
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
      send: (text: string, chatId: string | null) => sendMessage(deps, { text, chatId }),
      stop: () => stopAnswer(deps),
      edit: (chatId: string, messageId: string, text: string) => editMessage(deps, { chatId, messageId, text }),
      regenerate: (chatId: string, messageId: string, endpoint?: string) => regenerateAnswer(deps, { chatId, messageId, endpoint }),
      follow: (chatId: string, message: ChatMessage) => followAnswer(deps, chatId, message),
    };
  }, [queryClient, store, router, t]);
}
