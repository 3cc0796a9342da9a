// Streams one answer from any language model as the few parts the chat stream needs: text, one citations part, and
// at most one error part (always last) with a code from the closed StreamErrorCode union and a message a user can
// read. It reads the AI SDK's fullStream, because errors never throw out of textStream (it just ends). A stop by the
// caller ends the generator quietly, and an upstream that goes silent is given up on, so nothing waits forever.
import { APICallError, type LanguageModel, type ModelMessage, RetryError, streamText, TypeValidationError } from "ai";
import type { Citation, StreamErrorCode } from "../protocol/chat-stream";

export type AnswerPart =
  | { type: "text"; text: string }
  | { type: "citations"; citations: Citation[] }
  | { type: "error"; code: StreamErrorCode; message: string };

/** With no part at all from the model for this long, in milliseconds, the provider is taken as unavailable. */
export const IDLE_TIMEOUT_MS = 60_000;

const MESSAGES = {
  provider_auth_failed: "The model provider rejected the server's credentials. An administrator needs to check the API key.",
  provider_rate_limited: "The model provider is rate limiting requests. Please try again in a minute.",
  provider_unavailable: "The model provider is unavailable right now. Please try again in a few minutes.",
  stream_interrupted: "The connection to the model provider was lost before the answer was finished. Please try again.",
  provider_error: "The model provider could not answer this request. Please try again.",
} as const satisfies Partial<Record<StreamErrorCode, string>>;

const IDLE_MESSAGE = "The model provider stopped responding. Please try again in a few minutes.";

type AnswerError = Extract<AnswerPart, { type: "error" }>;

function errorPart(code: keyof typeof MESSAGES, message: string = MESSAGES[code]): AnswerError {
  return { type: "error", code, message };
}

function codeForStatus(status: number): keyof typeof MESSAGES | undefined {
  if (status === 401 || status === 403) return "provider_auth_failed";
  if (status === 429) return "provider_rate_limited";
  if (status >= 500) return "provider_unavailable";
  return undefined;
}

/** Error types that providers send inside a stream (Anthropic's `error` event, OpenAI's `error` chunk, Google's status). */
function codeForErrorType(type: string): keyof typeof MESSAGES | undefined {
  const t = type.toLowerCase();
  if (/auth|permission|invalid_api_key|api_key_invalid|unauthenticated/.test(t)) return "provider_auth_failed";
  if (/rate_limit|resource_exhausted|quota/.test(t)) return "provider_rate_limited";
  if (/overloaded|unavailable|server_error|internal|api_error/.test(t)) return "provider_unavailable";
  return undefined;
}

/**
 * The errors worth looking at, outermost first: the error, its causes, a RetryError's last error, and the value a
 * TypeValidationError could not parse (xAI's in-stream `{code, error}` event arrives that way).
 */
function* causes(err: unknown): Generator<unknown> {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length > 0 && seen.size < 16) {
    const current = queue.shift();
    if (current == null || typeof current !== "object" || seen.has(current)) continue;
    seen.add(current);
    yield current;
    const { cause, value } = current as { cause?: unknown; value?: unknown };
    queue.push(RetryError.isInstance(current) ? current.lastError : undefined, cause, TypeValidationError.isInstance(current) ? value : undefined);
  }
}

export function classifyError(err: unknown): AnswerError {
  // The upstream fetch's own verdicts first: the SDKs wrap them (e.g. "Failed to process successful response").
  for (const e of causes(err)) {
    const name = e instanceof Error ? e.name : undefined;
    if (name === "StreamInterruptedError") return errorPart("stream_interrupted");
    if (name === "UpstreamUnreachableError") return errorPart("provider_unavailable");
  }
  for (const e of causes(err)) {
    if (APICallError.isInstance(e)) {
      // No status: the SDK could not connect at all.
      if (e.statusCode === undefined) return errorPart("provider_unavailable");
      const code = codeForStatus(e.statusCode);
      if (code) return errorPart(code);
      // Google answers a wrong key with 400 INVALID_ARGUMENT and the reason API_KEY_INVALID in the body.
      if (e.responseBody?.includes("API_KEY_INVALID")) return errorPart("provider_auth_failed");
      // The SDKs mark transient failures (timeouts, in-stream "service unavailable") as retryable.
      return errorPart(e.isRetryable ? "provider_unavailable" : "provider_error");
    }
    if (typeof e === "object" && e !== null && !(e instanceof Error)) {
      const { type, code, status, statusCode } = e as { type?: unknown; code?: unknown; status?: unknown; statusCode?: unknown };
      const byStatus = typeof statusCode === "number" ? codeForStatus(statusCode) : undefined;
      if (byStatus) return errorPart(byStatus);
      for (const field of [type, code, status]) {
        const mapped = typeof field === "string" ? codeForErrorType(field) : undefined;
        if (mapped) return errorPart(mapped);
      }
    }
  }
  return errorPart("provider_error");
}

