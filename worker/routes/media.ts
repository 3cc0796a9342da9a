// The media API (/media-api/api) the client uses to load and save chat content and to store images, with the fallback
// paths existing clients call, POST /chat-messages/save and POST /chat/initialize, at the root. It answers
// {success:true, data} (errors get success:false from app.onError). Every call needs a session; another user's chat or
// image is a 404.
import { Hono } from "hono";
import { createFactory } from "hono/factory";
import * as v from "valibot";
import { assertOwnUserId, requireAuth } from "../http/auth-middleware";
import { createChat, getChat, publicChat } from "../db/chats";
import { getImage, insertImage } from "../db/images";
import {
  getChatWithMessages,
  getChatWithMessagesPage,
  publicChatContent,
  saveMessages,
  type MessageInput,
} from "../db/messages";
import type { AppEnv } from "../http/app-env";
import { AppError } from "../errors";
import { idSchema, parseOrThrow, valid } from "../lib/validate";
import { CONTENT_PAGE_DEFAULT, CONTENT_PAGE_MAX_BYTES, UNPAGED_CONTENT_MAX_MESSAGES } from "../protocol/api";
import { HttpUrlSchema } from "../protocol/urls";
import { contentQuerySchema } from "../http/content-query";
import { ChatTitleSchema } from "../protocol/chat-requests";

/** Messages per save call; each is one upsert statement (39 bound parameters, under D1's 100) in one batch. */
const MAX_MESSAGES_PER_SAVE = 200;
/** Longest message text (and original_message), in characters. */
const MAX_MESSAGE_CHARS = 200_000;
/** Citations kept per message. */
const MAX_CITATIONS = 50;
/** Longest citation title, snippet and site, in characters. */
const MAX_CITATION_TEXT_CHARS = 1_000;
/**
 * Largest stored message, in UTF-8 bytes of its text, original text and citations together: D1 refuses a row over
 * 2 MB (SQLITE_TOOBIG), so a message is capped well below it and answered 413 instead of failing the batch.
 */
const MAX_STORED_MESSAGE_BYTES = 1_000_000;
/** Largest stored image: 10 MB of decoded bytes. */
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Longest image prompt kept with the image, in characters. */
const MAX_PROMPT_CHARS = 10_000;
/** Latest instant a JavaScript Date can hold, in ms. */
const MAX_DATE_MS = 8.64e15;

const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
type ImageType = (typeof IMAGE_TYPES)[number];
const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

const ShortText = v.pipe(v.string("must be a string"), v.maxLength(100, "must be at most 100 characters"));
const Flag = v.nullish(v.boolean("must be true or false"));

/** A time as an ISO-8601 (or other Date-parsable) string or milliseconds since the epoch; parsed to ms. */
const TimestampSchema = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.maxLength(64))], "must be a date string or milliseconds since 1970"),
  v.transform((x) => (typeof x === "number" ? Math.round(x) : Date.parse(x))),
  v.check((ms) => Number.isFinite(ms) && ms >= 0 && ms <= MAX_DATE_MS, "must be a valid date"),
);

const citationText = (name: string) =>
  v.nullish(
    v.pipe(
      v.string(`${name} must be a string`),
      v.maxLength(MAX_CITATION_TEXT_CHARS, `${name} must be at most ${MAX_CITATION_TEXT_CHARS} characters`),
    ),
  );

/**
 * A citation as clients save it. Untrusted: its url must be an http(s) URL (anything else, `javascript:` or text that
 * is not a URL, is refused with 400; the SPA still renders a stored non-http(s) url as plain text), sizes are bounded
 * and unknown keys are dropped.
 */
const CitationInputSchema = v.pipe(
  v.object(
    {
      url: HttpUrlSchema,
      title: citationText("title"),
      snippet: citationText("snippet"),
      site: citationText("site"),
    },
    "each citation must be an object with a url",
  ),
  // null means absent: stored citations only ever hold strings, as the stream's CitationSchema reads them.
  v.transform(({ url, title, snippet, site }) => ({
    url,
    ...(title != null && { title }),
    ...(snippet != null && { snippet }),
    ...(site != null && { site }),
  })),
);

