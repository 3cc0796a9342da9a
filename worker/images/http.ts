// The one way the image adapters call their upstream: a time limit on the whole call (headers and body), the
// caller's signal, and every failure mapped to a clear typed error — 401/403 image_auth_failed, 429
// image_rate_limited, a safety or moderation refusal safety_violation (with SAFETY_MESSAGE), a timeout or anything
// else image_unavailable — so an image call never hangs a turn and never shows an upstream's raw error to the user.
import * as v from "valibot";
import { AppError } from "../errors";

/** Default time limit of one image call, in milliseconds (IMAGE_TIMEOUT_MS overrides): image models take 5–40 s. */
export const DEFAULT_IMAGE_TIMEOUT_MS = 60_000;

/** What the user is told when a provider's safety system refuses the prompt (or the picture it drew). */
export const SAFETY_MESSAGE =
  "Your request was rejected by the safety system. Please describe the image differently and try again.";

/** Most of an error body read to classify it, in characters (error bodies are small). */
const ERROR_BODY_CHARS = 16 * 1024;

export function safetyViolation(provider: string): AppError {
  return new AppError("safety_violation", SAFETY_MESSAGE, { provider, safety_violation: true });
}

export function unavailable(provider: string, why: string): AppError {
  return new AppError("image_unavailable", `The image provider ${provider} ${why}`, { provider });
}

export interface ImageCall {
  provider: string;
  url: string;
  init: RequestInit;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Reads the provider's error body when its status alone does not say (a safety refusal, Google's 400 for a bad key). */
  classify: (status: number, body: unknown) => "safety" | "auth" | undefined;
}

async function errorBodyOf(res: Response): Promise<unknown> {
  try {
    const text = (await res.text()).slice(0, ERROR_BODY_CHARS);
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function failure(status: number, body: unknown, call: ImageCall): AppError {
  const kind = call.classify(status, body);
  if (kind === "safety") return safetyViolation(call.provider);
  if (kind === "auth" || status === 401 || status === 403) {
    return new AppError(
      "image_auth_failed",
      `The image provider ${call.provider} refused the configured key (HTTP ${status})`,
      { provider: call.provider },
    );
  }
  if (status === 429) {
    return new AppError(
      "image_rate_limited",
      `The image provider ${call.provider} is rate limiting Mây; try again shortly`,
      { provider: call.provider },
    );
  }
  return unavailable(call.provider, `answered HTTP ${status}`);
}

/**
 * Calls the upstream and returns its response once it is OK, with the time limit still running over the body
 * (read it with `readWithin`). Throws one of the image errors otherwise.
 */
export async function fetchImage(
  call: ImageCall,
): Promise<{ res: Response; read: <T>(f: (res: Response) => Promise<T>) => Promise<T> }> {
  const timeout = AbortSignal.timeout(call.timeoutMs);
  const combined = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
  const mapAbort = (err: unknown): never => {
    if (err instanceof AppError) throw err;
    if (call.signal?.aborted)
      throw call.signal.reason instanceof Error
        ? call.signal.reason
        : new DOMException("The image call was stopped", "AbortError");
    if (timeout.aborted) throw unavailable(call.provider, `did not answer within ${call.timeoutMs} ms`);
    throw unavailable(call.provider, "cannot be reached");
  };
  let res: Response;
  try {
    res = await fetch(call.url, { ...call.init, signal: combined });
    if (!res.ok) throw failure(res.status, await errorBodyOf(res), call);
  } catch (err) {
    return mapAbort(err);
  }
  return {
    res,
    read: async (f) => {
      try {
        return await f(res);
      } catch (err) {
        return mapAbort(err);
      }
    },
  };
}

/** The JSON body of an OK response, parsed with the provider's schema, or image_unavailable when it is not that shape. */
export async function readJson<S extends v.GenericSchema>(
  call: Awaited<ReturnType<typeof fetchImage>>,
  schema: S,
  provider: string,
): Promise<v.InferOutput<S>> {
  const body = await call.read(async (res) => {
    try {
      return await res.json();
    } catch (err) {
      if (err instanceof DOMException || (err instanceof Error && err.name === "AbortError")) throw err;
      throw unavailable(provider, "answered with something that is not JSON");
    }
  });
  const parsed = v.safeParse(schema, body);
  if (!parsed.success) throw unavailable(provider, "answered in an unexpected format");
  return parsed.output;
}

/** Decodes standard base64; an invalid string is the provider's fault (image_unavailable). */
export function fromBase64(b64: string, provider: string): Uint8Array {
  try {
    const binary = atob(b64.replace(/\s+/g, ""));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    if (bytes.length === 0) throw new Error("empty");
    return bytes;
  } catch {
    throw unavailable(provider, "sent image data that is not valid base64");
  }
}

export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  const STEP = 0x8000;
  for (let i = 0; i < bytes.length; i += STEP) binary += String.fromCharCode(...bytes.subarray(i, i + STEP));
  return btoa(binary);
}

/** The image type its first bytes prove (PNG, JPEG, WebP, GIF), or null. */
export function sniffImage(b: Uint8Array): string | null {
  const at = (offset: number, sig: number[]) =>
    b.length >= offset + sig.length && sig.every((x, i) => b[offset + i] === x);
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (at(0, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return "image/webp";
  if (at(0, [0x47, 0x49, 0x46, 0x38])) return "image/gif";
  return null;
}

/** Bytes a provider sent as its picture: they must really be an image, else image_unavailable. */
export function asImage(bytes: Uint8Array, provider: string): { bytes: Uint8Array; contentType: string } {
  const contentType = sniffImage(bytes);
  if (!contentType) throw unavailable(provider, "sent something that is not an image");
  return { bytes, contentType };
}

/** True when any string in the body (code, type, message, reason) names a safety or moderation refusal. */
export function mentionsSafety(body: unknown, words: RegExp): boolean {
  if (typeof body === "string") return words.test(body);
  if (Array.isArray(body)) return body.some((x) => mentionsSafety(x, words));
  if (body && typeof body === "object") return Object.values(body).some((x) => mentionsSafety(x, words));
  return false;
}
