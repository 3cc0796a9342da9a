// The external models a premium user can connect with their own API key, as data: each one's official API host
// (never a user-chosen URL, so a key can only ever travel to its own provider: no SSRF), how a key is tried once,
// and how the chat pipeline reaches the model. Only the operator may move a host, through the Worker variable
// EXTERNAL_MODEL_BASE_URLS = {"<operatorKey>": "<base URL>"} (a gateway, or the local fakes in tests).
import type { ExternalModelProvider } from "../protocol/settings";

export type KeyAuth = "bearer" | "x-api-key" | "x-goog-api-key";

export interface ExternalProviderSpec {
  provider: ExternalModelProvider;
  name: string;
  /** Name of this host in EXTERNAL_MODEL_BASE_URLS. */
  operatorKey: string;
  /** The official API base URL. */
  baseURL: string;
  auth: KeyAuth;
  /** Extra headers every call needs (API version pins). */
  headers?: Record<string, string>;
  /** The cheapest call that proves a key: a model listing, or a one-token completion where no listing exists. */
  check: { method: "GET"; path: string } | { method: "POST"; path: string; body: unknown };
  /** How the chat pipeline calls it: the AI SDK provider family and the default upstream model. */
  sdk: "xai" | "openai-compatible" | "google" | "anthropic" | "deepseek";
  model: string;
}

const oneToken = (model: string) => ({ model, messages: [{ role: "user", content: "ping" }], max_tokens: 1 });

export const EXTERNAL_PROVIDERS: Record<ExternalModelProvider, ExternalProviderSpec> = {
  grok: {
    provider: "grok",
    name: "Grok (xAI)",
    operatorKey: "xai",
    baseURL: "https://api.x.ai/v1",
    auth: "bearer",
    check: { method: "GET", path: "/models" },
    sdk: "xai",
    model: "grok-3",
  },
  llama: {
    provider: "llama",
    name: "Llama (Meta Llama API)",
    operatorKey: "meta",
    baseURL: "https://api.llama.com/compat/v1",
    auth: "bearer",
    check: { method: "GET", path: "/models" },
    sdk: "openai-compatible",
    model: "Llama-4-Maverick-17B-128E-Instruct-FP8",
  },
  bard: {
    provider: "bard",
    // no words to translate: it is also the name of the model in the switcher (Settings says "formerly Bard")
    name: "Gemini (Bard)",
    operatorKey: "google",
    baseURL: "https://generativelanguage.googleapis.com/v1beta",
    auth: "x-goog-api-key",
    check: { method: "GET", path: "/models?pageSize=1" },
    sdk: "google",
    model: "gemini-2.5-pro",
  },
  claude: {
    provider: "claude",
    name: "Claude (Anthropic)",
    operatorKey: "anthropic",
    baseURL: "https://api.anthropic.com/v1",
    auth: "x-api-key",
    headers: { "anthropic-version": "2023-06-01" },
    check: { method: "GET", path: "/models?limit=1" },
    sdk: "anthropic",
    model: "claude-sonnet-4-5",
  },
  deepseek: {
    provider: "deepseek",
    name: "DeepSeek",
    operatorKey: "deepseek",
    baseURL: "https://api.deepseek.com",
    auth: "bearer",
    check: { method: "GET", path: "/models" },
    sdk: "deepseek",
    model: "deepseek-chat",
  },
  copilot: {
    provider: "copilot",
    name: "Copilot (GitHub Models)",
    operatorKey: "github",
    baseURL: "https://models.github.ai/inference",
    auth: "bearer",
    check: { method: "POST", path: "/chat/completions", body: oneToken("openai/gpt-4.1-mini") },
    sdk: "openai-compatible",
    model: "openai/gpt-4.1",
  },
  perplexity: {
    provider: "perplexity",
    name: "Perplexity",
    operatorKey: "perplexity",
    baseURL: "https://api.perplexity.ai",
    auth: "bearer",
    check: { method: "POST", path: "/chat/completions", body: oneToken("sonar") },
    sdk: "openai-compatible",
    model: "sonar-pro",
  },
};

/** The base URL to call for `provider`: the official host, unless the operator moved it. */
export function providerBaseURL(env: { EXTERNAL_MODEL_BASE_URLS?: string }, spec: ExternalProviderSpec): string {
  if (env.EXTERNAL_MODEL_BASE_URLS) {
    try {
      const overrides: unknown = JSON.parse(env.EXTERNAL_MODEL_BASE_URLS);
      const url =
        overrides && typeof overrides === "object"
          ? (overrides as Record<string, unknown>)[spec.operatorKey]
          : undefined;
      if (typeof url === "string" && /^https?:\/\//.test(url)) return url.replace(/\/+$/, "");
    } catch {
      console.error("EXTERNAL_MODEL_BASE_URLS is not valid JSON; using the official hosts");
    }
  }
  return spec.baseURL;
}

/** The headers that carry `apiKey` to this provider. */
export function authHeaders(spec: ExternalProviderSpec, apiKey: string): Record<string, string> {
  const auth = spec.auth === "bearer" ? { Authorization: `Bearer ${apiKey}` } : { [spec.auth]: apiKey };
  return { ...spec.headers, ...auth };
}
