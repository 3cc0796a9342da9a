// A lean AI SDK language model for the OpenAI chat-completions wire format, which xAI, DeepSeek, Workers AI and every
// OpenAI-compatible server (Ollama, LM Studio, vLLM, llama.cpp) speak. It exists for speed: it is the hot loop of most
// answers, and the general SDK pipeline (decoder stream, event-source parser stream, schema validation, mapping stream)
// costs about twice a plain read of the same stream. Here one stream reads the body, splits its events, parses each
// event once and checks it with a small valibot schema before use; nothing else runs per token.
//
// It also does what createUpstreamFetch does for the other providers: an unreachable host becomes
// UpstreamUnreachableError, and a body that breaks off or ends without the provider's finish ([DONE] or a
// finish_reason) errors with StreamInterruptedError, so a half answer is never mistaken for a whole one.
import {
  APICallError,
  type LanguageModelV3,
  type LanguageModelV3CallOptions,
  type LanguageModelV3FinishReason,
  type LanguageModelV3Prompt,
  type LanguageModelV3StreamPart,
  type LanguageModelV3Usage,
} from "@ai-sdk/provider";
import * as v from "valibot";
import { StreamInterruptedError, UpstreamUnreachableError } from "./upstream-fetch";

export interface ChatCompletionsSettings {
  /** Names the provider in errors and metadata, e.g. "xai". */
  provider: string;
  /** Up to and including the version segment, e.g. https://api.x.ai/v1; the model posts to {baseURL}/chat/completions. */
  baseURL: string;
  apiKey?: string;
  model: string;
  /** Ask for the usage chunk at the end of the stream (stream_options.include_usage). */
  includeUsage?: boolean;
  /** The fetch to call the provider with (the runtime's by default), as the AI SDK providers take one. */
  fetch?: typeof fetch;
}

/** The fields of a streamed chunk this model reads; anything else passes by unchecked. */
const ChunkSchema = v.looseObject({
  choices: v.optional(
    v.array(
      v.looseObject({
        delta: v.optional(v.nullable(v.looseObject({ content: v.optional(v.nullable(v.string())) }))),
        finish_reason: v.optional(v.nullable(v.string())),
      }),
    ),
  ),
  usage: v.optional(
    v.nullable(
      v.looseObject({
        prompt_tokens: v.optional(v.nullable(v.number())),
        completion_tokens: v.optional(v.nullable(v.number())),
      }),
    ),
  ),
  /** xAI's live search sends its sources as a list of URLs. */
  citations: v.optional(v.nullable(v.array(v.string()))),
  /** An in-stream failure: OpenAI's {error:{message,type,code}}, or xAI's {code, error}. */
  error: v.optional(v.unknown()),
});

const UNIFIED_FINISH: Record<string, LanguageModelV3FinishReason["unified"]> = {
  stop: "stop",
  length: "length",
  content_filter: "content-filter",
  tool_calls: "tool-calls",
  function_call: "tool-calls",
};

/** Base64 of bytes, in slices so a 5 MB image does not overflow the argument list of String.fromCharCode. */
function base64Of(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** An image part as the Chat Completions `image_url` content part (a data URL), or null for any other part. */
function imagePart(p: LanguageModelV3Prompt[number]["content"][number]) {
  if (typeof p === "string" || p.type !== "file" || !p.mediaType.startsWith("image/")) return null;
  const url =
    p.data instanceof URL
      ? p.data.href
      : typeof p.data === "string"
        ? `data:${p.mediaType};base64,${p.data}`
        : `data:${p.mediaType};base64,${base64Of(p.data)}`;
  return { type: "image_url" as const, image_url: { url } };
}

type ContentPart = { type: "text"; text: string } | { type: "image_url"; image_url: { url: string } };
type WireMessage = { role: string; content: string | ContentPart[] };

function toMessages(prompt: LanguageModelV3Prompt): WireMessage[] {
  return prompt.flatMap((m): WireMessage[] => {
    if (m.role === "system") return [{ role: "system", content: m.content }];
    if (m.role === "user" || m.role === "assistant") {
      const text = m.content.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("");
      // A user message with images (vision input) is sent as content parts; any other message as plain text.
      const images = m.role === "user" ? m.content.flatMap((p) => imagePart(p) ?? []) : [];
      if (images.length > 0) return [{ role: m.role, content: [{ type: "text" as const, text }, ...images] }];
      return [{ role: m.role, content: text }];
    }
    return [];
  });
}

/** The provider's error message from an error body, for the APICallError's message. */
function messageOf(body: string, fallback: string): string {
  try {
    const json: unknown = JSON.parse(body);
    if (typeof json === "object" && json !== null) {
      const { error, message } = json as { error?: unknown; message?: unknown };
      if (typeof error === "string") return error;
      if (typeof error === "object" && error !== null && typeof (error as { message?: unknown }).message === "string") {
        return (error as { message: string }).message;
      }
      if (typeof message === "string") return message;
    }
  } catch {
    // not JSON
  }
  return body.slice(0, 500) || fallback;
}

function isAbort(err: unknown, signal: AbortSignal | undefined): boolean {
  return (
    signal?.aborted === true || (err instanceof Error && (err.name === "AbortError" || err.name === "TimeoutError"))
  );
}

export function createChatCompletionsModel(settings: ChatCompletionsSettings): LanguageModelV3 {
  const url = `${settings.baseURL.replace(/\/+$/, "")}/chat/completions`;
  return {
    specificationVersion: "v3",
    provider: `${settings.provider}.chat`,
    modelId: settings.model,
    supportedUrls: {},
    doGenerate: () => Promise.reject(new Error("Mây streams every answer; doGenerate is not used")),
    async doStream(options: LanguageModelV3CallOptions) {
      const body = {
        model: settings.model,
        messages: toMessages(options.prompt),
        stream: true,
        ...(settings.includeUsage ? { stream_options: { include_usage: true } } : {}),
        ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
        ...(options.topP !== undefined ? { top_p: options.topP } : {}),
        ...(options.maxOutputTokens !== undefined ? { max_tokens: options.maxOutputTokens } : {}),
      };
      const signal = options.abortSignal;
      let response: Response;
      try {
        response = await (settings.fetch ?? fetch)(url, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            Accept: "text/event-stream",
            ...(settings.apiKey ? { Authorization: `Bearer ${settings.apiKey}` } : {}),
            ...options.headers,
          },
          body: JSON.stringify(body),
          signal,
        });
      } catch (err) {
        if (isAbort(err, signal)) throw err;
        throw new UpstreamUnreachableError(url, err);
      }
      const responseHeaders = Object.fromEntries(response.headers);
      if (!response.ok || !response.body) {
        const responseBody = await response.text().catch(() => "");
        throw new APICallError({
          message: messageOf(responseBody, response.statusText),
          url,
          requestBodyValues: body,
          statusCode: response.status,
          responseHeaders,
          responseBody,
          isRetryable:
            response.status === 408 || response.status === 409 || response.status === 429 || response.status >= 500,
        });
      }
      return { stream: partsOf(response.body, signal), request: { body }, response: { headers: responseHeaders } };
    },
  };
}