/** Throws 413 naming the first message whose stored size would pass MAX_STORED_MESSAGE_BYTES. */
function assertStorable(
  messages: readonly { message: string; original_message?: string | null; citations?: unknown[] | null }[],
) {
  const encoder = new TextEncoder();
  messages.forEach((m, i) => {
    const bytes =
      encoder.encode(m.message).byteLength +
      encoder.encode(m.original_message ?? "").byteLength +
      encoder.encode(JSON.stringify(m.citations ?? [])).byteLength;
    if (bytes > MAX_STORED_MESSAGE_BYTES) {
      throw new AppError(
        "payload_too_large",
        `A message can hold at most ${MAX_STORED_MESSAGE_BYTES / 1_000_000} MB of text and citations`,
        {
          field: `messages.${i}`,
        },
      );
    }
  });
}

const MessageSchema = v.object({
  message_id: idSchema,
  sender: v.picklist(["user", "bot"], "sender must be 'user' or 'bot'"),
  message: v.pipe(
    v.string("message must be a string"),
    v.maxLength(MAX_MESSAGE_CHARS, `message must be at most ${MAX_MESSAGE_CHARS} characters`),
  ),
  model: v.nullish(ShortText),
  endpoint: v.nullish(ShortText),
  source: v.nullish(ShortText),
  created_at: v.nullish(TimestampSchema),
  timestamp: v.nullish(TimestampSchema),
  citations: v.nullish(
    v.pipe(
      v.array(CitationInputSchema, "citations must be an array"),
      v.maxLength(MAX_CITATIONS, `at most ${MAX_CITATIONS} citations`),
    ),
  ),
  edited: Flag,
  edited_at: v.nullish(TimestampSchema),
  original_message: v.nullish(v.pipe(v.string("must be a string"), v.maxLength(MAX_MESSAGE_CHARS))),
  is_edit_response: Flag,
  for_edited_message_id: v.nullish(idSchema),
  stopped: Flag,
  /** An error code, or true when the client only knows the answer failed. */
  error: v.nullish(
    v.union([v.pipe(v.string(), v.maxLength(200)), v.boolean()], "error must be a string or true/false"),
  ),
  isSearchMode: Flag,
  is_search_mode: Flag,
  isImageMode: Flag,
  is_image_mode: Flag,
  safety_violation: Flag,
  /** The saved-message metadata clients may send; top-level fields win over it. */
  metadata: v.nullish(
    v.object({
      model: v.nullish(ShortText),
      endpoint: v.nullish(ShortText),
      source: v.nullish(ShortText),
      stopped: Flag,
      isEditedMessage: Flag,
      for_edited_message_id: v.nullish(idSchema),
      isImageMode: Flag,
    }),
  ),
});
type MessageBody = v.InferOutput<typeof MessageSchema>;

const SaveSchema = v.object({
  chat_id: idSchema,
  messages: v.pipe(
    v.array(MessageSchema, "messages must be an array"),
    v.minLength(1, "messages must not be empty"),
    v.maxLength(MAX_MESSAGES_PER_SAVE, `at most ${MAX_MESSAGES_PER_SAVE} messages per save`),
  ),
});

const InitializeSchema = v.pipe(
  v.object({
    user_id: v.nullish(v.pipe(v.string("user_id must be a string"), v.maxLength(100))),
    chat_id: v.optional(idSchema),
    filename: v.nullish(v.pipe(v.string("filename must be a string"), v.maxLength(255))),
    data: v.nullish(
      v.object({
        chat_id: v.optional(idSchema),
        title: v.nullish(ChatTitleSchema),
        created_at: v.nullish(TimestampSchema),
      }),
    ),
  }),
  v.forward(
    v.check((b) => !b.chat_id || !b.data?.chat_id || b.chat_id === b.data.chat_id, "chat_id and data.chat_id differ"),
    ["data", "chat_id"],
  ),
);

