// The REST resources the worker answers with and the SPA reads, declared once as valibot schemas: the user, a chat,
// a saved message, a model entry of GET /api/models, an active session, and the daily usage of a quota. The worker's
// serializers return their input types (so a field renamed on one side fails the typecheck on the other) and the SPA
// parses answers with the same schemas at its edge. The plan names and the id rule live here too.
import * as v from "valibot";
import { CitationSchema } from "./chat-stream";

export const PlanSchema = v.picklist(["free", "basic", "advanced"]);
export type Plan = v.InferOutput<typeof PlanSchema>;

/** Ids the API accepts for chats and messages (made by the worker, or by a client for its own messages). */
export const ID_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;

/** An id in a path or a body: 1–100 url-safe characters, surrounding whitespace trimmed. */
export const IdSchema = v.pipe(
  v.string("must be a string"),
  v.trim(),
  v.regex(ID_PATTERN, "must be 1-100 letters, digits, '-', '_', '.' or ':'"),
);

const IsoDate = v.nullable(v.string());

/** SQLite booleans may arrive as 0/1 from older rows; readers always see true/false. */
const Bool = v.pipe(
  v.union([v.boolean(), v.number()]),
  v.transform((x) => Boolean(x)),
);

export const PublicUserSchema = v.looseObject({
  id: v.string(),
  name: v.string(),
  email: v.string(),
  /** 0 free, 1 Basic, 2 Advanced+; premium is active only while premium_end is in the future. */
  is_premium: v.optional(v.number(), 0),
  premium_start: v.optional(IsoDate, null),
  premium_end: v.optional(IsoDate, null),
  premium_active: v.optional(v.boolean(), false),
  plan: v.optional(PlanSchema, "free"),
  affiliate_code: v.optional(v.nullable(v.string()), null),
  avatar: v.optional(v.nullable(v.string()), null),
  phone_number: v.optional(v.nullable(v.string()), null),
  birthday: v.optional(v.nullable(v.string()), null),
  gender: v.optional(v.nullable(v.picklist(["male", "female", "other"])), null),
  referral_code: v.optional(v.nullable(v.string()), null),
  language: v.optional(v.nullable(v.string()), null),
  created_at: v.optional(IsoDate, null),
});
export type PublicUser = v.InferInput<typeof PublicUserSchema>;

export const PublicChatSchema = v.looseObject({
  id: v.string(),
  title: v.string(),
  status: v.optional(v.picklist(["active", "deleted"]), "active"),
  is_starred: v.optional(Bool, false),
  /** The expert persona the chat was started with, or null for an ordinary chat. */
  persona: v.optional(v.nullable(v.string()), null),
  /** 'YYYY-MM-DD HH:MM:SS' in UTC (not ISO 8601): the form clients parse. */
  last_message_at: v.string(),
  created_at: v.optional(IsoDate, null),
  updated_at: v.optional(IsoDate, null),
  /** The project the chat belongs to (worker/protocol/projects.ts), or null. */
  project_id: v.optional(v.nullable(v.string()), null),
  /** The chat's own settings (PUT /chat-sessions/{id}/settings); null keeps the user's defaults. */
  system_prompt: v.optional(v.nullable(v.string()), null),
  temperature: v.optional(v.nullable(v.number()), null),
  max_tokens: v.optional(v.nullable(v.number()), null),
});
export type PublicChat = v.InferInput<typeof PublicChatSchema>;

/** A file a user message carried: its upload (POST /media-api/api/uploads) as the message keeps it. */
export const AttachmentRefSchema = v.object({
  id: v.string(),
  name: v.string(),
  type: v.string(),
  group: v.picklist(["text", "office", "code", "structured", "image"]),
  size: v.number(),
  url: v.string(),
});
export type AttachmentRef = v.InferOutput<typeof AttachmentRefSchema>;

