// The upload API's answer, declared once for the worker and the SPA:
//   POST /media-api/api/uploads (multipart field "files") → {success, data: {files: UploadedFile[]}}
// A file's id goes into a chat turn's attachment_ids; the saved user message then carries it as an AttachmentRef.
import * as v from "valibot";
import { AttachmentRefSchema } from "./resources";

export const UploadedFileSchema = v.looseObject({
  ...AttachmentRefSchema.entries,
  /** Characters of text extracted for the model, and whether that text was cut to the per-file budget. */
  text_chars: v.optional(v.number(), 0),
  truncated: v.optional(v.boolean(), false),
});
export type UploadedFile = v.InferOutput<typeof UploadedFileSchema>;

export const UploadResponseSchema = v.object({
  success: v.literal(true),
  data: v.object({ files: v.array(UploadedFileSchema) }),
});
