// Every provider, end to end: the real registry builds the real AI SDK provider, which calls the fake upstream
// speaking that provider's wire format; streamAnswer must turn each outcome into the right parts, and never hang.
// Then the model layer's other parts (the chat-completions model, streamAnswer alone, the offline model) and the web
// search the turn calls (each search adapter against its fake, the turn's search step). One file, so workerd loads the
// worker once for all of them.
import { env } from "cloudflare:workers";
import { APICallError, type LanguageModelV3, type LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { AppError } from "../../../worker/errors";
import { createChatCompletionsModel } from "../../../worker/models/chat-completions";
import { composeOfflineAnswer, createOfflineModel, splitIntoChunks } from "../../../worker/models/offline-model";
import { createModelRegistry } from "../../../worker/models/registry";
import { type AnswerPrompt, IDLE_TIMEOUT_MS, streamAnswer } from "../../../worker/models/stream-answer";
import { buildPersonalization } from "../../../worker/personalization/build-personalization";
import { EXPERT_PERSONA_SPECS } from "../../../worker/personalization/personas";
import { createSearchSource, type SearchEnv } from "../../../worker/search/registry";
import { isSearchTurn, searchContextFor } from "../../../worker/search/turn-search";
import { FAKE_SEARCH_KEYS, FAKE_SEARCH_QUERIES, FAKE_SEARCH_QUERIES as Q } from "../../support/fake-search-scenarios";
import {
  FAKE_CITATIONS,
  FAKE_CUT_TEXT,
  FAKE_MODELS,
  FAKE_OK_CHUNKS,
  FAKE_OK_TEXT,
} from "../../support/fake-upstream-scenarios";
import {
  collect,
  errorsOf,
  PROVIDER_SETUPS,
  requestsWithKey,
  resolveOnFake,
  textOf,
  uniqueKey,
  userMessages,
  within,
} from "./model-helpers";

/** Every scenario must end well inside this many milliseconds; the fake answers in tens of milliseconds. */
const DEADLINE_MS = 5_000;

const SYSTEM = "You are a test assistant.";

// The vendor SDKs load on a model's first call (providers.ts); load them here, so each scenario's deadline measures
// the stream and not the test runner's module loading.
beforeAll(async () => {
  await Promise.all([import("@ai-sdk/openai"), import("@ai-sdk/anthropic"), import("@ai-sdk/google")]);
});

describe.each(PROVIDER_SETUPS)("$provider provider", ({ provider, path, keyHeader }) => {
  async function run(model: string, question = "What is a cloud?") {
    const apiKey = uniqueKey(provider);
    const resolved = resolveOnFake(provider, model, apiKey);
    expect(resolved.offline).toBe(false);
    const parts = await within(
      DEADLINE_MS,
      collect({
        model: resolved.model,
        prompt: { system: SYSTEM, messages: userMessages(question) },
        abortSignal: new AbortController().signal,
      }),
    );
    return { parts, apiKey };
  }

  it("streams the upstream's text in several parts and assembles it exactly", async () => {
    const { parts } = await run(FAKE_MODELS.ok);
    expect(errorsOf(parts)).toEqual([]);
    expect(textOf(parts)).toBe(FAKE_OK_TEXT);
    expect(parts.filter((p) => p.type === "text").length).toBeGreaterThanOrEqual(FAKE_OK_CHUNKS.length - 1);
  });

  it("sends the configured key, the routed model and the conversation to the provider's endpoint", async () => {
    const question = `Tell me about clouds ${crypto.randomUUID()}`;
    const { apiKey } = await run(FAKE_MODELS.ok, question);
    const requests = await requestsWithKey(apiKey);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe(path(FAKE_MODELS.ok));
    expect(request?.headers[keyHeader]).toBe(keyHeader === "authorization" ? `Bearer ${apiKey}` : apiKey);
    expect(request?.model).toBe(FAKE_MODELS.ok);
    const body = JSON.stringify(request?.body);
    expect(body).toContain(question);
    expect(body).toContain(SYSTEM);
  });

  it("reports a 401 as one provider_auth_failed error and no text", async () => {
    const { parts } = await run(FAKE_MODELS.unauthorized);
    expect(parts).toEqual([
      { type: "error", code: "provider_auth_failed", message: expect.stringMatching(/credentials|key/i) },
    ]);
  });

  it("reports a 403 as provider_auth_failed", async () => {
    const { parts } = await run(FAKE_MODELS.forbidden);
    expect(parts).toEqual([expect.objectContaining({ type: "error", code: "provider_auth_failed" })]);
  });

  it("reports a 429 as provider_rate_limited with a message asking to retry", async () => {
    const { parts } = await run(FAKE_MODELS.rateLimited);
    expect(parts).toEqual([
      {
        type: "error",
        code: "provider_rate_limited",
        message: "The model provider is rate limiting requests. Please try again in a minute.",
      },
    ]);
  });

  it("reports an overloaded or unavailable upstream as provider_unavailable", async () => {
    const { parts } = await run(FAKE_MODELS.unavailable);
    expect(parts).toEqual([expect.objectContaining({ type: "error", code: "provider_unavailable" })]);
  });

  it("reports any other rejection as provider_error", async () => {
    const { parts } = await run(FAKE_MODELS.badRequest);
    expect(parts).toEqual([expect.objectContaining({ type: "error", code: "provider_error" })]);
  });

  it("keeps the text so far, then reports stream_interrupted when the socket is destroyed mid-answer", async () => {
    const { parts } = await run(FAKE_MODELS.cut);
    expect(textOf(parts)).toBe(FAKE_CUT_TEXT);
    expect(errorsOf(parts)).toHaveLength(1);
    expect(parts.at(-1)).toEqual(expect.objectContaining({ type: "error", code: "stream_interrupted" }));
  });

  it("reports stream_interrupted when the body ends without the provider's finish event", async () => {
    const { parts } = await run(FAKE_MODELS.truncated);
    expect(textOf(parts)).toBe(FAKE_CUT_TEXT);
    expect(errorsOf(parts)).toHaveLength(1);
    expect(parts.at(-1)).toEqual(expect.objectContaining({ type: "error", code: "stream_interrupted" }));
  });

  it("keeps the text so far, then reports the provider's in-stream overload error", async () => {
    const { parts } = await run(FAKE_MODELS.streamError);
    expect(textOf(parts)).toBe(FAKE_CUT_TEXT);
    expect(errorsOf(parts)).toHaveLength(1);
    expect(parts.at(-1)).toEqual(expect.objectContaining({ type: "error", code: "provider_unavailable" }));
  });

  it("ends quietly and promptly when the caller aborts mid-answer", async () => {
    const apiKey = uniqueKey(provider);
    const resolved = resolveOnFake(provider, FAKE_MODELS.slow, apiKey);
    const controller = new AbortController();
    const parts = await within(
      DEADLINE_MS,
      (async () => {
        const seen = [];
        for await (const part of streamAnswer({
          model: resolved.model,
          prompt: { messages: userMessages("Talk slowly") },
          abortSignal: controller.signal,
        })) {
          seen.push(part);
          if (seen.length === 2) controller.abort();
        }
        return seen;
      })(),
    );
    expect(parts).toHaveLength(2);
    expect(parts.every((p) => p.type === "text")).toBe(true);
  });

  it("reports an unreachable upstream as provider_unavailable", async () => {
    // Port 9 (discard) on the loopback: nothing listens there in the test environment.
    const resolved = resolveOnFake(provider, FAKE_MODELS.ok, uniqueKey(provider), "http://127.0.0.1:9/v1");
    const parts = await within(
      DEADLINE_MS,
      collect({
        model: resolved.model,
        prompt: { messages: userMessages("Anyone there?") },
        abortSignal: new AbortController().signal,
      }),
    );
    expect(parts).toEqual([expect.objectContaining({ type: "error", code: "provider_unavailable" })]);
  });
});

describe("provider-specific failures and citations", () => {
  it("reports Google's 400 API_KEY_INVALID answer to a wrong key as provider_auth_failed", async () => {
    const resolved = resolveOnFake("google", FAKE_MODELS.badKey, uniqueKey("google"));
    const parts = await within(
      DEADLINE_MS,
      collect({
        model: resolved.model,
        prompt: { messages: userMessages("hi there") },
        abortSignal: new AbortController().signal,
      }),
    );
    expect(parts).toEqual([expect.objectContaining({ type: "error", code: "provider_auth_failed" })]);
  });

  it.each(["openai", "xai", "google"] as const)(
    "turns %s url citations into one citations part after the text",
    async (provider) => {
      const resolved = resolveOnFake(provider, FAKE_MODELS.cited, uniqueKey(provider));
      const parts = await within(
        DEADLINE_MS,
        collect({
          model: resolved.model,
          prompt: { messages: userMessages("Sources?") },
          abortSignal: new AbortController().signal,
        }),
      );
      expect(textOf(parts)).toBe(FAKE_OK_TEXT);
      const citationParts = parts.filter((p) => p.type === "citations");
      expect(citationParts).toHaveLength(1);
      expect(parts.at(-1)?.type).toBe("citations");
      const urls = citationParts[0]?.type === "citations" ? citationParts[0].citations.map((c) => c.url) : [];
      expect(urls).toEqual(FAKE_CITATIONS.map((c) => c.url));
    },
  );
});

// ---- chat-completions --------------------------------------------------------------------------------------------
// The lean chat-completions model on byte streams a network really delivers: events split anywhere (mid-line,
// mid-character), CRLF line ends, comments and keep-alives, and chunks it does not understand.
const chunk = (content: string | null, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: "c1", object: "chat.completion.chunk", choices: [{ index: 0, delta: content === null ? {} : { content }, finish_reason: finish }] })}`;

/** A model whose provider answers `body`, delivered in pieces of `size` bytes. */
function modelAnswering(body: string, size: number, seen: { request?: RequestInit } = {}) {
  const bytes = new TextEncoder().encode(body);
  const fakeFetch: typeof fetch = async (_url, init) => {
    seen.request = init;
    let at = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(at, at + size));
        at += size;
      },
    });
    return new Response(stream, { headers: { "Content-Type": "text/event-stream" } });
  };
  return createChatCompletionsModel({
    provider: "test",
    baseURL: "https://provider.test/v1",
    apiKey: "k",
    model: "m",
    fetch: fakeFetch,
  });
}

async function partsOf(body: string, size: number) {
  const model = modelAnswering(body, size);
  const { stream } = await model.doStream({ prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] });
  const parts: LanguageModelV3StreamPart[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return parts;
    parts.push(value);
  }
}

const text = (parts: LanguageModelV3StreamPart[]) =>
  parts.flatMap((p) => (p.type === "text-delta" ? [p.delta] : [])).join("");

describe("the chat-completions model", () => {
  const body = [
    chunk("Xin chào"),
    ": keep-alive comment",
    chunk(" mây ☁️"),
    'data: {"unexpected":true}',
    chunk(" 云", "stop"),
    "data: [DONE]",
    "",
  ].join("\r\n\r\n");

  it.each([1, 2, 3, 7, 64, 100_000])(
    "assembles the same text from %i-byte pieces, with CRLF line ends",
    async (size) => {
      const parts = await partsOf(body, size);
      expect(text(parts)).toBe("Xin chào mây ☁️ 云");
      expect(parts.at(-1)).toMatchObject({ type: "finish", finishReason: { unified: "stop", raw: "stop" } });
    },
  );

  it("errors with StreamInterruptedError when the body ends without [DONE] or a finish_reason", async () => {
    const model = modelAnswering(`${chunk("Half")}\n\n`, 5);
    const { stream } = await model.doStream({ prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] });
    const reader = stream.getReader();
    await expect(
      (async () => {
        for (;;) if ((await reader.read()).done) return;
      })(),
    ).rejects.toMatchObject({ name: "StreamInterruptedError" });
  });

  it("sends the system prompt, the conversation and the sampling settings in the chat-completions shape", async () => {
    const seen: { request?: RequestInit } = {};
    const model = modelAnswering(`${chunk("ok", "stop")}\n\n`, 100, seen);
    await model.doStream({
      prompt: [
        { role: "system", content: "Be brief." },
        { role: "user", content: [{ type: "text", text: "hi" }] },
        { role: "assistant", content: [{ type: "text", text: "hello" }] },
        { role: "user", content: [{ type: "text", text: "again" }] },
      ],
      temperature: 0.2,
      topP: 0.9,
    });
    expect(JSON.parse(String(seen.request?.body))).toEqual({
      model: "m",
      stream: true,
      temperature: 0.2,
      top_p: 0.9,
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "hi" },
        { role: "assistant", content: "hello" },
        { role: "user", content: "again" },
      ],
    });
    expect(new Headers(seen.request?.headers).get("authorization")).toBe("Bearer k");
  });
});

// ---- stream-answer -----------------------------------------------------------------------------------------------
// streamAnswer on its own, with hand-made language models: the idle timeout, the caller's stop, and the mapping of
// failures that do not need a network (errors thrown by doStream, errors inside the stream, source parts).
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

// ---- offline-model -----------------------------------------------------------------------------------------------
// The offline model as the product uses it: resolved by the registry with no keys, streamed through streamAnswer.
type ModelMessage = AnswerPrompt["messages"][number];

function offlineModel(delayMs = 0): LanguageModelV3 {
  return createOfflineModel({ delayMs });
}

async function answer(messages: ModelMessage[], model = offlineModel()) {
  const parts = await within(
    5_000,
    collect({ model, prompt: { system: "You are Mây.", messages }, abortSignal: new AbortController().signal }),
  );
  expect(errorsOf(parts)).toEqual([]);
  return { parts, text: textOf(parts) };
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);

describe("the offline model", () => {
  it("is what the registry serves with the test environment's blank keys", async () => {
    const resolved = createModelRegistry(env).resolve("gpt-4.1-mini");
    expect(resolved?.offline).toBe(true);
    const { text } = await answer(userMessages("How do clouds form?"), resolved?.model as LanguageModelV3);
    expect(text).toContain("How do clouds form?");
  });

  it("gives the same answer, in the same chunks, to the same conversation", async () => {
    const conversation: ModelMessage[] = [
      { role: "user", content: "What is the capital of Vietnam?" },
      { role: "assistant", content: "Hà Nội." },
      { role: "user", content: "And its population?" },
    ];
    const first = await answer(conversation);
    const second = await answer(conversation);
    expect(second.text).toBe(first.text);
    expect(second.parts).toEqual(first.parts);
  });

  it("varies its layout with the prompt", async () => {
    const prompts = Array.from({ length: 12 }, (_, i) => `Question number ${i}: how does topic ${i * 7} work?`);
    const headings = new Set<string>();
    const codeLanguages = new Set<string>();
    for (const prompt of prompts) {
      const { text } = await answer(userMessages(prompt));
      headings.add(text.split("\n")[0]?.replace(/[:“].*$/u, "") ?? "");
      codeLanguages.add(/```(\w+)/.exec(text)?.[1] ?? "");
    }
    expect(headings.size).toBeGreaterThan(1);
    expect(codeLanguages.size).toBeGreaterThan(1);
  });

  it.each([
    "Why is the sky blue?",
    "Can you explain, in simple terms, how a compiler turns source code into a program that runs on my laptop?",
    "Объясните простыми словами, как компилятор превращает исходный код в программу?",
    "Какая сегодня погода?",
  ])(
    "writes 120–200 words of Markdown with a heading, the question, a list, a code block and a table: %s",
    async (question) => {
      const { text } = await answer(userMessages(question));
      expect(words(text).length).toBeGreaterThanOrEqual(120);
      expect(words(text).length).toBeLessThanOrEqual(200);
      expect(text).toMatch(/^## \S.*$/m);
      expect(text).toContain(question.slice(0, 60));
      expect(text.match(/^- \S.*$/gm)?.length).toBeGreaterThanOrEqual(3);
      expect(text).toMatch(/^```\w+\n[\s\S]+?\n```$/m);
      expect(text).toMatch(/^\| .+ \| .+ \|\n\| --- \| --- \|\n(\| .+ \| .+ \|\n?){3}/m);
    },
  );

  it("keeps Vietnamese and Chinese answers to the same length, counted as they are written", async () => {
    // Vietnamese writes each syllable apart (a word is one to three of them); Chinese writes no spaces at all.
    for (const question of [
      "Thời tiết hôm nay thế nào?",
      "Bạn có thể giải thích trình biên dịch biến mã nguồn thành chương trình chạy trên máy tính như thế nào không?",
    ]) {
      const syllables = words((await answer(userMessages(question))).text).length;
      expect(syllables).toBeGreaterThanOrEqual(150);
      expect(syllables).toBeLessThanOrEqual(240);
    }
    const chinese = (await answer(userMessages("请解释一下云是如何形成的？"))).text;
    const hanCount = chinese.match(/\p{Script=Han}/gu)?.length ?? 0;
    expect(hanCount).toBeGreaterThanOrEqual(150);
    expect(hanCount).toBeLessThanOrEqual(400);
    expect(chinese).toMatch(/^```\w+\n[\s\S]+?\n```$/m);
  });

  it("says near the top that it is Mây's offline model because no provider is configured", async () => {
    const { text } = await answer(userMessages("What can you do?"));
    const top = text.split("\n\n").slice(0, 2).join("\n");
    expect(top).toContain("Mây's offline model");
    expect(top).toMatch(/no AI provider is configured/i);
  });

  it.each([
    ["vi", "Thời tiết hôm nay ở Hà Nội thế nào?", "mô hình ngoại tuyến của Mây", "Tiếng Việt"],
    ["en", "What is the weather like in Hanoi today?", "Mây's offline model", "English"],
    ["ru", "Какая сегодня погода в Ханое?", "офлайн-модель Mây", "Русский"],
    ["zh", "今天河内的天气怎么样？", "Mây 的离线模型", "中文"],
  ])("answers a %s question in that language", async (_language, question, notice, languageName) => {
    const { text } = await answer(userMessages(question));
    expect(text).toContain(notice);
    expect(text).toContain(`| ${languageName} |`);
    expect(text).toContain(question);
  });

  it("follows the language of the last user message, not earlier ones", async () => {
    const { text } = await answer([
      { role: "user", content: "Xin chào, bạn khỏe không?" },
      { role: "assistant", content: "Tôi khỏe." },
      { role: "user", content: "Please answer in English from now on." },
    ]);
    expect(text).toContain("Mây's offline model");
  });

  it("streams a word or two per part", async () => {
    const { parts } = await answer(userMessages("Tell me about the monsoon season in Southeast Asia."));
    const texts = parts.flatMap((p) => (p.type === "text" ? [p.text] : []));
    expect(texts.length).toBeGreaterThan(60);
    for (const t of texts) expect(words(t).length).toBeLessThanOrEqual(2);
  });

  it("streams Chinese, which has no spaces, in small pieces too", async () => {
    const { parts } = await answer(userMessages("请详细解释一下云是如何形成的，以及为什么会下雨。"));
    const texts = parts.flatMap((p) => (p.type === "text" ? [p.text] : []));
    for (const t of texts) expect(Array.from(t.trim()).length).toBeLessThanOrEqual(24);
  });

  it("pauses the configured delay before each chunk", async () => {
    const messages = userMessages("Explain rainbows.");
    const prompt = [{ role: "user" as const, content: [{ type: "text" as const, text: "Explain rainbows." }] }];
    const expected = composeOfflineAnswer(prompt);
    const chunkCount = splitIntoChunks(expected.text, expected.hash).length;
    const delayMs = 3;
    const started = Date.now();
    const { text } = await answer(messages, offlineModel(delayMs));
    expect(Date.now() - started).toBeGreaterThanOrEqual(chunkCount * delayMs);
    expect(text).toBe(expected.text);
  });

  it("stops promptly, without an error, when the caller aborts", async () => {
    const controller = new AbortController();
    // A pause far longer than the test's deadline: only a prompt reaction to the abort lets it finish in time.
    const model = offlineModel(5_000);
    const started = Date.now();
    const seen: string[] = [];
    const run = (async () => {
      for await (const part of streamAnswer({
        model,
        prompt: { messages: userMessages("A long answer please") },
        abortSignal: controller.signal,
      })) {
        seen.push(part.type);
      }
    })();
    setTimeout(() => controller.abort(), 50);
    await within(2_000, run);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(seen).toEqual([]);
  });

  it("emits the AI SDK stream parts in order: stream-start, text-start, deltas, text-end, finish with usage", async () => {
    const model = offlineModel();
    const { stream } = await model.doStream({
      prompt: [{ role: "user", content: [{ type: "text", text: "Parts?" }] }],
    });
    const parts: LanguageModelV3StreamPart[] = [];
    for await (const part of stream) parts.push(part);
    const types = parts.map((p) => p.type).filter((t) => t !== "response-metadata");
    const deltas = types.filter((t) => t === "text-delta").length;
    expect(deltas).toBeGreaterThan(10);
    expect(types).toEqual(["stream-start", "text-start", ...Array(deltas).fill("text-delta"), "text-end", "finish"]);
    const last = parts.at(-1);
    expect(last?.type === "finish" && last.usage.outputTokens.total).toBe(deltas);
    expect(last?.type === "finish" && last.finishReason.unified).toBe("stop");
  });

  it("generates the same text without streaming", async () => {
    const model = offlineModel(50);
    const prompt = [{ role: "user" as const, content: [{ type: "text" as const, text: "Same either way?" }] }];
    const generated = await model.doGenerate({ prompt });
    const { text } = await answer(userMessages("Same either way?"), offlineModel());
    expect(generated.content).toEqual([{ type: "text", text }]);
    expect(generated.finishReason.unified).toBe("stop");
  });
});

