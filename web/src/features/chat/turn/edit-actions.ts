// Editing a question and regenerating an answer — variations of a turn, loaded the first time one is used:
//   edit        the question's new text in place (its first text kept as original_message) → a new edit reply
//   regenerate  the answer written again in place, by the same or another model
// Each counts one use, and works with stop and with following after a reload like any answer (answer-turn.ts, run by
// the one turn runner, turn-runner.ts).
import { newId } from "../../../lib/signed-in/ids";
import { streamingAtom } from "../chat.atoms";
import { chatKeys } from "../chat.queries";
import type { ChatMessage } from "../chat.schemas";
import { allMessages, removeMessages, replaceMessage, upsertMessage } from "../chat-cache";
import { beginTurn, botPlaceholder, runAnswer, searchFor } from "./answer-turn";
import type { ChatDeps } from "../chat-actions";

export interface EditInput {
  chatId: string;
  messageId: string;
  text: string;
}

export interface RegenerateInput {
  chatId: string;
  messageId: string;
  endpoint?: string;
}

function findMessage(deps: ChatDeps, chatId: string, messageId: string): ChatMessage | undefined {
  return allMessages(deps.queryClient.getQueryData(chatKeys.content(chatId))).find((m) => m.message_id === messageId);
}

/** Edits a question: its text is replaced where it is, and the answer to the new text arrives as an edit reply. */
export async function editMessage(deps: ChatDeps, input: EditInput): Promise<boolean> {
  const { queryClient: qc, store } = deps;
  const question = input.text.trim();
  const target = findMessage(deps, input.chatId, input.messageId);
  if (!question || !target || target.sender !== "user" || store.get(streamingAtom)) return false;
  if (question === target.message) return false;
  const begun = await beginTurn(deps, input.chatId);
  if (!begun) return false;
  const { catalogue, model } = begun;
  const search = searchFor(deps, catalogue);
  if (search === null) return false;

  const edited: ChatMessage = {
    ...target,
    message: question,
    edited: true,
    original_message: target.original_message ?? target.message,
  };
  const placeholder = botPlaceholder(newId(), model.endpoint, model.offline, {
    is_edit_response: true,
    for_edited_message_id: target.message_id,
  });
  await qc.cancelQueries({ queryKey: chatKeys.content(input.chatId) });
  upsertMessage(qc, input.chatId, edited);
  upsertMessage(qc, input.chatId, placeholder);
  return runAnswer(deps, {
    chatId: input.chatId,
    catalogue,
    model,
    placeholder,
    searchRequested: search,
    body: {
      question,
      chat_id: input.chatId,
      edit_message_id: target.message_id,
      bot_message_id: placeholder.message_id,
      ...(search ? { is_search_mode: true } : {}),
    },
    // undoing an edit removes only its edit reply (earlier answers stay) and gives the question its text back
    undo: () => {
      removeMessages(qc, input.chatId, [placeholder.message_id]);
      replaceMessage(qc, input.chatId, target);
    },
  });
}

/** Writes an answer again in place, with the model the user picked for it (or the current one). */
export async function regenerateAnswer(deps: ChatDeps, input: RegenerateInput): Promise<boolean> {
  const { queryClient: qc, store } = deps;
  const target = findMessage(deps, input.chatId, input.messageId);
  if (target?.sender !== "bot" || store.get(streamingAtom)) return false;
  const begun = await beginTurn(deps, input.chatId, input.endpoint ?? null);
  if (!begun) return false;
  const { catalogue, model } = begun;
  const search = searchFor(deps, catalogue);
  if (search === null) return false;

  const placeholder = botPlaceholder(target.message_id, model.endpoint, model.offline, {
    created_at: target.created_at,
    is_edit_response: target.is_edit_response,
    for_edited_message_id: target.for_edited_message_id,
    searchOffline: false,
  });
  await qc.cancelQueries({ queryKey: chatKeys.content(input.chatId) });
  upsertMessage(qc, input.chatId, placeholder);
  return runAnswer(deps, {
    chatId: input.chatId,
    catalogue,
    model,
    placeholder,
    searchRequested: search,
    body: {
      chat_id: input.chatId,
      regenerate_message_id: target.message_id,
      ...(search ? { is_search_mode: true } : {}),
    },
    undo: () => replaceMessage(qc, input.chatId, target),
  });
}
