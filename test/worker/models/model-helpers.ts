// Shared helpers for the model-layer tests: route an endpoint to a provider on the fake upstream through the real
// registry, collect streamAnswer's parts under a deadline, and read what the fake upstream received.
import { env } from "cloudflare:test";
import type { AnswerPrompt } from "../../../worker/models/stream-answer";

type ModelMessage = AnswerPrompt["messages"][number];
import type { ProviderId } from "../../../worker/models/catalogue";
import { createModelRegistry, type ResolvedModel } from "../../../worker/models/registry";
import { type AnswerPart, streamAnswer } from "../../../worker/models/stream-answer";
import type { RecordedRequest } from "../../support/fake-upstream-scenarios";

/** The catalogue endpoint the tests re-route with MODEL_ROUTES. */
export const TEST_ENDPOINT = "gpt-4.1-mini";

/** Each provider's key and base URL variables, and where the fake upstream expects its calls and key. */
export const PROVIDER_SETUPS: {
  provider: ProviderId;
  keyVar: keyof Env;
  baseVar: keyof Env;
  path: (model: string) => string;
  keyHeader: "authorization" | "x-api-key" | "x-goog-api-key";
}[] = [
  {
    provider: "openai",
    keyVar: "OPENAI_API_KEY",
    baseVar: "OPENAI_BASE_URL",
    path: () => "/openai/responses",
    keyHeader: "authorization",
  },
  {
    provider: "anthropic",
    keyVar: "ANTHROPIC_API_KEY",
    baseVar: "ANTHROPIC_BASE_URL",
    path: () => "/anthropic/messages",
    keyHeader: "x-api-key",
  },
  {
    provider: "google",
    keyVar: "GOOGLE_GENERATIVE_AI_API_KEY",
    baseVar: "GOOGLE_BASE_URL",
    path: (model) => `/google/models/${model}:streamGenerateContent?alt=sse`,
    keyHeader: "x-goog-api-key",
  },
  {
    provider: "xai",
    keyVar: "XAI_API_KEY",
    baseVar: "XAI_BASE_URL",
    path: () => "/xai/chat/completions",
    keyHeader: "authorization",
  },
  {
    provider: "deepseek",
    keyVar: "DEEPSEEK_API_KEY",
    baseVar: "DEEPSEEK_BASE_URL",
    path: () => "/deepseek/chat/completions",
    keyHeader: "authorization",
  },
  {
    provider: "workers-ai",
    keyVar: "CLOUDFLARE_API_TOKEN",
    baseVar: "WORKERS_AI_BASE_URL",
    path: () => "/workers-ai/chat/completions",
    keyHeader: "authorization",
  },
  {
    provider: "openai-compatible",
    keyVar: "OPENAI_COMPATIBLE_API_KEY",
    baseVar: "OPENAI_COMPATIBLE_BASE_URL",
    path: () => "/openai-compatible/chat/completions",
    keyHeader: "authorization",
  },
];

/** A key no other test uses, so the fake upstream's log can be filtered to this test's requests. */
export function uniqueKey(provider: string): string {
  return `test-${provider}-${crypto.randomUUID()}`;
}

/** Resolves TEST_ENDPOINT routed to `provider`'s `model` on the fake upstream, with `apiKey` configured. */
export function resolveOnFake(provider: ProviderId, model: string, apiKey: string, baseURL?: string): ResolvedModel {
  const setup = PROVIDER_SETUPS.find((s) => s.provider === provider);
  if (!setup) throw new Error(`no setup for ${provider}`);
  const registry = createModelRegistry({
    ...env,
    [setup.keyVar]: apiKey,
    [setup.baseVar]: baseURL ?? `${env.FAKE_UPSTREAM_URL}/${provider}`,
    MODEL_ROUTES: JSON.stringify({ [TEST_ENDPOINT]: { provider, model } }),
  });
  const resolved = registry.resolve(TEST_ENDPOINT);
  if (!resolved) throw new Error("endpoint did not resolve");
  return resolved;
}

export function userMessages(text: string): ModelMessage[] {
  return [{ role: "user", content: text }];
}

/** Rejects if `promise` takes longer than `ms` milliseconds: a hang fails the test instead of timing it out. */
export async function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`did not finish within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs streamAnswer to the end and returns every part. */
export async function collect(opts: Parameters<typeof streamAnswer>[0]): Promise<AnswerPart[]> {
  const parts: AnswerPart[] = [];
  for await (const part of streamAnswer(opts)) parts.push(part);
  return parts;
}

export function textOf(parts: AnswerPart[]): string {
  return parts.map((p) => (p.type === "text" ? p.text : "")).join("");
}

export function errorsOf(parts: AnswerPart[]) {
  return parts.filter((p) => p.type === "error");
}

/** What the fake upstream received with `apiKey`. */
export async function requestsWithKey(apiKey: string): Promise<RecordedRequest[]> {
  const res = await fetch(`${env.FAKE_UPSTREAM_URL}/__requests?key=${encodeURIComponent(apiKey)}`);
  return (await res.json()) as RecordedRequest[];
}
