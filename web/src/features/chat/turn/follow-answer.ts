// Following an answer that was already running when this page loaded it: after a reload, in another tab, or on
// another device of the same user. The chat's content lists it with isStreaming; this reads
// GET /api/chat/stream/{message_id}?offset=<characters already shown> and writes the rest into the query cache as it
// arrives, with the stop button working as for an answer asked here. A 404 means the answer ended meanwhile: the
// chat's content is loaded again and shows the saved message.
import { ApiError, request } from "../../../lib/api";
import type { ChatDeps } from "../chat-actions";
import { streamingAtom } from "../chat.atoms";
import { chatKeys } from "../chat.queries";
import type { ChatMessage } from "../chat.schemas";
import { upsertMessage } from "../chat-cache";
import { type AnswerState, initialAnswer, readAnswer } from "./stream-reader";

/** Answers being followed now, by message id: a re-render never opens a second stream for the same answer. */
const following = new Set<string>();

export async function followAnswer(deps: ChatDeps, chatId: string, message: ChatMessage): Promise<void> {
  const { queryClient: qc, store } = deps;
  if (following.has(message.message_id) || store.get(streamingAtom)) return;
  following.add(message.message_id);
  store.set(streamingAtom, { chatId, botMessageId: message.message_id, phase: "streaming", stopping: false });
  let answer: AnswerState = {
    ...initialAnswer(),
    text: message.message,
    citations: message.citations,
    offline: message.offline ?? false,
    model: message.model,
  };
  const show = (streaming: boolean) =>
    upsertMessage(qc, chatId, {
      ...message,
      message: answer.text,
      citations: answer.citations,
      stopped: answer.stopped,
      error: answer.error,
      offline: answer.offline,
      model: answer.model ?? message.model,
      loading: streaming && answer.text === "" && !answer.error,
      isStreaming: streaming,
      running: streaming,
    });
  try {
    const res = await request(
      `/api/chat/stream/${encodeURIComponent(message.message_id)}?offset=${message.message.length}`,
      {
        headers: { Accept: "text/event-stream" },
        timeoutMs: 0,
      },
    );
    if (!res.body) throw new ApiError(res.status, "stream_interrupted", "Response body is null");
    // the first event repeats the answer's metadata; text arrives from the offset this page already shows
    ({ answer } = await readAnswer(res.body, answer, (now) => {
      answer = now;
      show(true);
    }));
    // Ended, or the connection broke mid-way: what has arrived is shown, and the saved message follows (below).
    show(false);
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 401)) {
      // Ended meanwhile (404): the saved message is the truth.
      show(false);
    }
  } finally {
    following.delete(message.message_id);
    store.set(streamingAtom, null);
    void qc.invalidateQueries({ queryKey: chatKeys.content(chatId) });
    void qc.invalidateQueries({ queryKey: chatKeys.list() });
  }
}
