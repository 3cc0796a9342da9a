// The start of a send, one block for text and image turns alike: on the first send of a new chat, create the chat
// (title by the shared rule, with the expert persona picked from the sidebar, which is used once), put it at the top
// of the history, remember it as the current chat and show its route; then the question and its answer's placeholder
// appear at once and the input box empties. On failure the turn is cancelled with the create-failed toast (a 401
// already signed the user out, so it says nothing more).
import { titleFromPrompt } from "../../../../worker/protocol/rules";
import { ApiError } from "../../lib/api";
import { withRequestId } from "../../lib/error-message";
import { STORAGE_KEYS, writeItem } from "../../lib/storage";
import { newChatPersonaAtom } from "../experts/experts.atoms";
import { toast } from "../toast/toast.atoms";
import type { ChatDeps } from "./chat-actions";
import { createChat } from "./chat.api";
import { draftAtom, streamingAtom } from "./chat.atoms";
import { chatKeys } from "./chat.queries";
import type { ChatMessage } from "./chat.schemas";
import { prependChat, upsertMessage } from "./chat-cache";

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
    if (!(err instanceof ApiError && err.status === 401)) toast.error(withRequestId(t, t("chat.createFailed"), err));
    return null;
  }
}

/**
 * Shows a question in its chat — the chat created first when there is none yet (openNewChat) — with the placeholder
 * of its answer, and empties the input box. Returns the chat's id, or null when the turn was cancelled.
 */
export async function openExchange(
  deps: ChatDeps,
  input: { chatId: string | null; question: string; messages: readonly ChatMessage[] },
): Promise<string | null> {
  const { queryClient: qc, store } = deps;
  const chatId = input.chatId ?? (await openNewChat(deps, input.question));
  if (!chatId) return null;
  // a fetch of the chat still on its way would land over the new messages
  await qc.cancelQueries({ queryKey: chatKeys.content(chatId) });
  for (const message of input.messages) upsertMessage(qc, chatId, message);
  store.set(draftAtom, "");
  return chatId;
}