export const PublicMessageSchema = v.looseObject({
  message_id: v.string(),
  sender: v.picklist(["user", "bot"]),
  message: v.string(),
  model: v.optional(v.nullable(v.string()), null),
  endpoint: v.optional(v.nullable(v.string()), null),
  /** Untrusted: readers keep only the entries that are citations. */
  citations: v.optional(v.nullable(v.array(v.unknown())), []),
  edited: v.optional(Bool, false),
  edited_at: v.optional(IsoDate, null),
  original_message: v.optional(v.nullable(v.string()), null),
  is_edit_response: v.optional(Bool, false),
  for_edited_message_id: v.optional(v.nullable(v.string()), null),
  stopped: v.optional(Bool, false),
  error: v.optional(v.nullable(v.string()), null),
  /** A failed answer's request id (X-Request-Id), for the user to quote to support; absent on other messages. */
  request_id: v.optional(v.nullable(v.string()), null),
  isSearchMode: v.optional(Bool, false),
  isImageMode: v.optional(Bool, false),
  safety_violation: v.optional(Bool, false),
  /** The built-in offline model wrote this answer. */
  offline: v.optional(Bool, false),
  /** The files a user message carried (shown with the question after a reload). */
  attachments: v.optional(v.nullable(v.array(AttachmentRefSchema)), []),
  /** The answer is still being written (a chat loaded mid-answer); follow it with GET /api/chat/stream/{message_id}. */
  isStreaming: v.optional(v.boolean(), false),
  created_at: v.optional(IsoDate, null),
  timestamp: v.optional(IsoDate, null),
  /** The message this one follows in the chat's tree (null for the first); see worker/db/message-tree.ts. */
  parent_id: v.optional(v.nullable(v.string()), null),
  /**
   * Every version of this message (it and the others that follow the same message: edited questions, other answers),
   * oldest first; absent or empty when it has no other. PUT /chat-sessions/{id}/branch shows another.
   */
  versions: v.optional(v.array(v.string()), []),
});
export type PublicMessage = v.InferInput<typeof PublicMessageSchema>;

/** A citation from a saved message, or null when the entry is not one (never throws). */
export function citationOf(entry: unknown) {
  const parsed = v.safeParse(CitationSchema, entry);
  return parsed.success ? parsed.output : null;
}

export const QuotaSchema = v.object({ remaining: v.number(), total: v.number() });

export const ModelEntrySchema = v.looseObject({
  id: v.string(),
  endpoint: v.string(),
  name: v.string(),
  descriptions: v.object({ free: v.string(), premium: v.string() }),
  premiumRequired: v.boolean(),
  fileSupport: v.optional(v.boolean(), false),
  supportedFileTypes: v.optional(v.array(v.string()), []),
  /** The caller's plan may use it. */
  allowed: v.boolean(),
  /** Today's uses left and the day's total for the caller (0 and 0 when not allowed). */
  remaining: v.number(),
  total: v.number(),
  /** The built-in offline model serves it (no provider key configured). */
  offline: v.optional(v.boolean(), false),
  /** An external model that answers with the user's own API key: no daily uses counted (remaining and total are 0). */
  external: v.optional(v.boolean(), false),
});
export type ModelEntry = v.InferInput<typeof ModelEntrySchema>;

export const ModelsResponseSchema = v.object({
  models: v.array(ModelEntrySchema),
  default: v.string(),
  plan: PlanSchema,
  search: v.optional(QuotaSchema),
  image: v.optional(QuotaSchema),
});
export type ModelsResponse = v.InferInput<typeof ModelsResponseSchema>;

/** GET /auth/social-config → data: the public ids of the sign-in providers, null where one is not set up. */
export const SocialConfigSchema = v.object({
  google_client_id: v.nullable(v.string()),
  facebook_app_id: v.nullable(v.string()),
});
export type SocialConfig = v.InferOutput<typeof SocialConfigSchema>;

/** A signed-in device as GET /user-sessions lists it (Settings > Security). */
export const SessionEntrySchema = v.object({
  id: v.string(),
  user_agent: v.string(),
  created_at: IsoDate,
  last_seen_at: IsoDate,
  current: v.boolean(),
});
export type SessionEntry = v.InferInput<typeof SessionEntrySchema>;