const ImageMetaSchema = v.object({
  chat_id: v.nullish(idSchema),
  prompt: v.nullish(
    v.pipe(
      v.string("prompt must be a string"),
      v.maxLength(MAX_PROMPT_CHARS, `prompt must be at most ${MAX_PROMPT_CHARS} characters`),
    ),
  ),
  message_id: v.nullish(idSchema),
  model: v.nullish(ShortText),
});
const ImageJsonSchema = v.object({
  ...ImageMetaSchema.entries,
  image_data: v.pipe(v.string("image_data must be a string"), v.nonEmpty("image_data is required")),
});

const IdParam = v.object({ id: idSchema });

function toMessageInput(m: MessageBody): MessageInput {
  const meta = m.metadata;
  const error = m.error === true ? "error" : m.error === false ? null : (m.error ?? null);
  return {
    messageId: m.message_id,
    sender: m.sender,
    message: m.message,
    model: m.model ?? meta?.model ?? null,
    endpoint: m.endpoint ?? meta?.endpoint ?? null,
    source: m.source ?? meta?.source ?? null,
    citations: m.citations ?? null,
    edited: m.edited ?? meta?.isEditedMessage ?? false,
    editedAt: m.edited_at ?? null,
    originalMessage: m.original_message ?? null,
    isEditResponse: m.is_edit_response ?? false,
    forEditedMessageId: m.for_edited_message_id ?? meta?.for_edited_message_id ?? null,
    stopped: m.stopped ?? meta?.stopped ?? false,
    error,
    isSearchMode: m.isSearchMode ?? m.is_search_mode ?? false,
    isImageMode: m.isImageMode ?? m.is_image_mode ?? meta?.isImageMode ?? false,
    safetyViolation: m.safety_violation ?? false,
    createdAt: m.created_at ?? m.timestamp ?? undefined,
  };
}

