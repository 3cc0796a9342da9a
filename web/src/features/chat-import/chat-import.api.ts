// POST /chat-sessions/import/chatgpt from the SPA: the user's ChatGPT export (its zip, or the conversations.json inside)
// sent as the request's body, then the worker's answer read line by line as it streams (start, one progress line per
// conversation, the summary). Sent with XMLHttpRequest, the one browser API that reports upload progress, so the bar
// moves while a large file goes up too. Each line is checked here, at the edge: a line of an unknown shape is skipped.
// Failures are the ApiError every other call throws (400 not an export, 413 too large, 401 the session is gone).
import * as v from "valibot";
import { ErrorEnvelopeSchema } from "../../../../worker/protocol/envelopes";
import { ApiError, fail, handleUnauthorized } from "../../lib/api";

export const IMPORT_URL = "/chat-sessions/import/chatgpt";

/** The largest file an import takes: the worker's limit on any request body (worker/app.ts), 20 MB. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

/** Why the worker skipped a conversation; "other" stands for a reason this client does not know yet. */
export const SKIP_REASONS = ["already_imported", "no_messages", "not_a_conversation", "failed", "other"] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

const StartLineSchema = v.object({ type: v.literal("start"), total: v.number() });
const ProgressLineSchema = v.object({ type: v.literal("progress"), done: v.number(), total: v.number() });
const SummaryLineSchema = v.object({
  type: v.literal("summary"),
  imported: v.number(),
  skipped: v.array(
    v.object({
      title: v.string(),
      reason: v.fallback(v.picklist(SKIP_REASONS), "other"),
    }),
  ),
});
/** One line of the answer. */
export const ImportLineSchema = v.variant("type", [StartLineSchema, ProgressLineSchema, SummaryLineSchema]);
export type ImportLine = v.InferOutput<typeof ImportLineSchema>;
export type ImportSummary = Omit<v.InferOutput<typeof SummaryLineSchema>, "type">;

/** The line's content, or null for a line this client does not read (blank, not JSON, an unknown type). */
export function parseImportLine(text: string): ImportLine | null {
  if (!text.trim()) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = v.safeParse(ImportLineSchema, json);
  return parsed.success ? parsed.output : null;
}

/** The body's type as the worker reads it: the export's zip, else conversations.json (a zip's type varies by system). */
export function importContentType(file: Pick<File, "name" | "type">): "application/zip" | "application/json" {
  return /zip/i.test(file.type) || /\.zip$/i.test(file.name) ? "application/zip" : "application/json";
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export interface ImportCallbacks {
  /** Bytes of the file sent so far. */
  onUpload: (sent: number) => void;
  /** The file is up: the worker is reading it. */
  onUploaded: () => void;
  /** Conversations handled so far (written or skipped) of the file's total; first (0, total) once it is read. */
  onProgress: (done: number, total: number) => void;
}

/**
 * Sends `file` and resolves with the worker's summary. Cancelled through `signal` (rejects with ApiError "aborted").
 * An answer that ends before its summary is ApiError(0, "stream_interrupted"): what was written so far stays.
 */
export function importChatGptExport(file: File, signal: AbortSignal, on: ImportCallbacks): Promise<ImportSummary> {
  const sent = new Promise<ImportSummary>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let read = 0;
    let summary: ImportSummary | null = null;
    const take = (text: string) => {
      const line = parseImportLine(text);
      if (line?.type === "start") on.onProgress(0, line.total);
      else if (line?.type === "progress") on.onProgress(line.done, line.total);
      else if (line?.type === "summary") summary = { imported: line.imported, skipped: line.skipped };
    };
    /** Reads the complete lines received since the last call (and, at the end, a last line without its newline). */
    const readLines = (end: boolean) => {
      const text = xhr.responseText;
      const last = end ? text.length : text.lastIndexOf("\n") + 1;
      if (last <= read) return;
      for (const line of text.slice(read, last).split("\n")) take(line);
      read = last;
    };

    xhr.open("POST", IMPORT_URL);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Content-Type", importContentType(file));
    xhr.setRequestHeader("Accept", "application/x-ndjson, application/json");
    xhr.upload.onprogress = (e) => on.onUpload(Math.min(e.loaded, file.size));
    xhr.upload.onload = () => on.onUploaded();
    xhr.onprogress = () => {
      if (xhr.status >= 200 && xhr.status < 300) readLines(false);
    };
    xhr.onerror = () =>
      reject(
        read > 0
          ? new ApiError(0, "stream_interrupted", "The import broke off")
          : new ApiError(0, "network_error", "Network error"),
      );
    xhr.onabort = () => reject(new ApiError(0, "aborted", "Import cancelled"));
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        readLines(true);
        if (summary) resolve(summary);
        else reject(new ApiError(0, "stream_interrupted", "The import ended without its summary"));
        return;
      }
      const err = v.safeParse(ErrorEnvelopeSchema, parseJson(xhr.responseText));
      if (xhr.status === 401) handleUnauthorized();
      reject(
        err.success
          ? new ApiError(xhr.status, err.output.code, err.output.message, err.output.field, err.output)
          : new ApiError(
              xhr.status,
              xhr.status >= 500 ? "internal_error" : "invalid_response",
              `API error (${xhr.status})`,
            ),
      );
    };
    if (signal.aborted) {
      reject(new ApiError(0, "aborted", "Import cancelled"));
      return;
    }
    signal.addEventListener("abort", () => xhr.abort(), { once: true });
    // no timeout: a large export takes as long as it takes; Cancel ends it
    xhr.send(file);
  });
  // a failure is handed on once the error texts are loaded (api.ts)
  return sent.catch((err: unknown) => (err instanceof ApiError ? fail(err) : Promise.reject(err)));
}
