// Editing a question and regenerating an answer — variations of a turn, loaded the first time one is used. Each writes
// a new version beside the message it replaces (the worker keeps every version: worker/db/message-tree.ts), and the
// chat shows the new one's branch: the message and what followed it leave the screen, the new version takes its place
// with its ‹ n / n › switch.
//   edit        a new version of the question (its first text kept as original_message) → an edit reply
//   regenerate  another answer to the question, by the same or another model
// Each counts one use, and works with stop and with following after a reload like any answer (answer-turn.ts, run by
// the one turn runner, turn-runner.ts).
import type { QueryClient } from "@tanstack/react-query";
import { newId } from "../../../lib/signed-in/ids";
import { streamingAtom } from "../chat.atoms";
import { chatKeys } from "../chat.queries";
import type { ChatMessage } from "../chat.schemas";
import { type ChatContentData, allMessages, removeMessages, upsertMessage } from "../chat-cache";
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

/**
 * Takes a message and everything after it out of the loaded content (a new version of it starts another branch
 * there); answers the content as it was, to put back should the new version be refused.
 */
function cutFrom(qc: QueryClient, chatId: string, messageId: string): ChatContentData | undefined {
  const before = qc.getQueryData<ChatContentData>(chatKeys.content(chatId));
  const all = allMessages(before);
  const at = all.findIndex((m) => m.message_id === messageId);
  if (at >= 0)
    removeMessages(
      qc,
      chatId,
      all.slice(at).map((m) => m.message_id),
    );
  return before;
}

/** The versions of a message once `added` joins them (the message alone counts as its only version). */
function withVersion(message: ChatMessage, added: string): string[] {
  const versions = message.versions?.length ? message.versions : [message.message_id];
  return [...versions.filter((id) => id !== added), added];
}

/** Puts back what a refused edit or regeneration took out of the loaded content. */
function restore(deps: ChatDeps, chatId: string, before: ChatContentData | undefined) {
  if (before) deps.queryClient.setQueryData(chatKeys.content(chatId), before);
}

/** Edits a question: a new version of it takes its place, and the answer to the new text arrives as an edit reply. */
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

  const editedId = newId();
  const edited: ChatMessage = {
    ...target,
    message_id: editedId,
    message: question,
    edited: true,
    original_message: target.original_message ?? target.message,
    attachments: [],
    versions: withVersion(target, editedId),
  };
  const placeholder = botPlaceholder(newId(), model.endpoint, model.offline, {
    is_edit_response: true,
    for_edited_message_id: editedId,
  });
  await qc.cancelQueries({ queryKey: chatKeys.content(input.chatId) });
  const before = cutFrom(qc, input.chatId, target.message_id);
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
      message_id: editedId,
      bot_message_id: placeholder.message_id,
      ...(search ? { is_search_mode: true } : {}),
    },
    undo: () => restore(deps, input.chatId, before),
  });
}

/** Another answer to a question, in place of the one shown, by the model the user picked for it (or the current one). */
export async function regenerateAnswer(deps: ChatDeps, input: RegenerateInput): Promise<boolean> {
  const { queryClient: qc, store } = deps;
  const target = findMessage(deps, input.chatId, input.messageId);
  if (target?.sender !== "bot" || store.get(streamingAtom)) return false;
  const begun = await beginTurn(deps, input.chatId, input.endpoint ?? null);
  if (!begun) return false;
  const { catalogue, model } = begun;
  const search = searchFor(deps, catalogue);
  if (search === null) return false;

  const answerId = newId();
  const placeholder = botPlaceholder(answerId, model.endpoint, model.offline, {
    is_edit_response: target.is_edit_response,
    for_edited_message_id: target.for_edited_message_id,
    searchOffline: false,
    versions: withVersion(target, answerId),
  });
  await qc.cancelQueries({ queryKey: chatKeys.content(input.chatId) });
  const before = cutFrom(qc, input.chatId, target.message_id);
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
      bot_message_id: answerId,
      ...(search ? { is_search_mode: true } : {}),
    },
    undo: () => restore(deps, input.chatId, before),
  });
}
