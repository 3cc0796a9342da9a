// Reading a ChatGPT data export (its conversations.json): each conversation becomes a chat of ours with its messages
// and branches. ChatGPT keeps a conversation as a tree of nodes (`mapping`, each with its `parent`), the branch it shows
// ending at `current_node`; only the user's and the assistant's visible messages are kept (system prompts, tool calls
// and their results, hidden messages are not), each linked to its nearest kept ancestor, and the shown branch marked.
// Pictures are referenced by name (their bytes are not in conversations.json). Entries of an unknown shape are
// skipped with a reason, never guessed at.
import * as v from "valibot";

/** One part of a message's content: text, or an object such as an image pointer. */
const PartSchema = v.union([
  v.string(),
  v.looseObject({ content_type: v.optional(v.string()), asset_pointer: v.optional(v.string()) }),
]);

const ContentSchema = v.looseObject({
  content_type: v.string(),
  parts: v.optional(v.array(v.unknown())),
  text: v.optional(v.string()),
  language: v.optional(v.string()),
});

const MessageSchema = v.looseObject({
  author: v.looseObject({ role: v.string() }),
  create_time: v.optional(v.nullable(v.number())),
  content: ContentSchema,
  recipient: v.optional(v.nullable(v.string())),
  metadata: v.optional(
    v.nullable(
      v.looseObject({
        is_visually_hidden_from_conversation: v.optional(v.nullable(v.boolean())),
        model_slug: v.optional(v.nullable(v.string())),
      }),
    ),
  ),
});

const NodeSchema = v.looseObject({
  message: v.optional(v.nullable(v.unknown())),
  parent: v.optional(v.nullable(v.string())),
});

const ConversationSchema = v.looseObject({
  title: v.optional(v.nullable(v.string())),
  create_time: v.optional(v.nullable(v.number())),
  update_time: v.optional(v.nullable(v.number())),
  mapping: v.record(v.string(), NodeSchema),
  current_node: v.optional(v.nullable(v.string())),
  conversation_id: v.optional(v.nullable(v.string())),
  id: v.optional(v.nullable(v.string())),
});

export interface ImportedMessage {
  /** The node's id in the export: unique in its conversation. */
  id: string;
  sender: "user" | "bot";
  text: string;
  model: string | null;
  /** ms since the epoch. */
  createdAt: number;
  /** The nearest kept ancestor's id; null for the first message. */
  parentId: string | null;
  /** On the branch ChatGPT showed. */
  onPath: boolean;
}

export interface ImportedConversation {
  /** The conversation's id in ChatGPT: the same file imported twice is recognised by it. */
  sourceId: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  messages: ImportedMessage[];
}

export type ParsedEntry =
  | { ok: true; conversation: ImportedConversation }
  | { ok: false; title: string; reason: "not_a_conversation" | "no_messages" };

/** Longest title kept, in characters (the app's own limit for a chat title). */
const MAX_TITLE = 200;

/** The text of one part: text as it is, a picture by its name. */
function partText(part: unknown): string {
  if (typeof part === "string") return part;
  const parsed = v.safeParse(PartSchema, part);
  if (!parsed.success || typeof parsed.output === "string") return "";
  const pointer = parsed.output.asset_pointer;
  if (parsed.output.content_type === "image_asset_pointer" && pointer) {
    return `[image: ${pointer.replace(/^[a-z-]+:\/\//, "")}]`;
  }
  return "";
}

/** The visible text of a message, or null when it is not one the conversation shows. */
function visibleText(message: v.InferOutput<typeof MessageSchema>): string | null {
  const role = message.author.role;
  if (role !== "user" && role !== "assistant") return null;
  if (message.metadata?.is_visually_hidden_from_conversation) return null;
  // an assistant's message to a tool (code it runs, a search it makes) is not part of the conversation shown
  if (message.recipient && message.recipient !== "all") return null;
  const { content } = message;
  let text: string;
  if (content.content_type === "text" || content.content_type === "multimodal_text") {
    text = (content.parts ?? []).map(partText).join("\n\n");
  } else if (content.content_type === "code" && content.text) {
    text = `\`\`\`${content.language && content.language !== "unknown" ? content.language : ""}\n${content.text}\n\`\`\``;
  } else {
    return null;
  }
  return text.trim() ? text.trim() : null;
}

const ms = (seconds: number | null | undefined, fallback: number) =>
  typeof seconds === "number" && Number.isFinite(seconds) ? Math.round(seconds * 1000) : fallback;

/** One entry of conversations.json. `now` dates what the export does not. */
export function parseConversation(entry: unknown, now = Date.now()): ParsedEntry {
  const parsed = v.safeParse(ConversationSchema, entry);
  const rawTitle =
    entry && typeof entry === "object" && "title" in entry && typeof entry.title === "string" ? entry.title : "";
  if (!parsed.success) return { ok: false, title: rawTitle, reason: "not_a_conversation" };
  const c = parsed.output;
  const sourceId = c.conversation_id ?? c.id;
  if (!sourceId) return { ok: false, title: rawTitle, reason: "not_a_conversation" };
  const createdAt = ms(c.create_time, now);

  // the kept messages, and for every node its nearest kept ancestor (itself when kept)
  const kept = new Map<string, Omit<ImportedMessage, "parentId" | "onPath">>();
  for (const [id, node] of Object.entries(c.mapping)) {
    const message = v.safeParse(MessageSchema, node.message);
    if (!message.success) continue;
    const text = visibleText(message.output);
    if (text === null) continue;
    kept.set(id, {
      id,
      sender: message.output.author.role === "user" ? "user" : "bot",
      text,
      model: message.output.author.role === "assistant" ? (message.output.metadata?.model_slug ?? null) : null,
      createdAt: ms(message.output.create_time, createdAt),
    });
  }
  const keptAncestor = (id: string | null | undefined): string | null => {
    // bounded by the mapping's size: a cycle in a damaged file ends the walk
    for (let at = id, steps = 0; at && steps <= Object.keys(c.mapping).length; steps++) {
      if (kept.has(at)) return at;
      at = c.mapping[at]?.parent ?? null;
    }
    return null;
  };
  const shown = new Set<string>();
  for (let at = keptAncestor(c.current_node); at; at = keptAncestor(c.mapping[at]?.parent)) {
    if (shown.has(at)) break;
    shown.add(at);
  }
  const messages = [...kept.values()]
    .map((m) => ({ ...m, parentId: keptAncestor(c.mapping[m.id]?.parent), onPath: shown.has(m.id) }))
    .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  if (messages.length === 0) return { ok: false, title: rawTitle, reason: "no_messages" };
  // a conversation without a current node shows the branch of its newest message
  if (shown.size === 0) {
    for (let at: string | null = messages.at(-1)?.id ?? null; at; at = keptAncestor(c.mapping[at]?.parent)) {
      if (shown.has(at)) break;
      shown.add(at);
    }
    for (const m of messages) m.onPath = shown.has(m.id);
  }
  const title = (c.title ?? "").trim().slice(0, MAX_TITLE) || "ChatGPT";
  return {
    ok: true,
    conversation: {
      sourceId,
      title,
      createdAt,
      updatedAt: Math.max(ms(c.update_time, createdAt), messages.at(-1)?.createdAt ?? createdAt),
      messages,
    },
  };
}
