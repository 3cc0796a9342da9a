// The gallery: GET /media-api/api/images lists the user's generated and edited images, newest first, a page at a
// time. Pictures are made by POST /api/chat/image (worker/routes/chat.ts) and served, owner-only, by
// GET /media-api/api/images/{id} (worker/routes/media.ts).
import { Hono } from "hono";
import * as v from "valibot";
import { requireAuth } from "../http/auth-middleware";
import { listImages, parseImageCursor } from "../db/images";
import type { AppEnv } from "../http/app-env";
import { isoOrNull } from "../lib/time";
import { valid } from "../lib/validate";
import {
  GALLERY_CURSOR,
  GALLERY_PAGE_DEFAULT,
  GALLERY_PAGE_MAX,
  type GalleryImage,
  type GalleryPage,
  imageUrlOf,
} from "../protocol/images";

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

/** GET /media-api/api/images: the caller's generated and edited images, newest first, `limit` per page. */
export const galleryRoutes = new Hono<AppEnv>().get("/", requireAuth, valid("query", GalleryQuerySchema), async (c) => {
  const { limit, before } = c.req.valid("query");
  const { rows, next } = await listImages({
    db: c.var.chats,
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
