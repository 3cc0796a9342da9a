// Chats and messages as the worker sends them (/chat-sessions and its /content), checked at the edge.
import * as v from "valibot";
import { type Citation, CitationSchema } from "../../../../worker/protocol/chat-stream";

/** SQLite booleans may arrive as 0/1 from older rows; the SPA always sees true/false. */
const Bool = v.pipe(
  v.union([v.boolean(), v.number()]),
  v.transform((x) => Boolean(x)),
);

/** Citations that are not {url, ...} objects are dropped rather than failing the whole chat. */
const Citations = v.pipe(
  v.nullable(v.array(v.unknown())),
  v.transform((list): Citation[] =>
    (list ?? []).flatMap((c) => {
      const parsed = v.safeParse(CitationSchema, c);
      return parsed.success ? [parsed.output] : [];
    }),
  ),
);

export const ChatSchema = v.looseObject({
  id: v.string(),
  title: v.string(),
  status: v.optional(v.string(), "active"),
  is_starred: v.optional(Bool, false),
  /** 'YYYY-MM-DD HH:MM:SS' in UTC. */
  last_message_at: v.string(),
  created_at: v.optional(v.nullable(v.string()), null),
  updated_at: v.optional(v.nullable(v.string()), null),
});
export type Chat = v.InferOutput<typeof ChatSchema>;

export const MessageSchema = v.looseObject({
  message_id: v.string(),
  sender: v.picklist(["user", "bot"]),
  message: v.string(),
  model: v.optional(v.nullable(v.string()), null),
  citations: v.optional(Citations, []),
  stopped: v.optional(Bool, false),
  error: v.optional(v.nullable(v.string()), null),
  created_at: v.optional(v.nullable(v.string()), null),
});
export type ServerMessage = v.InferOutput<typeof MessageSchema>;

/** A message in the SPA: the server's fields plus the state of an answer being streamed right now. */
export interface ChatMessage extends ServerMessage {
  /** Waiting for the first chunk. */
  loading?: boolean;
  isStreaming?: boolean;
  /** The built-in offline model answered. */
  offline?: boolean;
}

export const ChatContentSchema = v.object({
  chats: v.array(
    v.looseObject({
      id: v.optional(v.string()),
      title: v.optional(v.string()),
      messages: v.array(MessageSchema),
    }),
  ),
});

export interface ChatContent {
  title: string;
  messages: ChatMessage[];
}
