// Every provider, end to end: the real registry builds the real AI SDK provider, which calls the fake upstream
// speaking that provider's wire format; streamAnswer must turn each outcome into the right parts, and never hang.
import { beforeAll, describe, expect, it } from "vitest";
import { streamAnswer } from "../../../worker/models/stream-answer";
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
