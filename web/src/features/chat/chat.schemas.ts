// Chats and messages as the worker sends them (/chat-sessions and its /content), checked at the edge. The content
// page's shape is shared with the worker (worker/protocol/api.ts).
import * as v from "valibot";
import type { ContentMessageSchema } from "../../../../worker/protocol/api";
import { type AttachmentRef, PublicChatSchema } from "../../../../worker/protocol/resources";
import { type Citation, CitationSchema } from "../../../../worker/protocol/chat-stream";

/** Citations that are not {url, ...} objects are dropped rather than failing the whole chat. */
function citationsOf(list: readonly unknown[] | null): Citation[] {
  return (list ?? []).flatMap((c) => {
    const parsed = v.safeParse(CitationSchema, c);
    return parsed.success ? [parsed.output] : [];
  });
}

/** A chat as /chat-sessions answers it, declared by the worker. */
export const ChatSchema = PublicChatSchema;
export type Chat = v.InferOutput<typeof ChatSchema>;

/** The fields of a saved message the SPA uses. */
export interface ServerMessage {
  message_id: string;
  sender: "user" | "bot";
  message: string;
  model: string | null;
  citations: Citation[];
  stopped: boolean;
  error: string | null;
  created_at: string | null;
  /** The files a question carried (uploads). */
  attachments?: AttachmentRef[];
  /** Every version of this message (edited questions, other answers), oldest first; empty when it has no other. */
  versions?: string[];
}

/** A message from a content page, with its citations checked. */
export function toChatMessage(m: v.InferOutput<typeof ContentMessageSchema>): ChatMessage {
  const citations = citationsOf(m.citations);
  return {
    message_id: m.message_id,
    sender: m.sender,
    message: m.message,
    model: m.model,
    citations,
    stopped: m.stopped,
    error: m.error,
    // a failed answer's request id, saved with it (the worker sends none for any other): shown after a reload
    errorRequestId: m.request_id,
    created_at: m.created_at,
    attachments: m.attachments ?? [],
    // kept by the server: the offline model's badge stays after a reload, and a running answer is followed
    offline: m.offline,
    isStreaming: m.isStreaming,
    running: m.isStreaming,
    searchOffline: citations.length > 0 && citations.every((c) => OFFLINE_SEARCH_URL.test(c.url)),
    edited: m.edited,
    original_message: m.original_message,
    is_edit_response: m.is_edit_response,
    for_edited_message_id: m.for_edited_message_id,
    versions: m.versions,
  };
}

/**
 * The offline search source's placeholder pages live on this reserved host (worker/search/offline.ts): a saved
 * answer whose sources are all there was answered while web search was offline.
 */
const OFFLINE_SEARCH_URL = /^https:\/\/offline\.may\.invalid\//;

/** A message in the SPA: the server's fields plus the state of an answer being streamed right now. */
export interface ChatMessage extends ServerMessage {
  /** Waiting for the first chunk. */
  loading?: boolean;
  isStreaming?: boolean;
  /** The built-in offline model answered. */
  offline?: boolean;
  /** The server says this answer was still being written when the chat loaded: the page follows it to the end. */
  running?: boolean;
  /** Its sources came from the offline search source (web search is not configured). */
  searchOffline?: boolean;
  /** A question whose text was edited; original_message is its first text. */
  edited?: boolean;
  original_message?: string | null;
  /** An answer to an edited question (an edit reply; earlier answers stay), tied to that question. */
  is_edit_response?: boolean;
  for_edited_message_id?: string | null;
  /** A failed answer: the id of the request that started it, for the user to quote (from the stream or the server). */
  errorRequestId?: string | null;
}

/** One page of a chat's content: the title, messages oldest first, and the cursor to older ones (null: none). */
export interface ContentPage {
  title: string;
  messages: ChatMessage[];
  next_before: string | null;
}
