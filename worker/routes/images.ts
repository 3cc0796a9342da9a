// The image API: POST /api/chat/image draws or edits a picture in a chat (the turn itself is
// worker/turn/image-turn.ts, run by the user's Durable Object in one call), and GET /media-api/api/images lists the
// user's generated and edited images for the gallery, newest first, a page at a time. Stored pictures are served,
// owner-only, by GET /media-api/api/images/{id} (worker/routes/media.ts).
import { Hono } from "hono";
import { createFactory } from "hono/factory";
import * as v from "valibot";
import { assertSameOriginForCookies, readCredentials, requireAuth, verifyCredentials } from "../auth/middleware";
import { listImages, parseImageCursor } from "../db/images";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { isoOrNull } from "../lib/time";
import { userHub } from "../lib/user-hub";
import { parseOrThrow, valid } from "../lib/validate";
import { ImageAskSchema, ImageQuestionSchema } from "../protocol/turn-requests";
import {
  GALLERY_CURSOR,
  GALLERY_PAGE_DEFAULT,
  GALLERY_PAGE_MAX,
  type GalleryImage,
  type GalleryPage,
  IMAGE_LOGIN_REQUIRED,
  imageUrlOf,
} from "../protocol/images";
import { USED_UP_HEADERS, usageHeaders } from "../protocol/usage";

const GalleryQuerySchema = v.object({
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, "limit must be a whole number"),
      v.transform(Number),
      v.minValue(1, "limit must be at least 1"),
      v.maxValue(GALLERY_PAGE_MAX, `limit must be at most ${GALLERY_PAGE_MAX}`),
    ),
  ),
  before: v.optional(v.pipe(v.string(), v.regex(GALLERY_CURSOR, "before must be a cursor from next_before"))),
});

const factory = createFactory<AppEnv>();

/**
 * POST /api/chat/image. Guests are refused first (401 with the spec's text), then the body is checked (400), then
 * the user's object runs the turn: 403 quota_exhausted with the image quota's headers, 404 for another user's chat or
 * original image, safety_violation with the safety text, image_* for provider failures.
 */
export const startImageTurn = factory.createHandlers(async (c) => {
  const creds = readCredentials(c);
  if (!creds) throw new AppError("unauthorized", IMAGE_LOGIN_REQUIRED);
  assertSameOriginForCookies(c, creds);
  const { claims, tokenHash } = await verifyCredentials(c.env, creds).catch((err: unknown) => {
    if (err instanceof AppError && err.status === 401) throw new AppError(err.code, IMAGE_LOGIN_REQUIRED);
    throw err;
  });
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new AppError("invalid_json", "Malformed JSON in request body");
  }
  if (raw === null || typeof raw !== "object" || Array.isArray(raw))
    throw new AppError("invalid_json", "Request body must be a JSON object");
  const body = parseOrThrow(ImageAskSchema, raw);
  const asked = v.safeParse(ImageQuestionSchema, body.question);
  if (!asked.success) throw new AppError("invalid_input", asked.issues[0].message, { field: "question" });

  const hub = await userHub(c.env, claims.sub);
  const turn = await hub.imageTurn({
    sessionId: claims.sid,
    tokenHash,
    claimedUserId: body.user_id ?? null,
    chatId: body.chat_id,
    question: asked.output,
    userMessageId: body.message_id ?? crypto.randomUUID(),
    botMessageId: body.bot_message_id ?? crypto.randomUUID(),
    isEdit: body.is_edit === true,
    originalImage: body.original_image ?? null,
  });
  if (!turn.ok) {
    if (turn.code === "quota_exhausted")
      for (const [name, value] of Object.entries(USED_UP_HEADERS)) c.header(name, value);
    throw new AppError(turn.code, turn.message, turn.details);
  }
  const { ok: _ok, ...result } = turn;
  const usage = usageHeaders({ remaining: result.metadata.remainingUsage, level: result.metadata.warningLevel });
  return c.json(result, 200, usage);
});

/** GET /media-api/api/images: the caller's generated and edited images, newest first, `limit` per page. */
export const galleryRoutes = new Hono<AppEnv>().get("/", requireAuth, valid("query", GalleryQuerySchema), async (c) => {
  const { limit, before } = c.req.valid("query");
  const { rows, next } = await listImages({
    db: c.var.db,
    userId: c.var.user.id,
    limit: limit ?? GALLERY_PAGE_DEFAULT,
    before: before ? parseImageCursor(before) : null,
  });
  const images: GalleryImage[] = rows.map((r) => ({
    id: r.id,
    url: imageUrlOf(r.id),
    prompt: r.prompt,
    chat_id: r.chatId,
    message_id: r.messageId,
    model: r.model,
    isEdit: r.isEdit,
    originalImage: r.originalImageId ? imageUrlOf(r.originalImageId) : null,
    offline: r.offline,
    content_type: r.contentType,
    size: r.size,
    created_at: isoOrNull(r.createdAt) ?? new Date(r.createdAt).toISOString(),
  }));
  const page: GalleryPage = { success: true, data: { images, next_before: next } };
  return c.json(page, 200);
});
