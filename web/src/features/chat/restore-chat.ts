// The session flow at startup: reopen the chat stored from the last visit (current_chat_id) if the server
// still has it, else forget it. Only on the app's first visit to '/': later visits ("New chat", the back button)
// mean a new chat.
import type { QueryClient } from "@tanstack/react-query";
import { STORAGE_KEYS, readItem, writeItem } from "../../lib/storage";
import { chatQuery } from "./chat.queries";
import { isStartupDone, markStartupDone } from "./every-page/startup";

/** The stored chat's id when it should be reopened now, else null. */
export async function chatToRestore(queryClient: QueryClient): Promise<string | null> {
  if (isStartupDone()) return null;
  markStartupDone();
  const stored = readItem(STORAGE_KEYS.currentChatId);
  if (!stored) return null;
  try {
    await queryClient.ensureQueryData(chatQuery(stored));
    return stored;
  } catch {
    writeItem(STORAGE_KEYS.currentChatId, null);
    return null;
  }
}
