// The one way a question is sent: from the input box, or a prompt picked on a new chat's greeting. It runs outside any
// component (it keeps going when the screen navigates from / to /c/$chatId mid-answer) and writes everything it learns
// into the query cache and atoms. What the send asks for follows from the input's state:
//   image mode is on, or a regeneration phrase while the latest answer holds a generated picture
//                               → a picture (image-turn.ts; the phrase edits that picture)
//   files are in the tray       → they go up first, and the question carries them (attachments/attached-files.ts)
//   otherwise                   → an answer to the question (answer-turn.ts)
// Either way: no chat yet → create one (title by the shared rule) → the question and its answer's placeholder at once
// → the turn (turn-runner.ts). Editing a question and regenerating an answer are edit-actions.ts.
import type { AttachmentRef } from "../../../../../worker/protocol/resources";
import { newId } from "../../../lib/signed-in/ids";
import { attachmentsAtom } from "../../attachments/signed-in/attachments.atoms";
import { generatedImageUrl } from "../../images/signed-in/generated-image";
import { imageModeAtom } from "../../images/signed-in/image-mode.atoms";
import { beginTurn, botPlaceholder, runAnswer, searchFor } from "./answer-turn";
import type { ChatDeps } from "../chat-actions";
import { draftAtom, streamingAtom } from "../chat.atoms";
import { chatKeys } from "../chat.queries";
import type { ChatMessage } from "../chat.schemas";
import { allMessages, removeMessages } from "../chat-cache";
import { openExchange } from "../open-new-chat";
import { beginSend, type Exchange, nowIso } from "./turn-runner";

export { stopAnswer } from "./turn-runner";

/** Shows the question and its answer's placeholder (creating the chat first if there is none); null: cancelled. */
async function openQuestion(
  deps: ChatDeps,
  input: { chatId: string | null; question: string; placeholder: ChatMessage; attachments?: AttachmentRef[] },
): Promise<Exchange | null> {
  const { queryClient: qc, store } = deps;
  const { question, placeholder } = input;
  const userMessage: ChatMessage = {
    message_id: newId(),
    sender: "user",
    message: question,
    model: placeholder.model,
    citations: [],
    stopped: false,
    error: null,
    created_at: nowIso(),
    ...(input.attachments ? { attachments: input.attachments } : {}),
  };
  const chatId = await openExchange(deps, { chatId: input.chatId, question, messages: [userMessage, placeholder] });
  if (!chatId) return null;
  return {
    chatId,
    question,
    userMessageId: userMessage.message_id,
    placeholder,
    undo: () => {
      removeMessages(qc, chatId, [userMessage.message_id, placeholder.message_id]);
      store.set(draftAtom, question);
    },
  };
}

/** Sends what the input box holds. False when nothing was answered (ignored, refused, or failed before an answer). */
export async function sendMessage(deps: ChatDeps, input: { text: string; chatId: string | null }): Promise<boolean> {
  const { store } = deps;
  const question = input.text.trim();
  if (!question || store.get(streamingAtom)) return false;
  const picture = await pictureAsked(deps, input.chatId, question);
  if (picture) return sendPicture(deps, input.chatId, question, picture.originalImage);
  if (store.get(attachmentsAtom).length === 0) return askQuestion(deps, { chatId: input.chatId, question });
  const { takeAttachedFiles } = await import("../../attachments/attached-files");
  const files = await takeAttachedFiles(store, deps.t);
  if (!files) return false;
  const ok = await askQuestion(deps, { chatId: input.chatId, question, attachments: files.refs });
  if (ok) files.sent();
  else files.refused();
  return ok;
}

/** The text of the chat's latest answer, if the chat is loaded and has one. */
function latestAnswerText(deps: ChatDeps, chatId: string | null): string | null {
  if (!chatId) return null;
  const messages = allMessages(deps.queryClient.getQueryData(chatKeys.content(chatId)));
  return messages.findLast((m) => m.sender === "bot")?.message ?? null;
}

/** The picture this send asks for (and the one it edits), or null for a question. */
async function pictureAsked(
  deps: ChatDeps,
  chatId: string | null,
  question: string,
): Promise<{ originalImage: string | null } | null> {
  const chosen = deps.store.get(imageModeAtom);
  const latest = latestAnswerText(deps, chatId);
  // The phrases load only when a picture could be meant.
  if (!chosen && !generatedImageUrl(latest)) return null;
  const { imageIntent } = await import("../../images/regeneration");
  const intent = imageIntent(chosen, question, latest);
  return intent.image ? { originalImage: intent.originalImage } : null;
}

async function sendPicture(
  deps: ChatDeps,
  chatId: string | null,
  question: string,
  originalImage: string | null,
): Promise<boolean> {
  const { store } = deps;
  const chosen = store.get(imageModeAtom);
  store.set(imageModeAtom, false); // image mode lasts one send
  const images = await import("./image-turn");
  let ok = false;
  if (await images.mayDraw(deps)) {
    beginSend(deps, chatId);
    const exchange = await openQuestion(deps, { chatId, question, placeholder: images.imagePlaceholder(newId()) });
    ok = exchange !== null && (await images.runImage(deps, exchange, originalImage));
  }
  if (!ok && chosen) store.set(imageModeAtom, true); // refused: the retry is still an image
  return ok;
}

async function askQuestion(
  deps: ChatDeps,
  input: { chatId: string | null; question: string; attachments?: AttachmentRef[] },
): Promise<boolean> {
  const begun = await beginTurn(deps, input.chatId);
  if (!begun) return false;
  const { model } = begun;
  const search = searchFor(deps, begun.catalogue);
  if (search === null) return false;
  const attachments = input.attachments ?? [];
  const exchange = await openQuestion(deps, {
    chatId: input.chatId,
    question: input.question,
    placeholder: botPlaceholder(newId(), model.endpoint, model.offline),
    attachments,
  });
  if (!exchange) return false;
  return runAnswer(deps, {
    ...begun,
    chatId: exchange.chatId,
    placeholder: exchange.placeholder,
    searchRequested: search,
    body: {
      question: exchange.question,
      chat_id: exchange.chatId,
      message_id: exchange.userMessageId,
      bot_message_id: exchange.placeholder.message_id,
      ...(search ? { is_search_mode: true } : {}),
      ...(attachments.length ? { attachment_ids: attachments.map((a) => a.id) } : {}),
    },
    undo: exchange.undo,
  });
}
