// The image API's wire shapes, declared once for the worker and the SPA:
//   POST /api/chat/image          ImageAsk (turn-requests.ts) → ImageResult (the fields clients read)
//   GET  /media-api/api/images    ?limit&before → {success, data: {images: GalleryImage[], next_before}}
// The SPA validates answers with these schemas; the worker types its answers with their input types.
import * as v from "valibot";
import { mediaSuccessEnvelope } from "./envelopes";
import { WARNING_LEVELS } from "./rules";

/** The alt text of a generated image embedded in a bot message as markdown; clients find the picture by it. */
export const GENERATED_IMAGE_ALT = "Generated image";

/** The bot message text of an image answer: the picture as markdown, then its description. */
export function imageMessageMarkdown(imageUrl: string, description: string): string {
  return `![${GENERATED_IMAGE_ALT}](${imageUrl})\n\n${description}`;
}

/** The Vietnamese text the product shows a guest asking for an image (the code is `unauthorized`). */
export const IMAGE_LOGIN_REQUIRED = "Bạn cần đăng nhập để sử dụng tính năng này";

/** Images per gallery page when the client does not ask, and the most it may ask for. */
export const GALLERY_PAGE_DEFAULT = 24;
export const GALLERY_PAGE_MAX = 100;
/** The gallery cursor: "<created_at ms>~<image id>" of the last image of a page. */
export const GALLERY_CURSOR = /^\d{1,16}~[\w.:-]{1,100}$/;

/** POST /api/chat/image: the answer to one image turn. */
export const ImageResultSchema = v.object({
  success: v.literal(true),
  /** Where the stored picture is served, owner-only: /media-api/api/images/{id}. */
  imageUrl: v.string(),
  imageId: v.string(),
  /** What was drawn, in words (the provider's rewritten prompt, or a sentence about the offline picture). */
  description: v.string(),
  /** The bot message's text: the picture as markdown with alt 'Generated image', then the description. */
  message: v.string(),
  prompt: v.string(),
  type: v.picklist(["generation", "edit"]),
  /** The upstream model that drew it, or "offline-image". */
  model: v.string(),
  /** ISO-8601. */
  timestamp: v.string(),
  isEdit: v.boolean(),
  /** The image URL the edit started from, or null. */
  originalImage: v.nullable(v.string()),
  /** True when the built-in offline model drew it (no image provider is configured): the UI says so. */
  offline: v.boolean(),
  chat_id: v.string(),
  message_id: v.string(),
  bot_message_id: v.string(),
  metadata: v.object({
    remainingUsage: v.number(),
    warningLevel: v.picklist(WARNING_LEVELS),
    model: v.string(),
  }),
});
export type ImageResult = v.InferInput<typeof ImageResultSchema>;

/** One picture in the gallery. */
export const GalleryImageSchema = v.object({
  id: v.string(),
  url: v.string(),
  prompt: v.nullable(v.string()),
  chat_id: v.nullable(v.string()),
  message_id: v.nullable(v.string()),
  model: v.nullable(v.string()),
  isEdit: v.boolean(),
  /** The URL of the image an edit was made from, or null. */
  originalImage: v.nullable(v.string()),
  offline: v.boolean(),
  content_type: v.string(),
  size: v.number(),
  /** ISO-8601. */
  created_at: v.string(),
});
export type GalleryImage = v.InferInput<typeof GalleryImageSchema>;

export const GalleryPageSchema = mediaSuccessEnvelope(
  v.object({
    images: v.array(GalleryImageSchema),
    /** Pass back as ?before= for the next (older) page; null at the end. */
    next_before: v.nullable(v.pipe(v.string(), v.regex(GALLERY_CURSOR))),
  }),
);
export type GalleryPage = v.InferInput<typeof GalleryPageSchema>;

/** The URL an image is served at (owner-only). */
export function imageUrlOf(id: string): string {
  return `/media-api/api/images/${id}`;
}