describe("the offline model shows the user's settings it received", () => {
  const ask = (system: string, question: string) => [
    { role: "system" as const, content: system },
    { role: "user" as const, content: [{ type: "text" as const, text: question }] },
  ];

  it("lists the expert, the style, the custom instructions, the remembered facts and the temperature", () => {
    const personal = buildPersonalization({
      settings: {
        chatCustomization: "Always answer like a pirate.",
        enableAiCustom: true,
        allowNewChats: true,
        memoryEnabled: true,
      },
      style: "superCreative",
      memories: [{ content: "Lives in Đà Nẵng" }, { content: "Has a cat" }],
      persona: EXPERT_PERSONA_SPECS["english-professor"],
    });
    const { text } = composeOfflineAnswer(
      ask(`You are Mây.\n\n${personal.system}`, "How do I say hello?"),
      personal.temperature,
    );
    expect(text).toContain("Your settings, as I received them:");
    expect(text).toContain("- Expert: English professor");
    expect(text).toContain("- Style: very creative");
    expect(text).toContain("- Custom instructions: “Always answer like a pirate.”");
    expect(text).toContain("- Remembered facts: 2");
    expect(text).toContain(`- Temperature: ${personal.temperature}`);
  });

  it("says nothing about settings when none applies, in the user's language otherwise", () => {
    expect(composeOfflineAnswer(ask("You are Mây.", "Xin chào")).text).not.toContain("Cài đặt");
    const personal = buildPersonalization({
      settings: {
        chatCustomization: "Trả lời ngắn gọn",
        enableAiCustom: true,
        allowNewChats: true,
        memoryEnabled: false,
      },
      style: null,
      memories: [],
    });
    const { text } = composeOfflineAnswer(ask(`You are Mây.\n\n${personal.system}`, "Thời tiết Hà Nội thế nào?"));
    expect(text).toContain("Cài đặt của bạn mà tôi nhận được:");
    expect(text).toContain("- Hướng dẫn tùy chỉnh: “Trả lời ngắn gọn”");
  });
});

