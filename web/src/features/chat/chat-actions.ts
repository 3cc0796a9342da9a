// Sending a question, editing one, regenerating an answer and stopping. These run outside any component (they keep
// going when the screen navigates from / to /c/$chatId mid-answer) and write everything they learn into the query
// cache and atoms:
//   send        no chat yet → create one (title by the shared rule) → user message + bot placeholder → the answer
//   edit        the question's new text in place (its first text kept as original_message) → a new edit reply
//   regenerate  the answer written again in place, by the same or another model
// Each counts one use; the answer itself (request, refusals, usage headers, stream) is answer-turn.ts.
import { titleFromPrompt } from "../../../../worker/protocol/rules";
import { ApiError } from "../../lib/api";
import { newId } from "../../lib/ids";
import { STORAGE_KEYS, writeItem } from "../../lib/storage";
import { toast } from "../toast/toast.atoms";
import { createChat } from "./chat.api";
import { draftAtom, searchModeAtom, streamingAtom } from "./chat.atoms";
import { chatKeys } from "./chat.queries";
import type { ChatMessage } from "./chat.schemas";
import { allMessages, prependChat, removeMessages, replaceMessage, upsertMessage } from "./chat-cache";
import { type ChatDeps, beginTurn, nowIso, runAnswer, searchUsedUp, showSearchExhausted } from "./answer-turn";

export { abortActiveStream, stopAnswer, type ChatDeps } from "./answer-turn";

function botPlaceholder(id: string, endpoint: string, offline: boolean, extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    message_id: id,
    sender: "bot",
    message: "",
    model: endpoint,
    citations: [],
    stopped: false,
    error: null,
    created_at: nowIso(),
    loading: true,
    isStreaming: true,
    offline,
    ...extra,
  };
}

/** Search mode for this turn: the toggle. Null (and the turn cancelled, with the warning) when searches are used up. */
function searchFor(deps: ChatDeps, catalogue: Parameters<typeof searchUsedUp>[0]): boolean | null {
  const on = deps.store.get(searchModeAtom);
  if (on && searchUsedUp(catalogue)) {
    deps.store.set(streamingAtom, null);
    showSearchExhausted(deps);
    return null;
  }
  return on;
}

export async function sendMessage(deps: ChatDeps, input: { text: string; chatId: string | null }): Promise<boolean> {
  const { queryClient: qc, store, t } = deps;
  const question = input.text.trim();
  if (!question || store.get(streamingAtom)) return false;
  const begun = await beginTurn(deps, input.chatId);
  if (!begun) return false;
  const { catalogue, model } = begun;
  const search = searchFor(deps, catalogue);
  if (search === null) return false;

  let chatId = input.chatId;
  if (!chatId) {
    try {
      const chat = await createChat(titleFromPrompt(question));
      chatId = chat.id;
      prependChat(qc, chat);
      writeItem(STORAGE_KEYS.currentChatId, chat.id);
      deps.openChat(chat.id);
    } catch (err) {
      store.set(streamingAtom, null);
      if (!(err instanceof ApiError && err.status === 401)) toast.error(t("chat.createFailed"));
      return false;
    }
  }

  const userMessage: ChatMessage = {
    message_id: newId(),
    sender: "user",
    message: question,
    model: model.endpoint,
    citations: [],
    stopped: false,
    error: null,
    created_at: nowIso(),
  };
  const placeholder = botPlaceholder(newId(), model.endpoint, model.offline);
  await qc.cancelQueries({ queryKey: chatKeys.content(chatId) });
  upsertMessage(qc, chatId, userMessage);
  upsertMessage(qc, chatId, placeholder);
  store.set(draftAtom, "");
  const id = chatId;
  return runAnswer(deps, {
    chatId,
    catalogue,
    model,
    placeholder,
    searchRequested: search,
    body: {
      question,
      chat_id: chatId,
      message_id: userMessage.message_id,
      bot_message_id: placeholder.message_id,
      ...(search ? { is_search_mode: true } : {}),
    },
    undo: () => {
      removeMessages(qc, id, [userMessage.message_id, placeholder.message_id]);
      store.set(draftAtom, question);
    },
  });
}

function findMessage(deps: ChatDeps, chatId: string, messageId: string): ChatMessage | undefined {
  return allMessages(deps.queryClient.getQueryData(chatKeys.content(chatId))).find((m) => m.message_id === messageId);
}

/** Edits a question: its text is replaced where it is, and the answer to the new text arrives as an edit reply. */
export async function editMessage(deps: ChatDeps, input: { chatId: string; messageId: string; text: string }): Promise<boolean> {
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
    // the spec: for an edit, only the edit reply goes (and the question gets its text back)
    undo: () => {
      removeMessages(qc, input.chatId, [placeholder.message_id]);
      replaceMessage(qc, input.chatId, target);
    },
  });
}

/** Writes an answer again in place, with the model the user picked for it (or the current one). */
export async function regenerateAnswer(deps: ChatDeps, input: { chatId: string; messageId: string; endpoint?: string }): Promise<boolean> {
  const { queryClient: qc, store } = deps;
  const target = findMessage(deps, input.chatId, input.messageId);
  if (!target || target.sender !== "bot" || store.get(streamingAtom)) return false;
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
    body: { chat_id: input.chatId, regenerate_message_id: target.message_id, ...(search ? { is_search_mode: true } : {}) },
    undo: () => replaceMessage(qc, input.chatId, target),
  });
}
