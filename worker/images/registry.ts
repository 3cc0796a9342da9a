// Picks the image source from configuration, as the model registry picks models: IMAGE_PROVIDER names one of
// worker/images/providers.ts (openai, google, workers-ai, openai-compatible) or "offline"; unset, the first provider
// whose key is configured is used, in the table's order (an OpenAI-compatible server must be named); with none, the
// offline model draws the picture. IMAGE_MODEL, IMAGE_BASE_URL and IMAGE_API_KEY override the chosen provider's
// model, base URL and key. A provider named but not configured, or an invalid IMAGE_TIMEOUT_MS, is a
// server_misconfigured error, never a silent fallback.
import * as v from "valibot";
import { AppError } from "../errors";
import { DEFAULT_IMAGE_TIMEOUT_MS } from "./http";
import { editOffline, generateOffline, OFFLINE_IMAGE_MODEL } from "./offline";
import { IMAGE_PROVIDERS, type ImageEnv, type ImageProviderEntry } from "./providers";
import type { GeneratedImage, ImageOptions, ImageProviderConfig, ImageProviderId } from "./types";

export type { ImageEnv };

/** Longest prompt sent to a provider, in characters (OpenAI's gpt-image limit is 32,000; DALL·E 3's 4,000). */
export const MAX_IMAGE_PROMPT_CHARS = 4_000;

export interface ImageSource {
  provider: ImageProviderId | "offline";
  offline: boolean;
  model: string;
  generate(prompt: string, opts?: ImageOptions): Promise<GeneratedImage>;
  /** Draws a new picture from the original and the prompt; image_unavailable when the provider cannot edit. */
  edit(
    prompt: string,
    original: { bytes: Uint8Array; contentType: string },
    opts?: ImageOptions,
  ): Promise<GeneratedImage>;
}

const TimeoutSchema = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^\d{1,6}$/, "IMAGE_TIMEOUT_MS must be a whole number of milliseconds"),
  v.transform(Number),
  v.minValue(1, "IMAGE_TIMEOUT_MS must be at least 1"),
);

function parseTimeout(raw: string | undefined): number {
  if (!raw?.trim()) return DEFAULT_IMAGE_TIMEOUT_MS;
  const parsed = v.safeParse(TimeoutSchema, raw);
  if (!parsed.success) throw new AppError("server_misconfigured", parsed.issues[0].message);
  return parsed.output;
}

const setting = (s: string | undefined) => s?.trim() || undefined;

function configOf(entry: ImageProviderEntry, env: ImageEnv, timeoutMs: number): ImageProviderConfig {
  const baseURL = setting(env.IMAGE_BASE_URL) ?? entry.baseURL(env);
  if (!baseURL) throw new AppError("server_misconfigured", `${entry.name} images need IMAGE_BASE_URL`);
  if (!URL.canParse(baseURL)) throw new AppError("server_misconfigured", "The image provider's base URL is not a URL");
  const apiKey = setting(env.IMAGE_API_KEY) ?? entry.key(env);
  if (entry.keyRequired && !apiKey) throw new AppError("server_misconfigured", `${entry.name} images need an API key`);
  return { apiKey, baseURL, model: setting(env.IMAGE_MODEL) ?? entry.defaultModel, timeoutMs };
}

/** The prompt as sent: whitespace collapsed, at most MAX_IMAGE_PROMPT_CHARS characters; empty is a 400. */
export function cleanImagePrompt(prompt: string): string {
  const p = Array.from(prompt.replace(/\s+/gu, " ").trim()).slice(0, MAX_IMAGE_PROMPT_CHARS).join("");
  if (!p) throw new AppError("invalid_input", "Question is required", { field: "question" });
  return p;
}

export function createImageSource(env: ImageEnv): ImageSource {
  const timeoutMs = parseTimeout(env.IMAGE_TIMEOUT_MS);
  const named = setting(env.IMAGE_PROVIDER)?.toLowerCase();
  let entry: ImageProviderEntry | undefined;
  if (named && named !== "offline") {
    entry = IMAGE_PROVIDERS.find((p) => p.id === named);
    if (!entry) {
      throw new AppError(
        "server_misconfigured",
        `IMAGE_PROVIDER must be one of ${IMAGE_PROVIDERS.map((p) => p.id).join(", ")} or offline`,
      );
    }
  } else if (!named) {
    entry = IMAGE_PROVIDERS.find((p) => p.automatic && p.key(env) !== undefined && p.baseURL(env) !== undefined);
  }
  if (!entry) {
    return {
      provider: "offline",
      offline: true,
      model: OFFLINE_IMAGE_MODEL,
      generate: async (prompt) => generateOffline(cleanImagePrompt(prompt)),
      edit: async (prompt, original) => editOffline(cleanImagePrompt(prompt), original.bytes),
    };
  }
  const chosen = entry;
  const config = configOf(chosen, env, timeoutMs);
  return {
    provider: chosen.id,
    offline: false,
    model: config.model,
    generate: async (prompt, opts) => chosen.adapter.generate(config, cleanImagePrompt(prompt), opts),
    async edit(prompt, original, opts) {
      if (!chosen.adapter.edit)
        throw new AppError("image_unavailable", `${chosen.name} cannot edit pictures`, { provider: chosen.id });
      return chosen.adapter.edit(config, cleanImagePrompt(prompt), original, opts);
    },
  };
}
