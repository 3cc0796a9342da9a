// Sending a question. This runs outside any component (it keeps going when the screen
// navigates from / to /c/$chatId mid-answer) and writes everything it learns into the query cache and atoms:
//   no chat yet → create one (title by the shared rule) → user message + bot placeholder → the answer.
// Editing a question and regenerating an answer are edit-actions.ts (loaded when first used); the answer itself
// (request, refusals, usage headers, stream) is answer-turn.ts.
import type { AttachmentRef } from "../../../../worker/protocol/resources";
import { newId } from "../../lib/ids";
import { draftAtom, searchModeAtom, streamingAtom } from "./chat.atoms";
import type { ChatMessage } from "./chat.schemas";
import { removeMessages } from "./chat-cache";
import { openExchange } from "./open-new-chat";
import { type ChatDeps, beginTurn, nowIso, runAnswer, searchUsedUp, showSearchExhausted } from "./answer-turn";

export { stopAnswer } from "./answer-turn";

export function botPlaceholder(
  id: string,
  endpoint: string,
  offline: boolean,
  extra: Partial<ChatMessage> = {},
): ChatMessage {
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
export function searchFor(deps: ChatDeps, catalogue: Parameters<typeof searchUsedUp>[0]): boolean | null {
  const on = deps.store.get(searchModeAtom);
  if (on && searchUsedUp(catalogue)) {
    deps.store.set(streamingAtom, null);
    showSearchExhausted(deps);
    return null;
  }
  return on;
}

export async function sendMessage(
  deps: ChatDeps,
  input: { text: string; chatId: string | null; attachments?: AttachmentRef[] },
): Promise<boolean> {
  const { queryClient: qc, store } = deps;
  const question = input.text.trim();
  if (!question || store.get(streamingAtom)) return false;
  const begun = await beginTurn(deps, input.chatId);
  if (!begun) return false;
  const { catalogue, model } = begun;
  const search = searchFor(deps, catalogue);
  if (search === null) return false;

  const userMessage: ChatMessage = {
    message_id: newId(),
    sender: "user",
    message: question,
    model: model.endpoint,
    citations: [],
    stopped: false,
    error: null,
    created_at: nowIso(),
    attachments: input.attachments ?? [],
  };
  const placeholder = botPlaceholder(newId(), model.endpoint, model.offline);
  const chatId = await openExchange(deps, { chatId: input.chatId, question, messages: [userMessage, placeholder] });
  if (!chatId) return false;
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
      ...(input.attachments?.length ? { attachment_ids: input.attachments.map((a) => a.id) } : {}),
    },
    undo: () => {
      removeMessages(qc, id, [userMessage.message_id, placeholder.message_id]);
      store.set(draftAtom, question);
    },
  });
}
