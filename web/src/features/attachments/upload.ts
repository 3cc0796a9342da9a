// Uploading attachments: one multipart POST /media-api/api/uploads (field "files") sent with XMLHttpRequest, the
// one browser API that reports upload progress; the answer is checked with the worker's schema. Failures become the
// same ApiError as every other call (413 too large, 415 unsupported type, 401 the session is gone).
import * as v from "valibot";
import { MediaErrorEnvelopeSchema } from "../../../../worker/protocol/envelopes";
import { UploadResponseSchema, type UploadedFile } from "../../../../worker/protocol/uploads";
import { ApiError, fail, handleUnauthorized } from "../../lib/api";

export const UPLOAD_URL = "/media-api/api/uploads";
/** Whole-upload time limit: 20 MB on a slow link (~1 Mbit/s) takes about 3 minutes, in milliseconds. */
export const UPLOAD_TIMEOUT_MS = 240_000;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Uploads `files`; `onProgress` gets the fraction sent, 0–1. Resolves with the stored files, in order. */
export function uploadFiles(
  files: readonly File[],
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedFile[]> {
  const sent = new Promise<UploadedFile[]>((resolve, reject) => {
    const form = new FormData();
    for (const f of files) form.append("files", f, f.name);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", UPLOAD_URL);
    xhr.withCredentials = true;
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, "network_error", "Network error"));
    xhr.ontimeout = () => reject(new ApiError(0, "timeout", "Request timed out"));
    xhr.onabort = () => reject(new ApiError(0, "aborted", "Upload cancelled"));
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = v.safeParse(UploadResponseSchema, body);
        if (parsed.success) {
          onProgress(1);
          resolve(parsed.output.data.files);
        } else reject(new ApiError(xhr.status, "invalid_response", "Invalid response format"));
        return;
      }
      const err = v.safeParse(MediaErrorEnvelopeSchema, body);
      if (xhr.status === 401) handleUnauthorized();
      reject(
        err.success
          ? new ApiError(xhr.status, err.output.code, err.output.message, err.output.field)
          : new ApiError(
              xhr.status,
              xhr.status >= 500 ? "internal_error" : "invalid_response",
              `API error (${xhr.status})`,
            ),
      );
    };
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
  // a failure is handed on once the error texts are loaded (api.ts)
  return sent.catch((err: unknown) => (err instanceof ApiError ? fail(err) : Promise.reject(err)));
}
