// Attachments in R2 under their owner: uploads/{userId}/{id} holds the bytes (type sniffed, name and group in its
// metadata) and uploads/{userId}/{id}.txt the text extracted for the model. The owner is part of every key, so a
// lookup for another user's id finds nothing (a 404), without a D1 row. The chat turn calls loadAttachments with the
// ids the client sends, and attachment-prompt.ts writes them into the model's prompt.
import { AppError } from "../errors";
import { type ExtractedText, extractText } from "./extract";
import { MAX_TEXT_CHARS_PER_TURN } from "./limits";
import { type FileGroup, groupOf, type SniffedType, sniffFile } from "./sniff";

export interface UploadRecord {
  id: string;
  name: string;
  type: SniffedType;
  group: FileGroup;
  /** Bytes. */
  size: number;
  /** Characters of text the model can read (0 for images and unreadable files). */
  textChars: number;
  truncated: boolean;
  createdAt: number;
  url: string;
}

export interface Attachment extends UploadRecord {
  /** The text the model reads (within the turn's budget), or null for an image. */
  text: string | null;
  /** An image's bytes, for models that take images as vision input. */
  image: Uint8Array | null;
}

/** Where an upload's bytes live in R2 (its extracted text: the same key + ".txt"). */
export const uploadKeyOf = (userId: string, id: string) => `uploads/${userId}/${id}`;
export const uploadUrlOf = (id: string) => `/media-api/api/uploads/${id}`;

function recordOf(id: string, object: R2Object): UploadRecord | null {
  const m = object.customMetadata ?? {};
  const type = object.httpMetadata?.contentType as SniffedType | undefined;
  if (!type || !m.name || !m.group) return null;
  return {
    id,
    name: decodeURIComponent(m.name),
    type,
    group: m.group as FileGroup,
    size: object.size,
    textChars: Number(m.textChars ?? 0),
    truncated: m.truncated === "1",
    createdAt: Number(m.createdAt ?? object.uploaded.getTime()),
    url: uploadUrlOf(id),
  };
}

/** A file checked and read, ready to be stored: its type from its bytes and the text a model reads. */
export interface PreparedUpload {
  name: string;
  bytes: Uint8Array;
  type: SniffedType;
  extracted: ExtractedText | null;
}

/**
 * Types a file the caller has checked for size by its bytes and extracts its text. Throws 415 when its bytes are not
 * a type Mây reads, and 413/415 when reading it would take more than the limits allow (extract.ts). Nothing is stored,
 * so a request can prepare all its files before storing any.
 */
export async function prepareUpload({ name, bytes }: { name: string; bytes: Uint8Array }): Promise<PreparedUpload> {
  const type = sniffFile(bytes);
  if (!type) {
    throw new AppError("unsupported_media_type", `File "${name}" is not a supported type (images, PDF, DOCX or text)`, {
      field: "files",
    });
  }
  return { name, bytes, type, extracted: await extractText(type, bytes, name) };
}

/** Stores a prepared file under its owner, with its text beside it. */
export async function saveUpload({
  bucket,
  userId,
  upload,
}: {
  bucket: R2Bucket;
  userId: string;
  upload: PreparedUpload;
}): Promise<UploadRecord> {
  const { name, bytes, type, extracted } = upload;
  const id = crypto.randomUUID();
  const createdAt = Date.now();
  const group = groupOf(type, name);
  const key = uploadKeyOf(userId, id);
  if (extracted?.text) {
    await bucket.put(`${key}.txt`, extracted.text, { httpMetadata: { contentType: "text/plain; charset=utf-8" } });
  }
  await bucket.put(key, bytes, {
    httpMetadata: { contentType: type },
    customMetadata: {
      name: encodeURIComponent(name),
      group,
      createdAt: String(createdAt),
      textChars: String(extracted?.text.length ?? 0),
      truncated: extracted?.truncated ? "1" : "0",
    },
  });
  return {
    id,
    name,
    type,
    group,
    size: bytes.byteLength,
    textChars: extracted?.text.length ?? 0,
    truncated: extracted?.truncated ?? false,
    createdAt,
    url: uploadUrlOf(id),
  };
}

/** The user's upload with this id and its bytes, or null (also when it is another user's). */
export async function getUpload({ bucket, userId, id }: { bucket: R2Bucket; userId: string; id: string }) {
  const object = await bucket.get(uploadKeyOf(userId, id));
  const record = object ? recordOf(id, object) : null;
  return object && record ? { record, body: object.body } : null;
}

/**
 * The user's attachments by id, in the order given, with their text cut to the turn's budget (MAX_TEXT_CHARS_PER_TURN
 * across all files, in order) and an image's bytes. Throws 404 when any id is not one of the user's uploads.
 */
export async function loadAttachments({
  bucket,
  userId,
  ids,
}: {
  bucket: R2Bucket;
  userId: string;
  ids: string[];
}): Promise<Attachment[]> {
  let budget = MAX_TEXT_CHARS_PER_TURN;
  const out: Attachment[] = [];
  for (const id of ids) {
    const object = await bucket.get(uploadKeyOf(userId, id));
    const record = object ? recordOf(id, object) : null;
    if (!object || !record) throw new AppError("not_found", "Attachment not found", { field: "attachments" });
    if (record.group === "image") {
      out.push({ ...record, text: null, image: new Uint8Array(await object.arrayBuffer()) });
      continue;
    }
    await object.body.cancel();
    const stored = record.textChars > 0 ? await (await bucket.get(`${uploadKeyOf(userId, id)}.txt`))?.text() : "";
    const text = (stored ?? "").slice(0, Math.max(0, budget));
    budget -= text.length;
    out.push({ ...record, text, truncated: record.truncated || text.length < (stored ?? "").length, image: null });
  }
  return out;
}
