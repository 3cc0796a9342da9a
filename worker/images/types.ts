// What every image source answers, whichever provider serves it: the picture's bytes and type, the upstream model
// that drew it, and whether the built-in offline model drew it instead of a provider (the UI must say so).

export type ImageProviderId = "openai" | "google" | "workers-ai" | "openai-compatible";

export interface GeneratedImage {
  bytes: Uint8Array;
  /** image/png, image/jpeg or image/webp. */
  contentType: string;
  /** The upstream model (e.g. "gpt-image-1"), or "offline-image". */
  model: string;
  offline: boolean;
  /** The prompt as the provider rewrote it, when it says (DALL·E 3, Imagen's prompt enhancer). */
  revisedPrompt?: string;
  /** What the source says it drew, written for the user (the offline model, in the prompt's language). */
  description?: string;
}

export interface ImageOptions {
  /** The caller's signal: the call is abandoned with it. */
  signal?: AbortSignal;
}

/** How one provider is called: its key, base URL, upstream model and the time limit of one call. */
export interface ImageProviderConfig {
  apiKey: string | undefined;
  baseURL: string;
  model: string;
  timeoutMs: number;
}

/** One provider's adapter. `edit` is absent when the provider cannot change an existing picture. */
export interface ImageAdapter {
  generate(config: ImageProviderConfig, prompt: string, opts?: ImageOptions): Promise<GeneratedImage>;
  edit?(
    config: ImageProviderConfig,
    prompt: string,
    original: { bytes: Uint8Array; contentType: string },
    opts?: ImageOptions,
  ): Promise<GeneratedImage>;
}
