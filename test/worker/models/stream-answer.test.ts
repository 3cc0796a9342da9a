// streamAnswer on its own, with hand-made language models: the idle timeout, the caller's stop, and the mapping of
// failures that do not need a network (errors thrown by doStream, errors inside the stream, source parts).
import type { LanguageModelV3, LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { APICallError } from "@ai-sdk/provider";
import { afterEach, describe, expect, it, vi } from "vitest";
import { IDLE_TIMEOUT_MS, streamAnswer } from "../../../worker/models/stream-answer";
import { collect, textOf, userMessages, within } from "./model-helpers";

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** A model whose doStream runs `stream`, recording the abort signal it was given. */
function modelWith(
  stream: (signal: AbortSignal | undefined) => ReadableStream<LanguageModelV3StreamPart> | Promise<never>,
) {
  const calls: { signal: AbortSignal | undefined }[] = [];
  const model: LanguageModelV3 = {
    specificationVersion: "v3",
    provider: "test",
    modelId: "test-model",
    supportedUrls: {},
    doGenerate: () => Promise.reject(new Error("not used")),
    doStream: async (options) => {
      calls.push({ signal: options.abortSignal });
      const result = stream(options.abortSignal);
      return { stream: await result };
    },
  };
  return { model, calls };
}

function partsStream(parts: LanguageModelV3StreamPart[], then: "close" | "hang" = "close") {
  return new ReadableStream<LanguageModelV3StreamPart>({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      if (then === "close") controller.close();
    },
  });
}

const textParts = (...deltas: string[]): LanguageModelV3StreamPart[] => [
  { type: "stream-start", warnings: [] },
  { type: "text-start", id: "t" },
  ...deltas.map((delta) => ({ type: "text-delta" as const, id: "t", delta })),
];
const finish: LanguageModelV3StreamPart[] = [
  { type: "text-end", id: "t" },
  { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage },
];

afterEach(() => {
  vi.useRealTimers();
});

describe("streamAnswer", () => {
  it("maps text deltas to text parts in order", async () => {
    const { model } = modelWith(() => partsStream([...textParts("One", " two", " three"), ...finish]));
    const parts = await collect({
      model,
      prompt: { messages: userMessages("count") },
      abortSignal: new AbortController().signal,
    });
    expect(parts).toEqual([
      { type: "text", text: "One" },
      { type: "text", text: " two" },
      { type: "text", text: " three" },
    ]);
  });

  it("gathers url sources into one citations part, without duplicates or document sources", async () => {
    const { model } = modelWith(() =>
      partsStream([
        ...textParts("See sources"),
        { type: "source", sourceType: "url", id: "s1", url: "https://a.example/", title: "A" },
        { type: "source", sourceType: "document", id: "s2", mediaType: "text/plain", title: "file.txt" },
        { type: "source", sourceType: "url", id: "s3", url: "https://b.example/" },
        { type: "source", sourceType: "url", id: "s4", url: "https://a.example/", title: "A again" },
        ...finish,
      ]),
    );
    const parts = await collect({
      model,
      prompt: { messages: userMessages("sources") },
      abortSignal: new AbortController().signal,
    });
    expect(parts).toEqual([
      { type: "text", text: "See sources" },
      { type: "citations", citations: [{ url: "https://a.example/", title: "A" }, { url: "https://b.example/" }] },
    ]);
  });

  it.each([
    [401, "provider_auth_failed"],
    [403, "provider_auth_failed"],
    [429, "provider_rate_limited"],
    [500, "provider_unavailable"],
    [503, "provider_unavailable"],
    [404, "provider_error"],
    [422, "provider_error"],
  ] as const)("maps an upstream %i to %s", async (status, code) => {
    const { model } = modelWith(() =>
      Promise.reject(
        new APICallError({
          message: `HTTP ${status}`,
          url: "https://up.example/v1",
          requestBodyValues: {},
          statusCode: status,
        }),
      ),
    );
    const parts = await collect({
      model,
      prompt: { messages: userMessages("hi") },
      abortSignal: new AbortController().signal,
    });
    expect(parts).toEqual([{ type: "error", code, message: expect.any(String) }]);
  });

  it("maps an unexpected failure to provider_error with a message for users, not the internal one", async () => {
    const { model } = modelWith(() => Promise.reject(new Error("secret internal detail")));
    const parts = await collect({
      model,
      prompt: { messages: userMessages("hi") },
      abortSignal: new AbortController().signal,
    });
    expect(parts).toEqual([{ type: "error", code: "provider_error", message: expect.not.stringContaining("secret") }]);
  });

  it("stops at the first error inside the stream, keeping the text before it", async () => {
    const { model } = modelWith(() =>
      partsStream([
        ...textParts("Partial"),
        { type: "error", error: { type: "rate_limit_error", message: "slow down" } },
        ...textParts(" more"),
        ...finish,
      ]),
    );
    const parts = await collect({
      model,
      prompt: { messages: userMessages("hi") },
      abortSignal: new AbortController().signal,
    });
    expect(parts).toEqual([
      { type: "text", text: "Partial" },
      { type: "error", code: "provider_rate_limited", message: expect.any(String) },
    ]);
  });

  it("yields nothing when the caller has already aborted", async () => {
    const { model, calls } = modelWith(() => partsStream([...textParts("never"), ...finish]));
    const controller = new AbortController();
    controller.abort();
    const parts = await collect({ model, prompt: { messages: userMessages("hi") }, abortSignal: controller.signal });
    expect(parts).toEqual([]);
    expect(calls).toHaveLength(0);
  });

  it("ends quietly when the caller aborts while the model is silent, and aborts the model's request", async () => {
    const { model, calls } = modelWith(() => partsStream(textParts("first"), "hang"));
    const controller = new AbortController();
    const run = collect({ model, prompt: { messages: userMessages("hi") }, abortSignal: controller.signal });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    setTimeout(() => controller.abort(), 20);
    const parts = await within(2_000, run);
    expect(textOf(parts)).toBe("first");
    expect(parts.some((p) => p.type === "error")).toBe(false);
    expect(calls[0]?.signal?.aborted).toBe(true);
  });

  it("gives up with provider_unavailable after the idle timeout, and cancels the upstream request", async () => {
    vi.useFakeTimers();
    const { model, calls } = modelWith(() => partsStream(textParts("started"), "hang"));
    const gen = streamAnswer({
      model,
      prompt: { messages: userMessages("hi") },
      abortSignal: new AbortController().signal,
    });
    expect(await gen.next()).toEqual({ done: false, value: { type: "text", text: "started" } });

    let settled = false;
    const next = gen.next().finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(IDLE_TIMEOUT_MS - 1_000);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await next).toEqual({
      done: false,
      value: { type: "error", code: "provider_unavailable", message: expect.any(String) },
    });
    expect(await gen.next()).toEqual({ done: true, value: undefined });
    expect(calls[0]?.signal?.aborted).toBe(true);
  });

  it("cancels the upstream request when the consumer stops reading early", async () => {
    const { model, calls } = modelWith(() => partsStream(textParts("a", "b", "c"), "hang"));
    for await (const part of streamAnswer({
      model,
      prompt: { messages: userMessages("hi") },
      abortSignal: new AbortController().signal,
    })) {
      expect(part).toEqual({ type: "text", text: "a" });
      break;
    }
    expect(calls[0]?.signal?.aborted).toBe(true);
  });
});
