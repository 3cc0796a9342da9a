// Attachments: POST /media-api/api/uploads stores the files of one multipart request (field "files", or "file") in
// R2 under their owner, each typed by its bytes, with the client's limits enforced again here — at most 10 files
// (413), each at most 5 MB (413), 20 MB together (413), and only images, PDF, DOCX and text (415) — refuses a file
// whose reading would exhaust the worker (a DOCX or PDF that unpacks past its limits, 413/415: worker/uploads/extract.ts),
// and answers each file's id for the question that attaches it. GET /media-api/api/uploads/{id} serves a file to its owner only.
import { Hono } from "hono";
import * as v from "valibot";
import { requireAuth } from "../http/auth-middleware";
import type { AppEnv } from "../http/app-env";
import { AppError } from "../errors";
import { idSchema, valid } from "../lib/validate";
import {
  MAX_FILE_BYTES,
  MAX_FILES,
  MAX_NAME_CHARS,
  MAX_TOTAL_BYTES,
  MULTIPART_OVERHEAD_BYTES,
} from "../uploads/limits";
import { sniffFile } from "../uploads/sniff";
import { getUpload, type PreparedUpload, prepareUpload, saveUpload, type UploadRecord } from "../uploads/store";

const MB = 1024 * 1024;

function publicUpload(r: UploadRecord) {
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    group: r.group,
    size: r.size,
    url: r.url,
    text_chars: r.textChars,
    truncated: r.truncated,
    created_at: new Date(r.createdAt).toISOString(),
  };
}

/** A file name as stored: no path, no control characters, at most MAX_NAME_CHARS. */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).at(-1) ?? "";
  const clean = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(0, MAX_NAME_CHARS);
  return clean || "file";
}

export const uploadRoutes = new Hono<AppEnv>()
  .post("/", requireAuth, async (c) => {
    const declared = Number(c.req.header("Content-Length") ?? 0);
    if (declared > MAX_TOTAL_BYTES + MULTIPART_OVERHEAD_BYTES) {
      throw new AppError("payload_too_large", `Files can be at most ${MAX_TOTAL_BYTES / MB} MB together`);
    }
    if (!/^multipart\/form-data/i.test(c.req.header("Content-Type") ?? "")) {
      throw new AppError("unsupported_media_type", 'Send the files as multipart/form-data in the field "files"');
    }
    let form: FormData;
    try {
      form = await c.req.raw.formData();
    } catch {
      throw new AppError("invalid_input", "The multipart body could not be read", { field: "files" });
    }
    const files = [...form.getAll("files"), ...form.getAll("file")].filter((f): f is File => typeof f !== "string");
    if (files.length === 0)
      throw new AppError("invalid_input", 'Attach at least one file in the field "files"', { field: "files" });
    if (files.length > MAX_FILES)
      throw new AppError("payload_too_large", `At most ${MAX_FILES} files can be attached`, { field: "files" });
    for (const f of files) {
      if (f.size > MAX_FILE_BYTES) {
        throw new AppError(
          "payload_too_large",
          `File "${cleanName(f.name)}" is too large. The maximum size is ${MAX_FILE_BYTES / MB} MB`,
          { field: "files" },
        );
      }
      if (f.size === 0) throw new AppError("invalid_input", `File "${cleanName(f.name)}" is empty`, { field: "files" });
    }
    if (files.reduce((n, f) => n + f.size, 0) > MAX_TOTAL_BYTES) {
      throw new AppError("payload_too_large", `Files can be at most ${MAX_TOTAL_BYTES / MB} MB together`, {
        field: "files",
      });
    }
    const bucket = c.env.IMAGES;
    const userId = c.var.user.id;
    // Every file is typed and read before any is stored, so a refused request leaves nothing behind; the cheap type
    // check of all files comes first, then the reading, one file at a time.
    const read = await Promise.all(
      files.map(async (f) => ({ name: cleanName(f.name), bytes: new Uint8Array(await f.arrayBuffer()) })),
    );
    for (const f of read) {
      if (!sniffFile(f.bytes)) {
        throw new AppError(
          "unsupported_media_type",
          `File "${f.name}" is not a supported type (images, PDF, DOCX or text)`,
          { field: "files" },
        );
      }
    }
    const prepared: PreparedUpload[] = [];
    for (const f of read) prepared.push(await prepareUpload(f));
    const stored: UploadRecord[] = [];
    for (const upload of prepared) stored.push(await saveUpload({ bucket, userId, upload }));
    return c.json({ success: true, data: { files: stored.map(publicUpload) } }, 201);
  })
  .get("/:id", requireAuth, valid("param", v.object({ id: idSchema })), async (c) => {
    const found = await getUpload({ bucket: c.env.IMAGES, userId: c.var.user.id, id: c.req.valid("param").id });
    if (!found) throw new AppError("not_found", "File not found");
    const { record, body } = found;
    return c.body(body, 200, {
      "Content-Type": record.type,
      "Content-Length": String(record.size),
      "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(record.name)}`,
      "Cache-Control": "private, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    });
  });
