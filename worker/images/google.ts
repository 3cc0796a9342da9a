// Google's Gemini API (https://ai.google.dev/gemini-api/docs/image-generation), key in x-goog-api-key:
//   Gemini image models  POST {base}/models/{model}:generateContent
//     {contents: [{role: "user", parts: [{text}, {inlineData: {mimeType, data}}?]}], generationConfig: {responseModalities: ["TEXT", "IMAGE"]}}
//     → {candidates: [{content: {parts: [{text} | {inlineData: {mimeType, data}}]}, finishReason}], promptFeedback?: {blockReason}}
//     generate and edit (the original goes along as inline data)
//   Imagen models (model id "imagen-...")  POST {base}/models/{model}:predict
//     {instances: [{prompt}], parameters: {sampleCount: 1}} → {predictions: [{bytesBase64Encoded, mimeType} | {raiFilteredReason}]}
//     generate only
// Safety: a prompt blockReason, a finishReason of SAFETY/IMAGE_SAFETY/PROHIBITED_CONTENT/BLOCKLIST/SPII, or Imagen
// predictions that are all filtered (raiFilteredReason, or none at all). A bad key is HTTP 400 with reason
// API_KEY_INVALID (Google does not use 401 for it).
import * as v from "valibot";
import {
  asImage,
  fetchImage,
  fromBase64,
  readJson,
  mentionsSafety,
  safetyViolation,
  toBase64,
  unavailable,
} from "./http";
import type { ImageAdapter, ImageOptions, ImageProviderConfig } from "./types";

const PROVIDER = "google";
const SAFETY_FINISH = new Set([
  "SAFETY",
  "IMAGE_SAFETY",
  "PROHIBITED_CONTENT",
  "BLOCKLIST",
  "SPII",
  "IMAGE_PROHIBITED_CONTENT",
]);

const GenerateSchema = v.object({
  candidates: v.optional(
    v.array(
      v.object({
        content: v.optional(
          v.object({
            parts: v.optional(
              v.array(
                v.object({
                  text: v.optional(v.string()),
                  inlineData: v.optional(v.object({ mimeType: v.string(), data: v.string() })),
                }),
              ),
              [],
            ),
          }),
        ),
        finishReason: v.optional(v.string()),
      }),
    ),
    [],
  ),
  promptFeedback: v.optional(v.object({ blockReason: v.optional(v.string()) })),
});

const PredictSchema = v.object({
  predictions: v.optional(
    v.array(
      v.object({
        bytesBase64Encoded: v.optional(v.string()),
        mimeType: v.optional(v.string()),
        raiFilteredReason: v.optional(v.string()),
      }),
    ),
    [],
  ),
});

function classify(status: number, body: unknown) {
  if (mentionsSafety(body, /API_KEY_INVALID|API key not valid/)) return "auth" as const;
  if (status === 400 && mentionsSafety(body, /\bsafety\b|prohibited|blocked/i)) return "safety" as const;
  return undefined;
}

function url(config: ImageProviderConfig, verb: "generateContent" | "predict") {
  return `${config.baseURL.replace(/\/+$/, "")}/models/${encodeURIComponent(config.model)}:${verb}`;
}

function post(config: ImageProviderConfig, verb: "generateContent" | "predict", body: unknown, opts?: ImageOptions) {
  return fetchImage({
    provider: PROVIDER,
    url: url(config, verb),
    init: {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(config.apiKey ? { "x-goog-api-key": config.apiKey } : {}) },
      body: JSON.stringify(body),
    },
    timeoutMs: config.timeoutMs,
    signal: opts?.signal,
    classify,
  });
}

const isImagen = (model: string) => model.startsWith("imagen");

async function gemini(config: ImageProviderConfig, parts: unknown[], opts?: ImageOptions) {
  const call = await post(
    config,
    "generateContent",
    { contents: [{ role: "user", parts }], generationConfig: { responseModalities: ["TEXT", "IMAGE"] } },
    opts,
  );
  const body = await readJson(call, GenerateSchema, PROVIDER);
  if (body.promptFeedback?.blockReason) throw safetyViolation(PROVIDER);
  const candidate = body.candidates[0];
  const inline = candidate?.content?.parts.find((p) => p.inlineData)?.inlineData;
  if (!inline) {
    if (candidate?.finishReason && SAFETY_FINISH.has(candidate.finishReason)) throw safetyViolation(PROVIDER);
    throw unavailable(PROVIDER, "sent no image");
  }
  const text = candidate?.content?.parts.find((p) => p.text)?.text?.trim();
  return {
    ...asImage(fromBase64(inline.data, PROVIDER), PROVIDER),
    model: config.model,
    offline: false,
    ...(text ? { revisedPrompt: text } : {}),
  };
}

export const googleImages: ImageAdapter = {
  async generate(config, prompt, opts) {
    if (!isImagen(config.model)) return gemini(config, [{ text: prompt }], opts);
    const call = await post(config, "predict", { instances: [{ prompt }], parameters: { sampleCount: 1 } }, opts);
    const { predictions } = await readJson(call, PredictSchema, PROVIDER);
    const image = predictions.find((p) => p.bytesBase64Encoded);
    // Imagen drops filtered pictures from the list (or marks them with raiFilteredReason): nothing left is a refusal.
    if (!image?.bytesBase64Encoded) throw safetyViolation(PROVIDER);
    return {
      ...asImage(fromBase64(image.bytesBase64Encoded, PROVIDER), PROVIDER),
      model: config.model,
      offline: false,
    };
  },
  async edit(config, prompt, original, opts) {
    if (isImagen(config.model))
      throw unavailable(PROVIDER, `model ${config.model} cannot edit pictures; use a Gemini image model`);
    return gemini(
      config,
      [{ text: prompt }, { inlineData: { mimeType: original.contentType, data: toBase64(original.bytes) } }],
      opts,
    );
  },
};
