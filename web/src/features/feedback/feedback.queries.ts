// Server state for ratings of answers: a chat's ratings, read once per chat when its first answer's tools show
// (GET /chat-sessions/{id}/feedback), and the calls that change one, which write the answer into that cache.
import type { QueryClient } from "@tanstack/react-query";
import {
  type FeedbackEntry,
  FeedbackEntrySchema,
  type FeedbackMap,
  FeedbackMapSchema,
  type FeedbackRating,
  type FeedbackReason,
  FeedbackRemovedSchema,
} from "../../../../worker/protocol/feedback";
import { api } from "../../lib/api";

export const feedbackKeys = {
  chat: (chatId: string) => ["feedback", chatId] as const,
};

/**
 * A chat's ratings by message id; kept for the session (only this tab changes them, and it writes the cache). A plain
 * object rather than React Query's queryOptions(): that identity function would be one more export of the signed-in
 * chunk every chat loads.
 */
export const chatFeedbackQuery = (chatId: string) => ({
  queryKey: feedbackKeys.chat(chatId),
  queryFn: ({ signal }: { signal: AbortSignal }): Promise<FeedbackMap> =>
    api(`/chat-sessions/${encodeURIComponent(chatId)}/feedback`, FeedbackMapSchema, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

const path = (chatId: string, messageId: string) =>
  `/chat-sessions/${encodeURIComponent(chatId)}/messages/${encodeURIComponent(messageId)}/feedback`;

/** Writes one message's rating (or its absence) into the chat's cached ratings. */
function setCached(qc: QueryClient, chatId: string, messageId: string, entry: FeedbackEntry | null) {
  qc.setQueryData<FeedbackMap>(feedbackKeys.chat(chatId), (old) => {
    const next = { ...old };
    if (entry) next[messageId] = entry;
    else delete next[messageId];
    return next;
  });
}

/**
 * Rates an answer, or takes its rating back (null): shown at once, then sent; if the worker refuses, the cache goes
 * back to what it was and the error is thrown to the caller.
 */
export async function saveFeedback(
  qc: QueryClient,
  chatId: string,
  messageId: string,
  put: { rating: FeedbackRating; reason?: FeedbackReason | null; comment?: string | null } | null,
): Promise<void> {
  const before = qc.getQueryData<FeedbackMap>(feedbackKeys.chat(chatId))?.[messageId] ?? null;
  setCached(
    qc,
    chatId,
    messageId,
    put ? { rating: put.rating, reason: put.reason ?? null, comment: put.comment ?? null } : null,
  );
  try {
    if (put) {
      const stored = await api(path(chatId, messageId), FeedbackEntrySchema, { method: "PUT", body: put });
      setCached(qc, chatId, messageId, stored);
    } else {
      await api(path(chatId, messageId), FeedbackRemovedSchema, { method: "DELETE" });
    }
  } catch (err) {
    setCached(qc, chatId, messageId, before);
    throw err;
  }
}
