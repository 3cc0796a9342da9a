// Cloudflare Workers AI over REST (https://developers.cloudflare.com/workers-ai/models/), bearer API token:
//   POST {base}/{model}   base = https://api.cloudflare.com/client/v4/accounts/{account}/ai/run
//   text to image  {prompt, steps?}          e.g. @cf/black-forest-labs/flux-1-schnell
//   image to image {prompt, image_b64, strength}  @cf/runwayml/stable-diffusion-v1-5-img2img (the edit model)
// FLUX answers JSON {result: {image: base64 JPEG}, success: true, errors: [], messages: []}; the Stable Diffusion
// models answer the PNG bytes themselves (Content-Type image/png). Failures are {success: false, errors: [{code,
// message}]}; a refused prompt names NSFW or safety in its message.
import * as v from "valibot";
import { asImage, fetchImage, fromBase64, mentionsSafety, readJson, toBase64, unavailable } from "./http";
import type { ImageAdapter, ImageOptions, ImageProviderConfig } from "./types";

const PROVIDER = "workers-ai";
/** The image-to-image model used for edits (FLUX schnell cannot take a picture). */
export const WORKERS_AI_EDIT_MODEL = "@cf/runwayml/stable-diffusion-v1-5-img2img";
/** How much an edit may change the original, 0–1 (the model's default is 1: ignore it). */
const EDIT_STRENGTH = 0.65;

const JsonSchema = v.object({ result: v.object({ image: v.string() }) });

function classify(_status: number, body: unknown) {
  return mentionsSafety(body, /nsfw|safety|unsafe content/i) ? ("safety" as const) : undefined;
}

async function run(config: ImageProviderConfig, model: string, input: Record<string, unknown>, opts?: ImageOptions) {
  const call = await fetchImage({
    provider: PROVIDER,
    url: `${config.baseURL.replace(/\/+$/, "")}/${encodeURI(model)}`,
    init: {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...(config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify(input),
    },
    timeoutMs: config.timeoutMs,
    signal: opts?.signal,
    classify,
  });
  const type = (call.res.headers.get("Content-Type") ?? "").toLowerCase();
  if (type.startsWith("image/") || type.startsWith("application/octet-stream")) {
    const bytes = await call.read(async (res) => new Uint8Array(await res.arrayBuffer()));
    if (bytes.length === 0) throw unavailable(PROVIDER, "sent an empty image");
    return { ...asImage(bytes, PROVIDER), model, offline: false };
  }
  const { result } = await readJson(call, JsonSchema, PROVIDER);
  return { ...asImage(fromBase64(result.image, PROVIDER), PROVIDER), model, offline: false };
}

export const workersAiImages: ImageAdapter = {
  generate: (config, prompt, opts) => run(config, config.model, { prompt }, opts),
  edit: (config, prompt, original, opts) =>
    run(config, WORKERS_AI_EDIT_MODEL, { prompt, image_b64: toBase64(original.bytes), strength: EDIT_STRENGTH }, opts),
};