// ---- adapters ----------------------------------------------------------------------------------------------------
// Each web search adapter against the local fake (test/support/fake-search.ts) speaking the provider's real wire
// format: results validated at the edge (invalid entries dropped), and 401/403, 429, other failures and a timeout each
// a clear typed error, never a hang.
const base = env.FAKE_SEARCH_URL;
/**
 * The providers' time limit in these tests, in milliseconds: long, so a fake that answers is never cut off on a loaded
 * machine; the tests of a provider that never answers set HANG_LIMIT_MS instead, to see the limit without waiting long.
 */
const LIMIT_MS = "10000";
const HANG_LIMIT_MS = "300";

const configs: Record<string, SearchEnv> = {
  tavily: {
    SEARCH_PROVIDER: "tavily",
    TAVILY_API_KEY: FAKE_SEARCH_KEYS.tavily,
    TAVILY_BASE_URL: `${base}/tavily`,
    SEARCH_TIMEOUT_MS: LIMIT_MS,
  },
  brave: {
    SEARCH_PROVIDER: "brave",
    BRAVE_SEARCH_API_KEY: FAKE_SEARCH_KEYS.brave,
    BRAVE_SEARCH_BASE_URL: `${base}/brave`,
    SEARCH_TIMEOUT_MS: LIMIT_MS,
  },
  searxng: { SEARCH_PROVIDER: "searxng", SEARXNG_BASE_URL: `${base}/searxng`, SEARCH_TIMEOUT_MS: LIMIT_MS },
};