/** The image type its first bytes prove, or null: only PNG, JPEG, GIF and WebP pass (never SVG, which can script). */
function sniffImageType(b: Uint8Array): ImageType | null {
  const at = (offset: number, sig: number[]) =>
    b.length >= offset + sig.length && sig.every((x, i) => b[offset + i] === x);
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (at(0, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (at(0, [0x47, 0x49, 0x46, 0x38]) && (b[4] === 0x37 || b[4] === 0x39) && b[5] === 0x61) return "image/gif";
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return "image/webp";
  return null;
}

function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

function isImageType(t: string): t is ImageType {
  return (IMAGE_TYPES as readonly string[]).includes(t);
}

const tooLarge = () => new AppError("payload_too_large", `Images can be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB`);

/** Decodes image_data: a data URL ("data:image/png;base64,...") or bare base64 (standard or URL-safe alphabet). */
function decodeImageData(input: string): Uint8Array {
  let payload = input;
  if (/^data:/i.test(input)) {
    const comma = input.indexOf(",");
    if (comma < 0) throw new AppError("invalid_input", "image_data is not a valid data URL", { field: "image_data" });
    const [mime = "", ...params] = input.slice(5, comma).split(";");
    if (!isImageType(mime.trim().toLowerCase())) {
      throw new AppError("unsupported_media_type", "Only PNG, JPEG, GIF and WebP images are accepted");
    }
    if (!params.some((p) => p.trim().toLowerCase() === "base64")) {
      throw new AppError("invalid_input", "image_data must be base64-encoded", { field: "image_data" });
    }
    payload = input.slice(comma + 1);
  }
  payload = payload.replace(/\s+/g, "").replace(/-/g, "+").replace(/_/g, "/");
  const padding = payload.endsWith("==") ? 2 : payload.endsWith("=") ? 1 : 0;
  if (Math.floor((payload.length * 3) / 4) - padding > MAX_IMAGE_BYTES) throw tooLarge();
  if (!payload || !/^[A-Za-z0-9+/]+={0,2}$/.test(payload) || payload.length % 4 === 1) {
    throw new AppError("invalid_input", "image_data is not valid base64", { field: "image_data" });
  }
  let binary: string;
  try {
    binary = atob(payload);
  } catch {
    throw new AppError("invalid_input", "image_data is not valid base64", { field: "image_data" });
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const factory = createFactory<AppEnv>();

/** Upserts messages by message_id: saving the same messages again changes nothing and adds no rows. */
const saveChatMessages = factory.createHandlers(requireAuth, valid("json", SaveSchema), async (c) => {
  const body = c.req.valid("json");
  assertStorable(body.messages);
  const db = c.var.chats;
  const userId = c.var.user.id;
  const chat = await getChat({ db, id: body.chat_id, userId });
  if (!chat) throw new AppError("not_found", "Chat not found");
  // The same message_id twice in one call is one message (the last copy wins), not two upserts of one row.
  const byId = new Map(body.messages.map((m) => [m.message_id, toMessageInput(m)]));
  const saved = await saveMessages({ db, owner: c.var.hub, userId, chatId: chat.id, items: [...byId.values()] });
  return c.json({ success: true, data: { saved } }, 200);
});

/** Makes sure the chat exists for the caller: created with the client's id and title when absent. */
const initializeChat = factory.createHandlers(requireAuth, valid("json", InitializeSchema), async (c) => {
  const body = c.req.valid("json");
  const db = c.var.chats;
  const userId = c.var.user.id;
  assertOwnUserId(body.user_id, userId);
  const chatId = body.chat_id ?? body.data?.chat_id;
  if (!chatId) throw new AppError("invalid_input", "Chat id is required", { field: "chat_id" });
  // Insert-or-nothing decides atomically; when the id is taken, it is either the caller's chat or a 404.
  const created = await createChat({ db, main: c.var.db, userId, id: chatId, title: body.data?.title ?? undefined });
  if (created) return c.json({ success: true, data: { chat: publicChat(created), created: true } }, 201);
  const existing = await getChat({ db, id: chatId, userId });
  if (!existing) throw new AppError("not_found", "Chat not found");
  return c.json({ success: true, data: { chat: publicChat(existing), created: false } }, 200);
});

export const mediaRoutes = new Hono<AppEnv>()
  /** Every message, in the media API's shape; with ?limit or ?before, one page as /chat-sessions/:id/content. */
  .get(
    "/chat/content/:id",
    requireAuth,
    valid("param", IdParam),
    valid("query", contentQuerySchema(undefined)),
    async (c) => {
      const { limit, before } = c.req.valid("query");
      const db = c.var.chats;
      const chatId = c.req.valid("param").id;
      const userId = c.var.user.id;
      if (limit === undefined && before === undefined) {
        // One more than the cap tells a chat past it without reading all of its messages.
        const found = await getChatWithMessages({ db, chatId, userId, limit: UNPAGED_CONTENT_MAX_MESSAGES + 1 });
        if (!found) throw new AppError("not_found", "Chat not found");
        if (found.messages.length > UNPAGED_CONTENT_MAX_MESSAGES) {
          throw new AppError(
            "payload_too_large",
            `This chat has more than ${UNPAGED_CONTENT_MAX_MESSAGES} messages: read it in pages with ?limit and ?before`,
            { max_messages: UNPAGED_CONTENT_MAX_MESSAGES },
          );
        }
        const running = await c.var.hub.runningMessages(found.chat.id);
        return c.json({ success: true, data: publicChatContent(found.chat, found.messages, running) }, 200);
      }
      const found = await getChatWithMessagesPage({
        db,
        chatId,
        userId,
        limit: limit ?? CONTENT_PAGE_DEFAULT,
        before,
        maxBytes: CONTENT_PAGE_MAX_BYTES,
      });
      if (!found) throw new AppError("not_found", "Chat not found");
      const running = before ? [] : await c.var.hub.runningMessages(found.chat.id);
      return c.json(
        { success: true, data: publicChatContent(found.chat, found.messages, running), next_before: found.nextBefore },
        200,
      );
    },
  )
  .post("/chat/save", ...saveChatMessages)
  .post("/chat/initialize", ...initializeChat)
  /** JSON {image_data, ...} or the raw bytes with an image Content-Type (metadata in the query). */
  .post("/bot/images", requireAuth, async (c) => {
    const db = c.var.chats;
    const userId = c.var.user.id;
    const mediaType = mediaTypeOf(c.req.header("Content-Type"));
    let bytes: Uint8Array;
    let meta: v.InferOutput<typeof ImageMetaSchema>;
    if (JSON_TYPE.test(mediaType)) {
      let raw: unknown;
      try {
        raw = await c.req.json();
      } catch {
        throw new AppError("invalid_json", "Malformed JSON in request body");
      }
      if (raw === null || typeof raw !== "object")
        throw new AppError("invalid_json", "Request body must be a JSON object");
      const body = parseOrThrow(ImageJsonSchema, raw);
      bytes = decodeImageData(body.image_data);
      meta = body;
    } else if (isImageType(mediaType)) {
      meta = parseOrThrow(ImageMetaSchema, c.req.query());
      if (Number(c.req.header("Content-Length") ?? 0) > MAX_IMAGE_BYTES) throw tooLarge();
      bytes = new Uint8Array(await c.req.arrayBuffer());
      if (bytes.byteLength > MAX_IMAGE_BYTES) throw tooLarge();
    } else {
      throw new AppError(
        "unsupported_media_type",
        "Send JSON with image_data, or the image bytes as image/png, image/jpeg, image/gif or image/webp",
      );
    }
    if (bytes.byteLength === 0) throw new AppError("invalid_input", "The image is empty", { field: "image_data" });
    // The bytes decide the type, not the declared one: anything that is not provably an image is refused.
    const contentType = sniffImageType(bytes);
    if (!contentType) throw new AppError("unsupported_media_type", "Only PNG, JPEG, GIF and WebP images are accepted");
    if (meta.chat_id && !(await getChat({ db, id: meta.chat_id, userId }))) {
      throw new AppError("not_found", "Chat not found");
    }

    const id = crypto.randomUUID();
    const r2Key = `images/${userId}/${id}`;
    await c.env.IMAGES.put(r2Key, bytes, { httpMetadata: { contentType } });
    try {
      await insertImage({
        db,
        image: {
          id,
          userId,
          r2Key,
          contentType,
          size: bytes.byteLength,
          chatId: meta.chat_id ?? null,
          messageId: meta.message_id ?? null,
          prompt: meta.prompt ?? null,
          model: meta.model ?? null,
        },
      });
    } catch (err) {
      // No row, no object: an image nobody can read must not linger in R2.
      await c.env.IMAGES.delete(r2Key);
      throw err;
    }
    return c.json(
      {
        success: true,
        data: { url: `/media-api/api/images/${id}`, id, content_type: contentType, size: bytes.byteLength },
      },
      201,
    );
  })
  .get("/images/:id", requireAuth, valid("param", IdParam), async (c) => {
    const row = await getImage({ db: c.var.chats, id: c.req.valid("param").id, userId: c.var.user.id });
    const object = row ? await c.env.IMAGES.get(row.r2Key) : null;
    if (!row || !object) throw new AppError("not_found", "Image not found");
    return c.body(object.body, 200, {
      "Content-Type": row.contentType,
      "Content-Length": String(object.size),
      // Image ids are never reused, so the bytes behind a URL never change; private keeps shared caches out.
      "Cache-Control": "private, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      ETag: object.httpEtag,
    });
  });

/** The fallback paths existing clients call, served by the same handlers. */
export const mediaFallbackRoutes = new Hono<AppEnv>()
  .post("/chat-messages/save", ...saveChatMessages)
  .post("/chat/initialize", ...initializeChat);
