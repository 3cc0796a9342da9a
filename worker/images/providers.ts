// The image providers as data: which adapter serves each, where its key and base URL come from, and the upstream
// model it uses unless IMAGE_MODEL names another. worker/images/registry.ts picks one from configuration.
import { googleImages } from "./google";
import { openaiImages } from "./openai";
import type { ImageAdapter, ImageProviderId } from "./types";
import { workersAiImages } from "./workers-ai";

export type ImageEnv = Partial<
  Pick<
    Env,
    | "IMAGE_PROVIDER"
    | "IMAGE_MODEL"
    | "IMAGE_BASE_URL"
    | "IMAGE_API_KEY"
    | "IMAGE_TIMEOUT_MS"
    | "OPENAI_API_KEY"
    | "OPENAI_BASE_URL"
    | "GOOGLE_GENERATIVE_AI_API_KEY"
    | "GOOGLE_BASE_URL"
    | "CLOUDFLARE_API_TOKEN"
    | "CLOUDFLARE_ACCOUNT_ID"
  >
>;

export interface ImageProviderEntry {
  id: ImageProviderId;
  name: string;
  adapter: ImageAdapter;
  defaultModel: string;
  /** The provider's key; IMAGE_API_KEY overrides it. */
  key: (env: ImageEnv) => string | undefined;
  /** The provider's base URL; IMAGE_BASE_URL overrides it. Undefined: not configured. */
  baseURL: (env: ImageEnv) => string | undefined;
  /** Whether a key is needed (an OpenAI-compatible server on a LAN may have none). */
  keyRequired: boolean;
  /** Picked without IMAGE_PROVIDER when its key is set (an OpenAI-compatible server must be named). */
  automatic: boolean;
}

const setting = (s: string | undefined) => s?.trim() || undefined;

/** In the order a provider is picked when IMAGE_PROVIDER is unset. */
export const IMAGE_PROVIDERS: readonly ImageProviderEntry[] = [
  {
    id: "openai",
    name: "OpenAI",
    adapter: openaiImages("openai"),
    defaultModel: "gpt-image-1",
    key: (env) => setting(env.OPENAI_API_KEY),
    baseURL: (env) => setting(env.OPENAI_BASE_URL) ?? "https://api.openai.com/v1",
    keyRequired: true,
    automatic: true,
  },
  {
    id: "google",
    name: "Google",
    adapter: googleImages,
    defaultModel: "gemini-2.5-flash-image",
    key: (env) => setting(env.GOOGLE_GENERATIVE_AI_API_KEY),
    baseURL: (env) => setting(env.GOOGLE_BASE_URL) ?? "https://generativelanguage.googleapis.com/v1beta",
    keyRequired: true,
    automatic: true,
  },
  {
    id: "workers-ai",
    name: "Cloudflare Workers AI",
    adapter: workersAiImages,
    defaultModel: "@cf/black-forest-labs/flux-1-schnell",
    key: (env) => setting(env.CLOUDFLARE_API_TOKEN),
    baseURL: (env) => {
      const account = setting(env.CLOUDFLARE_ACCOUNT_ID);
      return account
        ? `https://api.cloudflare.com/client/v4/accounts/${encodeURIComponent(account)}/ai/run`
        : undefined;
    },
    keyRequired: true,
    automatic: true,
  },
  {
    id: "openai-compatible",
    name: "OpenAI-compatible server",
    adapter: openaiImages("openai-compatible"),
    defaultModel: "stable-diffusion",
    key: () => undefined,
    baseURL: () => undefined,
    keyRequired: false,
    automatic: false,
  },
];
