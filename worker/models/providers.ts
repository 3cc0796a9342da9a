// The one place that knows the vendor SDKs: turns a catalogue route into an AI SDK language model with the key and
// base URL from the environment, or says the route's provider is not configured (so the offline model serves it).
// Every SDK gets the upstream fetch, which turns cut streams and unreachable hosts into explicit errors. Providers
// that speak OpenAI's chat-completions format (xAI, DeepSeek, Workers AI, any OpenAI-compatible server) use Mây's
// lean model for that format (chat-completions.ts), which does the same with a quarter of the work per token.
// The three vendor SDKs load on the first call that needs one (lazyModel): a worker that never calls OpenAI,
// Anthropic or Google directly never evaluates their code and its schema library at start.
import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { ModelRoute, ProviderId } from "./catalogue";
import { createChatCompletionsModel } from "./chat-completions";
import { createUpstreamFetch } from "./upstream-fetch";

/** A blank or whitespace-only variable counts as not set, so an empty secret never reaches a provider. */
function setting(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** A model whose SDK is imported on its first call, then kept. */
function lazyModel(provider: string, modelId: string, load: () => Promise<LanguageModelV3>): LanguageModelV3 {
  let model: Promise<LanguageModelV3> | undefined;
  const loaded = () => (model ??= load());
  return {
    specificationVersion: "v3",
    provider,
    modelId,
    supportedUrls: {},
    doGenerate: async (options) => (await loaded()).doGenerate(options),
    doStream: async (options) => (await loaded()).doStream(options),
  };
}

/** Builds the route's model, or returns undefined when its provider has no key (or, for openai-compatible, no URL). */
export function buildProviderModel(route: ModelRoute, env: Partial<Env>): LanguageModelV3 | undefined {
  const routeURL = setting(route.baseURL);
  const builders: Record<ProviderId, () => LanguageModelV3 | undefined> = {
    openai: () => {
      const apiKey = setting(env.OPENAI_API_KEY);
      if (!apiKey) return undefined;
      const baseURL = routeURL ?? setting(env.OPENAI_BASE_URL);
      return lazyModel("openai.responses", route.model, async () =>
        (await import("@ai-sdk/openai"))
          .createOpenAI({ apiKey, baseURL, fetch: createUpstreamFetch("openai-responses") })
          .responses(route.model),
      );
    },
    anthropic: () => {
      const apiKey = setting(env.ANTHROPIC_API_KEY);
      if (!apiKey) return undefined;
      const baseURL = routeURL ?? setting(env.ANTHROPIC_BASE_URL);
      return lazyModel("anthropic.messages", route.model, async () =>
        (await import("@ai-sdk/anthropic"))
          .createAnthropic({ apiKey, baseURL, fetch: createUpstreamFetch("anthropic-messages") })
          .messages(route.model),
      );
    },
    google: () => {
      const apiKey = setting(env.GOOGLE_GENERATIVE_AI_API_KEY);
      if (!apiKey) return undefined;
      const baseURL = routeURL ?? setting(env.GOOGLE_BASE_URL);
      return lazyModel("google.generative-ai", route.model, async () =>
        (await import("@ai-sdk/google"))
          .createGoogleGenerativeAI({ apiKey, baseURL, fetch: createUpstreamFetch("google-generate") })
          .languageModel(route.model),
      );
    },
    xai: () => {
      const apiKey = setting(env.XAI_API_KEY);
      if (!apiKey) return undefined;
      const baseURL = routeURL ?? setting(env.XAI_BASE_URL) ?? "https://api.x.ai/v1";
      return createChatCompletionsModel({ provider: "xai", baseURL, apiKey, model: route.model });
    },
    deepseek: () => {
      const apiKey = setting(env.DEEPSEEK_API_KEY);
      if (!apiKey) return undefined;
      const baseURL = routeURL ?? setting(env.DEEPSEEK_BASE_URL) ?? "https://api.deepseek.com";
      return createChatCompletionsModel({
        provider: "deepseek",
        baseURL,
        apiKey,
        model: route.model,
        includeUsage: true,
      });
    },
    // Workers AI through its OpenAI-compatible REST endpoint (a token, not the AI binding, which needs the network
    // even in local development): /client/v4/accounts/{account}/ai/v1, models like "@cf/meta/llama-3.1-8b-instruct".
    "workers-ai": () => {
      const apiKey = setting(env.CLOUDFLARE_API_TOKEN);
      const account = setting(env.CLOUDFLARE_ACCOUNT_ID);
      const baseURL =
        routeURL ??
        setting(env.WORKERS_AI_BASE_URL) ??
        (account ? `https://api.cloudflare.com/client/v4/accounts/${account}/ai/v1` : undefined);
      if (!apiKey || !baseURL) return undefined;
      return createChatCompletionsModel({
        provider: "workers-ai",
        baseURL,
        apiKey,
        model: route.model,
        includeUsage: true,
      });
    },
    "openai-compatible": () => {
      const baseURL = routeURL ?? setting(env.OPENAI_COMPATIBLE_BASE_URL);
      if (!baseURL) return undefined;
      // Local servers (Ollama, LM Studio, llama.cpp) usually need no key.
      const apiKey = setting(env.OPENAI_COMPATIBLE_API_KEY);
      return createChatCompletionsModel({
        provider: "openai-compatible",
        baseURL,
        apiKey,
        model: route.model,
        includeUsage: true,
      });
    },
  };
  return builders[route.provider]();
}