async function requestsFor(q: string): Promise<any[]> {
  return (await fetch(`${base}/__requests?q=${encodeURIComponent(q)}`)).json();
}

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error("expected the search to fail");
}

describe.each(Object.entries(configs))("the %s adapter", (provider, config) => {
  const source = (limitMs = LIMIT_MS) => createSearchSource({ ...config, SEARCH_TIMEOUT_MS: limitMs });

  it("returns validated results with title, url, snippet and site", async () => {
    const query = `thời tiết hôm nay ở Hà Nội ${provider}`;
    const answer = await source().search(query);
    expect(answer).toMatchObject({ provider, offline: false });
    expect(answer.results).toHaveLength(3);
    expect(answer.results[0]).toEqual({
      title: `${query} — Wikipedia`,
      url: expect.stringMatching(/^https:\/\/en\.wikipedia\.org\/wiki\//),
      snippet: `An encyclopedia article about ${query}.`,
      site: expect.stringMatching(/^(Wikipedia|en\.wikipedia\.org)$/),
    });
    for (const r of answer.results) expect(r.snippet).not.toMatch(/<[^>]+>/);
  });

  it("asks at most maxResults and keeps at most that many", async () => {
    const answer = await source().search(`limit test ${provider}`, { maxResults: 2 });
    expect(answer.results).toHaveLength(2);
  });

  it("drops invalid entries and duplicates instead of trusting them", async () => {
    const answer = await source().search(Q.mixed);
    expect(answer.results.map((r) => r.url)).toEqual([
      "https://en.wikipedia.org/wiki/mixed",
      "https://vnexpress.net/mixed",
    ]);
  });

  it("answers an empty list when nothing was found", async () => {
    expect((await source().search(Q.empty)).results).toEqual([]);
  });

  it.each([
    [Q.unauthorized, "search_auth_failed", 502],
    [Q.forbidden, "search_auth_failed", 502],
    [Q.rateLimited, "search_rate_limited", 429],
    [Q.serverError, "search_unavailable", 503],
    [Q.notJson, "search_unavailable", 503],
    [Q.wrongShape, "search_unavailable", 503],
  ])("turns %s into %s", async (query, code, status) => {
    const err = await errorOf(source().search(query));
    expect(err.code).toBe(code);
    expect(err.status).toBe(status);
    expect(err.details).toEqual({ provider });
  });

  it.each([Q.hang, Q.hangBody])("gives up on %s after the time limit with search_unavailable", async (query) => {
    const started = Date.now();
    const err = await errorOf(source(HANG_LIMIT_MS).search(query));
    expect(err.code).toBe("search_unavailable");
    expect(err.message).toMatch(/did not answer within 300 ms/);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("stops at once when the caller's signal aborts", async () => {
    const controller = new AbortController();
    const pending = source().search(Q.hang, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("stopped by the user")), 20);
    await expect(pending).rejects.toThrow("stopped by the user");
  });
});

describe("the wire formats", () => {
  it("Tavily: POST /search with a bearer key and a JSON body", async () => {
    const query = "tavily wire check";
    await createSearchSource(configs.tavily!).search(query, { maxResults: 4 });
    const [req] = await requestsFor(query);
    expect(req).toMatchObject({ method: "POST", path: "/tavily/search" });
    expect(req.headers.authorization).toBe(`Bearer ${FAKE_SEARCH_KEYS.tavily}`);
    expect(req.body).toMatchObject({ query, max_results: 4 });
  });

  it("Brave: GET /res/v1/web/search with X-Subscription-Token and q, count", async () => {
    const query = "brave wire check";
    await createSearchSource(configs.brave!).search(query, { maxResults: 4 });
    const [req] = await requestsFor(query);
    expect(req.method).toBe("GET");
    expect(req.path).toBe("/brave/res/v1/web/search?q=brave+wire+check&count=4&text_decorations=false");
    expect(req.headers["x-subscription-token"]).toBe(FAKE_SEARCH_KEYS.brave);
  });

  it("SearXNG: GET /search?format=json, with a bearer key only when one is configured", async () => {
    const query = "searxng wire check";
    await createSearchSource(configs.searxng!).search(query);
    await createSearchSource({ ...configs.searxng, SEARXNG_API_KEY: FAKE_SEARCH_KEYS.searxng }).search(query);
    const [plain, keyed] = await requestsFor(query);
    expect(plain.path).toBe("/searxng/search?q=searxng+wire+check&format=json");
    expect(plain.headers.authorization).toBeUndefined();
    expect(keyed.headers.authorization).toBe(`Bearer ${FAKE_SEARCH_KEYS.searxng}`);
  });

  it("maps Brave's 422 SUBSCRIPTION_TOKEN_INVALID (a wrong key) to search_auth_failed", async () => {
    const err = await errorOf(createSearchSource({ ...configs.brave, BRAVE_SEARCH_API_KEY: "wrong" }).search("any"));
    expect(err.code).toBe("search_auth_failed");
  });

  it("maps Tavily's 401 for a wrong key to search_auth_failed", async () => {
    const err = await errorOf(createSearchSource({ ...configs.tavily, TAVILY_API_KEY: "tvly-wrong" }).search("any"));
    expect(err.code).toBe("search_auth_failed");
  });

  it("maps a SearXNG behind a proxy refusing the key to search_auth_failed", async () => {
    const err = await errorOf(createSearchSource({ ...configs.searxng, SEARXNG_API_KEY: "wrong" }).search("any"));
    expect(err.code).toBe("search_auth_failed");
  });

  it("reports an unreachable provider as search_unavailable", async () => {
    const err = await errorOf(
      createSearchSource({ ...configs.searxng, SEARXNG_BASE_URL: "http://127.0.0.1:1" }).search("any"),
    );
    expect(err.code).toBe("search_unavailable");
  });
});

// ---- turn-search -------------------------------------------------------------------------------------------------
// What a chat turn calls: whether it searches, and the search as model context and citations.
describe("isSearchTurn", () => {
  it("searches when asked, whatever the prompt", () => {
    expect(isSearchTurn({ requested: true, question: "write a poem" })).toBe(true);
  });

  it("auto-searches a time-sensitive prompt unless the user turned search off", () => {
    expect(isSearchTurn({ requested: false, question: "thời tiết hôm nay ở Hà Nội" })).toBe(true);
    expect(isSearchTurn({ requested: false, question: "thời tiết hôm nay ở Hà Nội", enableSearch: false })).toBe(false);
    expect(isSearchTurn({ requested: false, question: "write a poem about the sea" })).toBe(false);
  });
});

describe("searchContextFor", () => {
  const tavily = {
    SEARCH_PROVIDER: "tavily",
    TAVILY_API_KEY: FAKE_SEARCH_KEYS.tavily,
    TAVILY_BASE_URL: `${env.FAKE_SEARCH_URL}/tavily`,
    // long, so the fake's answer is never cut off on a loaded machine; the test of the limit sets a short one
    SEARCH_TIMEOUT_MS: "10000",
  };

  it("gives the model numbered sources and the stream its citations", async () => {
    const ctx = await searchContextFor({
      env: tavily,
      question: "thời tiết hôm nay ở Hà Nội",
      now: new Date("2026-11-23T00:00:00Z"),
    });
    expect(ctx.offline).toBe(false);
    expect(ctx.citations).toHaveLength(3);
    expect(ctx.citations[0]).toMatchObject({
      url: expect.stringMatching(/^https:\/\//),
      title: expect.any(String),
      site: expect.any(String),
    });
    expect(ctx.system).toContain("[1] ");
    expect(ctx.system).toContain("[3] ");
  });

  it("answers offline, and says so, when no provider is configured", async () => {
    const ctx = await searchContextFor({ env: {}, question: "latest news" });
    expect(ctx.offline).toBe(true);
    expect(ctx.system).toMatch(/Web search is offline/);
  });

  it("fails with a typed error within the time limit", async () => {
    const env = { ...tavily, SEARCH_TIMEOUT_MS: "300" };
    await expect(searchContextFor({ env, question: FAKE_SEARCH_QUERIES.hang })).rejects.toMatchObject({
      code: "search_unavailable",
    });
  });
});
