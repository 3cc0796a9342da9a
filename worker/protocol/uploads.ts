// The upload API's answer, declared once for the worker and the SPA:
//   POST /media-api/api/uploads (multipart field "files") → {success, data: {files: UploadedFile[]}}
// A file's id goes into a chat turn's attachment_ids; the saved user message then carries it as an AttachmentRef.
import * as v from "valibot";
import { mediaSuccessEnvelope } from "./envelopes";
import { AttachmentRefSchema } from "./resources";

// The limits a client checks before it uploads and the worker checks again (413): 10 files, 5 MB each, 20 MB together.
/** Files per upload call, and per question. */
export const MAX_FILES = 10;
/** Bytes per file (5 MB). */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
/** Bytes of all the files of one upload call together (20 MB). */
export const MAX_TOTAL_BYTES = 20 * 1024 * 1024;

export const UploadedFileSchema = v.looseObject({
  ...AttachmentRefSchema.entries,
  /** Characters of text extracted for the model, and whether that text was cut to the per-file budget. */
  text_chars: v.optional(v.number(), 0),
  truncated: v.optional(v.boolean(), false),
});
export type UploadedFile = v.InferOutput<typeof UploadedFileSchema>;

export const UploadResponseSchema = mediaSuccessEnvelope(v.object({ files: v.array(UploadedFileSchema) }));
