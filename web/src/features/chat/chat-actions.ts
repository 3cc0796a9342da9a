// What the chat's actions need from the app, and what the rest of the app needs from them without loading them:
// letting go of a running answer's stream at logout. Sending, editing, regenerating and stopping load with the chat
// screen's first use of them (use-chat-actions.ts): send-message.ts, edit-actions.ts, turn-runner.ts.
import type { QueryClient } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import type { getDefaultStore } from "jotai";

export { abortActiveStream } from "./active-stream";

/** The app's query client, jotai store, language and router, as the turns (which run outside React) use them. */
export interface ChatDeps {
  queryClient: QueryClient;
  store: ReturnType<typeof getDefaultStore>;
  t: TFunction;
  /** Shows a chat's route (after the first message created it). */
  openChat: (chatId: string) => void;
  /** Opens the upgrade page (the action offered when a quota is used up). */
  openUpgrade: () => void;
}
