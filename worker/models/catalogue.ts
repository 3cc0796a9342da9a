// The model catalogue, as data: what the SPA lists and which provider and upstream model serves each endpoint.
// An operator re-routes any entry here (or with the MODEL_ROUTES variable) to OpenAI, Anthropic, Google, xAI,
// DeepSeek, Cloudflare Workers AI or any OpenAI-compatible server (Ollama, LM Studio, vLLM, llama.cpp) without touching code.

export type ProviderId = "openai" | "anthropic" | "google" | "xai" | "deepseek" | "workers-ai" | "openai-compatible";

export type FileGroup = "text" | "office" | "code" | "structured" | "image";

export interface ModelRoute {
  provider: ProviderId;
  /** The provider's own model name. */
  model: string;
  /** Overrides the provider's base URL (e.g. an Ollama server for "openai-compatible"). */
  baseURL?: string;
}

export interface CatalogueEntry {
  id: string;
  /** The path parameter of POST /api/chat/{endpoint}; also the quota bucket. */
  endpoint: string;
  name: string;
  descriptions: { free: string; premium: string };
  premiumRequired: boolean;
  fileSupport: boolean;
  supportedFileTypes: FileGroup[];
  route: ModelRoute;
  /**
   * The model's context window in tokens (prompt and answer together), as its provider documents it; the turn cuts
   * the oldest history to stay within it (durable-objects/turn/context-fit.ts). Absent: DEFAULT_CONTEXT_TOKENS.
   */
  contextTokens?: number;
}

/**
 * The context window assumed for a model whose entry names none (an external model with the user's key): 32,768
 * tokens, which every model Mây offers exceeds, so a turn is never cut for a window smaller than the real one.
 */
export const DEFAULT_CONTEXT_TOKENS = 32_768;

/** The context window of a model, in tokens. */
export function contextTokensOf(entry: Pick<CatalogueEntry, "contextTokens">): number {
  return entry.contextTokens ?? DEFAULT_CONTEXT_TOKENS;
}

export const DEFAULT_ENDPOINT = "gpt-4.1-mini";

const ALL_FILES: FileGroup[] = ["text", "office", "code", "structured", "image"];

export const CATALOGUE: readonly CatalogueEntry[] = [
  {
    id: "gpt4-mini",
    endpoint: "gpt-4.1-mini",
    name: "GPT 4.1-mini",
    descriptions: {
      free: "Fast and capable for everyday questions",
      premium: "Fast everyday model with a high daily limit",
    },
    premiumRequired: false,
    fileSupport: true,
    supportedFileTypes: ALL_FILES,
    route: { provider: "openai", model: "gpt-4.1-mini" },
    contextTokens: 1_047_576,
  },
  {
    id: "gpt-o4",
    endpoint: "o4-mini",
    name: "GPT o4-mini",
    descriptions: {
      free: "Reasoning model for step-by-step problems",
      premium: "Reasoning model for step-by-step problems",
    },
    premiumRequired: false,
    fileSupport: false,
    supportedFileTypes: [],
    route: { provider: "openai", model: "o4-mini" },
    contextTokens: 200_000,
  },
  {
    id: "deepseek",
    endpoint: "deepseek-chat",
    name: "DeepSeek",
    descriptions: { free: "Open model, strong at code and maths", premium: "Open model, strong at code and maths" },
    premiumRequired: false,
    fileSupport: false,
    supportedFileTypes: [],
    route: { provider: "deepseek", model: "deepseek-chat" },
    contextTokens: 65_536,
  },
  {
    id: "gpt4",
    endpoint: "gpt-4.1",
    name: "GPT 4.1",
    descriptions: {
      free: "Upgrade to use OpenAI's flagship model",
      premium: "OpenAI's flagship model for complex work",
    },
    premiumRequired: true,
    fileSupport: true,
    supportedFileTypes: ALL_FILES,
    route: { provider: "openai", model: "gpt-4.1" },
    contextTokens: 1_047_576,
  },
  {
    id: "gemini-pro",
    endpoint: "gemini-2.5-pro",
    name: "Gemini 2.5 Pro",
    descriptions: {
      free: "Upgrade to use Google's most capable model",
      premium: "Google's most capable model, long context",
    },
    premiumRequired: true,
    fileSupport: true,
    supportedFileTypes: ["text", "code", "structured", "image"],
    route: { provider: "google", model: "gemini-2.5-pro" },
    contextTokens: 1_048_576,
  },
  {
    id: "gpt3",
    endpoint: "gpt-3o",
    name: "GPT o3",
    descriptions: { free: "Upgrade to use OpenAI's deep reasoning model", premium: "OpenAI's deep reasoning model" },
    premiumRequired: true,
    fileSupport: false,
    supportedFileTypes: [],
    route: { provider: "openai", model: "o3" },
    contextTokens: 200_000,
  },
  {
    id: "x-ai-grok",
    endpoint: "grok",
    name: "Grok 3 Pro",
    descriptions: { free: "Upgrade to use xAI's Grok", premium: "xAI's Grok, direct and current" },
    premiumRequired: true,
    fileSupport: false,
    supportedFileTypes: [],
    route: { provider: "xai", model: "grok-3" },
    contextTokens: 131_072,
  },
  {
    id: "claude-pro",
    endpoint: "claude-4-pro",
    name: "Claude 4 pro",
    descriptions: {
      free: "Upgrade to use Anthropic's Claude",
      premium: "Anthropic's Claude, careful writing and code",
    },
    premiumRequired: true,
    fileSupport: true,
    supportedFileTypes: ALL_FILES,
    route: { provider: "anthropic", model: "claude-sonnet-4-0" },
    contextTokens: 200_000,
  },
];

export function findByEndpoint(endpoint: string): CatalogueEntry | undefined {
  return CATALOGUE.find((m) => m.endpoint === endpoint);
}