/** Classifies a failure; one that fits no known kind is logged, as its detail is not shown to the user. */
function failure(err: unknown): AnswerError {
  const part = classifyError(err);
  if (part.code === "provider_error") console.warn("model provider error:", err instanceof Error ? err.message : err);
  return part;
}

type Step<T> = { kind: "part"; result: IteratorResult<T> } | { kind: "thrown"; error: unknown } | { kind: "idle" } | { kind: "aborted" };

/** The iterator's next result, or "idle" after `ms` milliseconds, or "aborted" as soon as the caller stops. */
function nextWithin<T>(iterator: AsyncIterator<T>, ms: number, signal: AbortSignal): Promise<Step<T>> {
  if (signal.aborted) return Promise.resolve({ kind: "aborted" });
  return new Promise((resolve) => {
    const settle = (step: Step<T>) => {
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
      resolve(step);
    };
    const onAbort = () => settle({ kind: "aborted" });
    const timer = setTimeout(() => settle({ kind: "idle" }), ms);
    signal.addEventListener("abort", onAbort, { once: true });
    iterator.next().then(
      (result) => settle({ kind: "part", result }),
      (error: unknown) => settle({ kind: "thrown", error }),
    );
  });
}

export async function* streamAnswer(opts: {
  model: LanguageModel;
  system?: string;
  messages: ModelMessage[];
  abortSignal: AbortSignal;
}): AsyncGenerator<AnswerPart> {
  const callerSignal = opts.abortSignal;
  if (callerSignal.aborted) return;
  // Our own controller, so an idle timeout or an early return also cancels the upstream request.
  const controller = new AbortController();
  const forwardAbort = () => controller.abort(callerSignal.reason);
  callerSignal.addEventListener("abort", forwardAbort, { once: true });

  const citations = new Map<string, Citation>();
  function* flushCitations(): Generator<AnswerPart> {
    if (citations.size > 0) yield { type: "citations", citations: [...citations.values()] };
    citations.clear();
  }

  let iterator: AsyncIterator<unknown> | undefined;
  try {
    let fullStream;
    try {
      fullStream = streamText({
        model: opts.model,
        system: opts.system,
        messages: opts.messages,
        abortSignal: controller.signal,
        maxRetries: 0,
        // Errors arrive as parts below; the default handler would only log them a second time.
        onError: () => {},
      }).fullStream;
    } catch (err) {
      yield failure(err);
      return;
    }
    const parts = fullStream[Symbol.asyncIterator]();
    iterator = parts;
    while (true) {
      const step = await nextWithin(parts, IDLE_TIMEOUT_MS, callerSignal);
      if (step.kind === "aborted") return;
      if (step.kind === "idle") {
        controller.abort(); // stop waiting on the upstream now, not when the consumer lets go of the generator
        yield* flushCitations();
        yield errorPart("provider_unavailable", IDLE_MESSAGE);
        return;
      }
      if (step.kind === "thrown") {
        if (callerSignal.aborted) return;
        yield* flushCitations();
        yield failure(step.error);
        return;
      }
      if (step.result.done) {
        yield* flushCitations();
        return;
      }
      const part = step.result.value;
      switch (part.type) {
        case "text-delta":
          if (part.text) yield { type: "text", text: part.text };
          break;
        case "source":
          if (part.sourceType === "url" && !citations.has(part.url)) {
            citations.set(part.url, part.title ? { url: part.url, title: part.title } : { url: part.url });
          }
          break;
        case "error":
          if (callerSignal.aborted) return;
          yield* flushCitations();
          yield failure(part.error);
          return;
        case "abort":
          return;
      }
    }
  } finally {
    callerSignal.removeEventListener("abort", forwardAbort);
    controller.abort();
    iterator?.return?.().catch(() => {});
  }
}
