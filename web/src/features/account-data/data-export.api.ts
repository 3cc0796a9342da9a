// "Download my data" in the browser: GET /auth/data-export/summary says how much is coming, then GET /auth/data-export
// is read as a stream (the worker sends no Content-Length) so the section can show the bytes received against the
// summary's estimate and cancel; the zip is saved under the name the worker gives it.
import * as v from "valibot";
import { ApiError, api, fail, request } from "../../lib/api";

/** GET /auth/data-export/summary → data: what the zip will hold, and about how many bytes. */
export const ExportSummarySchema = v.object({
  chats: v.number(),
  messages: v.number(),
  images: v.number(),
  files: v.number(),
  approximate_bytes: v.number(),
});
export type ExportSummary = v.InferOutput<typeof ExportSummarySchema>;

export const fetchExportSummary = (signal?: AbortSignal) =>
  api("/auth/data-export/summary", ExportSummarySchema, { signal });

/** The worker's name for the file (`attachment; filename="may-data-2026-11-26.zip"`), else one of the same form. */
export function exportFileName(disposition: string | null, now = new Date()): string {
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition ?? "")?.[1];
  let name =
    /filename\s*=\s*"([^"]*)"/i.exec(disposition ?? "")?.[1] ??
    /filename\s*=\s*([^;\s]+)/i.exec(disposition ?? "")?.[1];
  if (encoded) {
    try {
      name = decodeURIComponent(encoded);
    } catch {
      // a malformed encoding: the plain name, or the default
    }
  }
  // never a path, whatever the header says
  const safe = name?.split(/[/\\]/).at(-1)?.trim();
  return safe || `may-data-${now.toISOString().slice(0, 10)}.zip`;
}

/**
 * Fetches the zip, calling `onProgress` with the bytes received so far after each piece, and returns it with its file
 * name. Cancelled through `signal` (the fetch or the read rejects with the abort). A stream that breaks off is
 * ApiError(0, "stream_interrupted").
 */
export async function downloadExport(
  signal: AbortSignal,
  onProgress: (received: number) => void,
): Promise<{ blob: Blob; name: string }> {
  // no timeout: a long history with its pictures takes as long as it takes; Cancel ends it
  const res = await request("/auth/data-export", { signal, timeoutMs: 0, headers: { Accept: "application/zip" } });
  const name = exportFileName(res.headers.get("Content-Disposition"));
  const type = res.headers.get("Content-Type") ?? "application/zip";
  if (!res.body) return { blob: new Blob([await res.arrayBuffer()], { type }), name };
  const reader = res.body.getReader();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      received += value.byteLength;
      onProgress(received);
    }
  } catch (err) {
    if (signal.aborted) throw err;
    return fail(new ApiError(0, "stream_interrupted", err instanceof Error ? err.message : "Download interrupted"));
  } finally {
    reader.releaseLock();
  }
  return { blob: new Blob(parts, { type }), name };
}

/** Hands `blob` to the browser's downloads as `name` (an `<a download>` clicked once), then lets go of its URL. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.rel = "noopener";
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // the browser has started its download by then; the URL only keeps the Blob alive
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
