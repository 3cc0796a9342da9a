// Binds the chat actions to this app's query client, jotai store, language and router.
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useStore } from "jotai";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { ChatDeps } from "./chat-actions";
import type { ChatMessage } from "./chat.schemas";

// The sending code loads when first needed (the chat screen preloads it on the first move, key or touch), so an open chat's
// first screen does not carry it.
// One promise per module, kept: two quick uses (a second pick while the first loads the code) then go on in the order
// they were made. A new import() each time could resolve the second first (its chunk's dependencies already seen).
let sending: Promise<typeof import("./turn/send-message")> | undefined;
let edits: Promise<typeof import("./turn/edit-actions")> | undefined;
let branches: Promise<typeof import("./on-demand/branch-actions")> | undefined;
// (a chunk that failed to load, offline, is asked for again next time)
const loadSending = () =>
  (sending ??= import("./turn/send-message").catch((err) => {
    sending = undefined;
    throw err;
  }));
const loadEdits = () =>
  (edits ??= import("./turn/edit-actions").catch((err) => {
    edits = undefined;
    throw err;
  }));
const loadBranches = () =>
  (branches ??= import("./on-demand/branch-actions").catch((err) => {
    branches = undefined;
    throw err;
  }));

/** Starts loading the code that sends a question. */
export function preloadSending(): void {
  void loadSending();
}

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
      openUpgrade: () => router.history.push("/upgrade"),
    };
    return {
      // a question, a picture, or a question with files: the input box's state says which (send-message.ts)
      send: async (text: string, chatId: string | null) => (await loadSending()).sendMessage(deps, { text, chatId }),
      stop: async () => (await loadSending()).stopAnswer(deps),
      // edit and regenerate load with their first use (not on every chat's first screen)
      edit: async (chatId: string, messageId: string, text: string) =>
        (await loadEdits()).editMessage(deps, { chatId, messageId, text }),
      regenerate: async (chatId: string, messageId: string, endpoint?: string) =>
        (await loadEdits()).regenerateAnswer(deps, { chatId, messageId, endpoint }),
      // versions and forks: their code loads with the first use
      showVersion: async (chatId: string, messageId: string) =>
        (await loadBranches()).showVersion(deps, chatId, messageId),
      fork: async (chatId: string, messageId: string) => (await loadBranches()).forkFrom(deps, chatId, messageId),
      // following an answer already running when the chat loaded is rare: its code loads when needed
      follow: async (chatId: string, message: ChatMessage) =>
        (await import("./turn/follow-answer")).followAnswer(deps, chatId, message),
    };
  }, [queryClient, store, router, t]);
}
