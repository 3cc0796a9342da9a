// The first send of a new chat, shared by text and image turns: create the chat (title by the shared rule, with the
// expert persona picked from the sidebar, which is used once), put it at the top of the history, remember it as the
// current chat and show its route. On failure the turn is cancelled with the create-failed toast (a 401 already
// signed the user out, so it says nothing more).
import { titleFromPrompt } from "../../../../worker/protocol/rules";
import { ApiError } from "../../lib/api";
import { STORAGE_KEYS, writeItem } from "../../lib/storage";
import { newChatPersonaAtom } from "../experts/experts.atoms";
import { toast } from "../toast/toast.atoms";
import type { ChatDeps } from "./answer-turn";
import { createChat } from "./chat.api";
import { streamingAtom } from "./chat.atoms";
import { prependChat } from "./chat-cache";

/** Creates the chat for a first question and opens it; returns its id, or null when the turn was cancelled. */
export async function openNewChat(deps: ChatDeps, question: string): Promise<string | null> {
  const { queryClient: qc, store, t } = deps;
  try {
    const chat = await createChat(titleFromPrompt(question), store.get(newChatPersonaAtom));
    store.set(newChatPersonaAtom, null);
    prependChat(qc, chat);
    writeItem(STORAGE_KEYS.currentChatId, chat.id);
    deps.openChat(chat.id);
    return chat.id;
  } catch (err) {
    store.set(streamingAtom, null);
    if (!(err instanceof ApiError && err.status === 401)) toast.error(t("chat.createFailed"));
    return null;
  }
}
