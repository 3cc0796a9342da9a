// Streams one answer from any language model as the few parts the chat stream needs: text, one citations part, and
// at most one error part (always last) with a code from the closed StreamErrorCode union and a message a user can
// read. A stop by the caller ends the generator quietly, and an upstream that goes silent is given up on, so nothing
// waits forever.
//
// This is the hot loop of every answer, so it is lean: it reads the provider model's own stream (doStream, where the
// provider parses each upstream event once) instead of streamText's extra layers, and it keeps one idle timer and
// one abort listener per answer, never one per token.
import {
  APICallError,
  type LanguageModelV3,
  type LanguageModelV3Prompt,
  type LanguageModelV3StreamPart,
  TypeValidationError,
} from "@ai-sdk/provider";
import type { Citation, StreamErrorCode } from "../protocol/chat-stream";

export type AnswerPart =
  | { type: "text"; text: string }
  | { type: "citations"; citations: Citation[] }
  | { type: "error"; code: StreamErrorCode; message: string };

/** With no part at all from the model for this long, in milliseconds, the provider is taken as unavailable. */
export const IDLE_TIMEOUT_MS = 60_000;

const MESSAGES = {
  provider_auth_failed:
    "The model provider rejected the server's credentials. An administrator needs to check the API key.",
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
 * The errors worth looking at, outermost first: the error, its causes, and the value a TypeValidationError could not
 * parse (xAI's in-stream `{code, error}` event arrives that way). The model's own stream (doStream) never retries, so
 * there is no RetryError to unwrap, and the `ai` package itself is not needed at all.
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
    queue.push(cause, TypeValidationError.isInstance(current) ? value : undefined);
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
      const { type, code, status, statusCode } = e as {
        type?: unknown;
        code?: unknown;
        status?: unknown;
        statusCode?: unknown;
      };
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

/** A text conversation for the model: the system prompt, then alternating user and assistant turns. */
/** An image a user message carries to a model that takes images (vision input). */
export interface PromptFile {
  filename: string;
  mediaType: string;
  data: Uint8Array;
}

export interface AnswerPrompt {
  system?: string;
  messages: { role: "user" | "assistant"; content: string; files?: PromptFile[] }[];
}

export function toModelPrompt({ system, messages }: AnswerPrompt): LanguageModelV3Prompt {
  const prompt: LanguageModelV3Prompt = system ? [{ role: "system", content: system }] : [];
  for (const m of messages) {
    if (m.role === "user") {
      const files = (m.files ?? []).map((f) => ({
        type: "file" as const,
        filename: f.filename,
        mediaType: f.mediaType,
        data: f.data,
      }));
      prompt.push({ role: "user", content: [{ type: "text", text: m.content }, ...files] });
    } else {
      prompt.push({ role: "assistant", content: [{ type: "text", text: m.content }] });
    }
  }
  return prompt;
}

export async function* streamAnswer(opts: {
  model: LanguageModelV3;
  prompt: AnswerPrompt;
  abortSignal: AbortSignal;
  /** Sampling settings (from the user's AI style); the provider's defaults when absent. */
  temperature?: number;
  topP?: number;
  /** The longest answer, in output tokens (a chat's own setting); the provider's default when absent. */
  maxOutputTokens?: number;
  idleTimeoutMs?: number;
  /** Told the tokens the provider reports at the end of the answer (for the operator's figures), if it reports any. */
  onUsage?: (usage: { inputTokens: number; outputTokens: number }) => void;
}): AsyncGenerator<AnswerPart> {
  const callerSignal = opts.abortSignal;
  if (callerSignal.aborted) return;
  const idleMs = opts.idleTimeoutMs ?? IDLE_TIMEOUT_MS;
  // Our own controller, so an idle timeout or an early return also cancels the upstream request. Stopping (the
  // caller's stop, or the idle watchdog) also cancels our reader, which settles a read the model would leave hanging.
  const controller = new AbortController();
  let reader: ReadableStreamDefaultReader<LanguageModelV3StreamPart> | undefined;
  const stop = () => {
    controller.abort(callerSignal.reason);
    reader?.cancel().catch(() => {});
  };
  callerSignal.addEventListener("abort", stop, { once: true });
  const stopped = new Promise<never>((_, reject) => {
    controller.signal.addEventListener("abort", () => reject(new Error("stopped")), { once: true });
  });
  stopped.catch(() => {});

  // One watchdog per answer: it fires once per idle period and re-arms itself for the time left since the last part.
  let lastPartAt = Date.now();
  let idle = false;
  const watchdog = () => {
    const quietFor = Date.now() - lastPartAt;
    if (quietFor >= idleMs) {
      idle = true;
      stop();
    } else {
      timer = setTimeout(watchdog, idleMs - quietFor);
    }
  };
  let timer = setTimeout(watchdog, idleMs);

  const citations = new Map<string, Citation>();
  function* end(error?: AnswerError): Generator<AnswerPart> {
    if (citations.size > 0) yield { type: "citations", citations: [...citations.values()] };
    citations.clear();
    if (error) yield error;
  }

  try {
    try {
      const call = Promise.resolve(
        opts.model.doStream({
          prompt: toModelPrompt(opts.prompt),
          abortSignal: controller.signal,
          temperature: opts.temperature,
          topP: opts.topP,
          maxOutputTokens: opts.maxOutputTokens,
        }),
      );
      call.catch(() => {}); // if stopping wins the race, the call's own failure is of no interest
      const result = await Promise.race([call, stopped]);
      reader = result.stream.getReader();
    } catch (err) {
      if (callerSignal.aborted) return;
      yield* end(idle ? errorPart("provider_unavailable", IDLE_MESSAGE) : failure(err));
      return;
    }
    for (;;) {
      let step: ReadableStreamReadResult<LanguageModelV3StreamPart>;
      try {
        step = await reader.read();
      } catch (err) {
        if (callerSignal.aborted) return;
        yield* end(idle ? errorPart("provider_unavailable", IDLE_MESSAGE) : failure(err));
        return;
      }
      if (step.done) {
        if (callerSignal.aborted) return;
        yield* end(idle ? errorPart("provider_unavailable", IDLE_MESSAGE) : undefined);
        return;
      }
      lastPartAt = Date.now();
      const part = step.value;
      switch (part.type) {
        case "text-delta":
          if (part.delta) yield { type: "text", text: part.delta };
          break;
        case "source":
          if (part.sourceType === "url" && !citations.has(part.url)) {
            citations.set(part.url, part.title ? { url: part.url, title: part.title } : { url: part.url });
          }
          break;
        case "finish":
          opts.onUsage?.({
            inputTokens: part.usage.inputTokens.total ?? 0,
            outputTokens: part.usage.outputTokens.total ?? 0,
          });
          break;
        case "error":
          if (callerSignal.aborted) return;
          yield* end(failure(part.error));
          return;
      }
    }
  } finally {
    clearTimeout(timer);
    callerSignal.removeEventListener("abort", stop);
    controller.abort();
    reader?.cancel().catch(() => {});
  }
}
