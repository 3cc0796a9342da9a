// OpenAI images (https://platform.openai.com/docs/api-reference/images), also spoken by OpenAI-compatible servers
// (LocalAI, vLLM-based gateways, LiteLLM...) through a base URL:
//   generate  POST {base}/images/generations  JSON {model, prompt, n, size[, response_format: "b64_json"]}
//   edit      POST {base}/images/edits        multipart: model, prompt, n, size, image (the file)[, response_format]
// Both answer {created, data: [{b64_json, revised_prompt?}]}. gpt-image-* models always answer base64 and refuse
// response_format; DALL·E and most compatible servers need it. A safety refusal is HTTP 400 with error.code
// "moderation_blocked" (gpt-image-*) or "content_policy_violation" (DALL·E).
import * as v from "valibot";
import { asImage, fetchImage, fromBase64, readJson, unavailable } from "./http";
import type { ImageAdapter, ImageOptions, ImageProviderConfig } from "./types";

/** Square pictures: the size every OpenAI image model accepts. */
const SIZE = "1024x1024";
const SAFETY_CODES = new Set(["moderation_blocked", "content_policy_violation"]);

const ErrorSchema = v.object({
  error: v.object({ code: v.nullish(v.string()), type: v.nullish(v.string()), message: v.nullish(v.string()) }),
});
const ResponseSchema = v.object({
  data: v.array(v.object({ b64_json: v.nullish(v.string()), revised_prompt: v.nullish(v.string()) })),
});

function classify(status: number, body: unknown) {
  if (status !== 400) return undefined;
  const parsed = v.safeParse(ErrorSchema, body);
  if (!parsed.success) return undefined;
  const { code, type, message } = parsed.output.error;
  const safety =
    SAFETY_CODES.has(code ?? "") || type === "image_generation_user_error" || /safety system/i.test(message ?? "");
  return safety ? ("safety" as const) : undefined;
}

const wantsFormat = (model: string) => !model.startsWith("gpt-image");

function endpoint(config: ImageProviderConfig, path: string) {
  return `${config.baseURL.replace(/\/+$/, "")}${path}`;
}

function authHeaders(config: ImageProviderConfig): Record<string, string> {
  return config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {};
}

async function answer(provider: string, config: ImageProviderConfig, call: Awaited<ReturnType<typeof fetchImage>>) {
  const { data } = await readJson(call, ResponseSchema, provider);
  const first = data[0];
  // An empty list with 200 is how some servers report a filtered picture; without data there is nothing to show.
  if (!first?.b64_json) throw unavailable(provider, "sent no image data");
  const image = asImage(fromBase64(first.b64_json, provider), provider);
  return {
    ...image,
    model: config.model,
    offline: false,
    ...(first.revised_prompt ? { revisedPrompt: first.revised_prompt } : {}),
  };
}

export function openaiImages(provider: "openai" | "openai-compatible"): ImageAdapter {
  return {
    async generate(config, prompt, opts?: ImageOptions) {
      const call = await fetchImage({
        provider,
        url: endpoint(config, "/images/generations"),
        init: {
          method: "POST",
          headers: { "Content-Type": "application/json", ...authHeaders(config) },
          body: JSON.stringify({
            model: config.model,
            prompt,
            n: 1,
            size: SIZE,
            ...(wantsFormat(config.model) ? { response_format: "b64_json" } : {}),
          }),
        },
        timeoutMs: config.timeoutMs,
        signal: opts?.signal,
        classify,
      });
      return answer(provider, config, call);
    },
    async edit(config, prompt, original, opts?: ImageOptions) {
      const form = new FormData();
      form.set("model", config.model);
      form.set("prompt", prompt);
      form.set("n", "1");
      form.set("size", SIZE);
      if (wantsFormat(config.model)) form.set("response_format", "b64_json");
      const ext = original.contentType.split("/")[1] ?? "png";
      form.set("image", new File([original.bytes], `image.${ext}`, { type: original.contentType }));
      const call = await fetchImage({
        provider,
        url: endpoint(config, "/images/edits"),
        init: { method: "POST", headers: authHeaders(config), body: form },
        timeoutMs: config.timeoutMs,
        signal: opts?.signal,
        classify,
      });
      return answer(provider, config, call);
    },
  };
}