/** The stream of parts of one SSE body: one read, one split and one parse per event, nothing more. */
function partsOf(
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal | undefined,
): ReadableStream<LanguageModelV3StreamPart> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const TEXT_ID = "text-0";
  let buffer = "";
  let textStarted = false;
  let finished = false; // [DONE] or a finish_reason went by
  let failed = false;
  let finishReason: LanguageModelV3FinishReason = { unified: "other", raw: undefined };
  const usage: LanguageModelV3Usage = {
    inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: undefined, text: undefined, reasoning: undefined },
  };
  const sources = new Set<string>();
  /** Parts enqueued so far: a pull returns once it has enqueued one. */
  let emitted = 0;
  const emit = (out: ReadableStreamDefaultController<LanguageModelV3StreamPart>, part: LanguageModelV3StreamPart) => {
    emitted++;
    out.enqueue(part);
  };

  const handle = (data: string, out: ReadableStreamDefaultController<LanguageModelV3StreamPart>) => {
    if (data === "[DONE]") {
      finished = true;
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch (err) {
      failed = true;
      emit(out, { type: "error", error: err });
      return;
    }
    const parsed = v.safeParse(ChunkSchema, json);
    if (!parsed.success) return; // not a chunk this model understands: skipped, never cast
    const chunk = parsed.output;
    if (chunk.error != null) {
      failed = true;
      // OpenAI's shape nests the details ({error:{type,code,message}}); xAI's puts its code beside a string error.
      emit(out, { type: "error", error: typeof chunk.error === "object" ? chunk.error : json });
      return;
    }
    for (const url of chunk.citations ?? []) sources.add(url);
    if (chunk.usage) {
      usage.inputTokens.total = chunk.usage.prompt_tokens ?? undefined;
      usage.outputTokens.total = chunk.usage.completion_tokens ?? undefined;
    }
    const choice = chunk.choices?.[0];
    const content = choice?.delta?.content;
    if (content) {
      if (!textStarted) {
        textStarted = true;
        emit(out, { type: "text-start", id: TEXT_ID });
      }
      emit(out, { type: "text-delta", id: TEXT_ID, delta: content });
    }
    if (choice?.finish_reason) {
      finished = true;
      finishReason = { unified: UNIFIED_FINISH[choice.finish_reason] ?? "other", raw: choice.finish_reason };
    }
  };

  const scan = (text: string, out: ReadableStreamDefaultController<LanguageModelV3StreamPart>) => {
    buffer += text;
    let start = 0;
    for (;;) {
      const end = buffer.indexOf("\n", start);
      if (end === -1) break;
      const line = buffer.charCodeAt(end - 1) === 13 ? buffer.slice(start, end - 1) : buffer.slice(start, end);
      start = end + 1;
      if (line.startsWith("data:") && !failed) handle(line.slice(line.charCodeAt(5) === 32 ? 6 : 5), out);
    }
    buffer = start === 0 ? buffer : buffer.slice(start);
  };

  return new ReadableStream<LanguageModelV3StreamPart>({
    start(out) {
      out.enqueue({ type: "stream-start", warnings: [] });
    },
    // A pull must enqueue something or end the stream (the stream does not pull again by itself), so it reads on
    // until a chunk completes at least one event.
    async pull(out) {
      for (;;) {
        let result: ReadableStreamReadResult<Uint8Array>;
        try {
          result = await reader.read();
        } catch (err) {
          out.error(
            isAbort(err, signal)
              ? err
              : new StreamInterruptedError("The connection to the model provider broke off mid-answer", err),
          );
          return;
        }
        if (!result.done) {
          const before = emitted;
          scan(decoder.decode(result.value, { stream: true }), out);
          if (emitted !== before || failed) return;
          continue;
        }
        scan(`${decoder.decode()}\n`, out);
        if (failed) {
          out.close();
          return;
        }
        if (!finished) {
          out.error(new StreamInterruptedError("The model provider's stream ended without its finish event"));
          return;
        }
        if (textStarted) out.enqueue({ type: "text-end", id: TEXT_ID });
        for (const url of sources) out.enqueue({ type: "source", sourceType: "url", id: url, url });
        out.enqueue({ type: "finish", finishReason, usage });
        out.close();
        return;
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
