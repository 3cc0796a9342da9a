// Reading POST /api/chat/image's answer. The worker answers JSON (worker/protocol/images.ts), but the client
// also copes with a proxy or provider that answers as an event stream, and names each way the answer can be
// unusable: an empty body, an event stream with no data lines, neither JSON nor SSE, a body of the wrong
// shape, and an answer without an image (which is an error, never an empty picture).
import * as v from "valibot";
import { type ImageResult, ImageResultSchema } from "../../../../worker/protocol/images";

export type ImageResponseProblem = "emptyResponse" | "noDataLines" | "notParsable" | "invalidFormat" | "noImage";

export class ImageResponseError extends Error {
  constructor(readonly problem: ImageResponseProblem) {
    super(problem);
    this.name = "ImageResponseError";
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The JSON value in a body that is JSON, or the last data event of an event stream that carries an object. */
export function parseImageBody(text: string): unknown {
  if (!text.trim()) throw new ImageResponseError("emptyResponse");
  try {
    return JSON.parse(text);
  } catch {
    // not JSON: maybe an event stream
  }
  if (!/^data:/m.test(text)) throw new ImageResponseError("notParsable");
  let found: unknown;
  for (const line of text.split(/\r?\n/)) {
    if (!line.startsWith("data:")) continue;
    const data = line.slice(5).trim();
    if (!data || data === "[DONE]") continue;
    try {
      const value: unknown = JSON.parse(data);
      if (isRecord(value)) found = value;
    } catch {
      // a data line that is not JSON is skipped
    }
  }
  if (found === undefined) throw new ImageResponseError("noDataLines");
  return found;
}

/** The image result in a parsed body; an answer without imageUrl is an error. */
export function toImageResult(body: unknown): ImageResult {
  if (!isRecord(body)) throw new ImageResponseError("invalidFormat");
  if (typeof body.imageUrl !== "string" || body.imageUrl === "") throw new ImageResponseError("noImage");
  const parsed = v.safeParse(ImageResultSchema, body);
  if (!parsed.success) throw new ImageResponseError("invalidFormat");
  return parsed.output;
}
