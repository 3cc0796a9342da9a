// Each image provider adapter against the local fake upstream (test/support/fake-images.ts) in its real wire format:
// a picture, an edit where the provider has one, and each failure mapped to its code — a bad key, 429, a safety
// refusal (safety_violation with the safety text) and a provider that never answers (image_unavailable, no hang).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { AppError } from "../../../worker/errors";
import { SAFETY_MESSAGE } from "../../../worker/images/http";
import { createImageSource, type ImageEnv } from "../../../worker/images/registry";

const KEY = "fake-image-key";
const base = env.FAKE_IMAGES_URL;
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const PROVIDERS: { name: string; env: ImageEnv; edits: boolean; expectType: string }[] = [
  {
    name: "openai",
    env: { IMAGE_PROVIDER: "openai", OPENAI_API_KEY: KEY, OPENAI_BASE_URL: `${base}/openai/v1` },
    edits: true,
    expectType: "image/png",
  },
  {
    name: "openai (dall-e-2, response_format)",
    env: {
      IMAGE_PROVIDER: "openai",
      OPENAI_API_KEY: KEY,
      OPENAI_BASE_URL: `${base}/openai/v1`,
      IMAGE_MODEL: "dall-e-2",
    },
    edits: true,
    expectType: "image/png",
  },
  {
    name: "openai-compatible",
    env: { IMAGE_PROVIDER: "openai-compatible", IMAGE_BASE_URL: `${base}/compat/v1` },
    edits: true,
    expectType: "image/png",
  },
  {
    name: "google (gemini)",
    env: { IMAGE_PROVIDER: "google", GOOGLE_GENERATIVE_AI_API_KEY: KEY, GOOGLE_BASE_URL: `${base}/google/v1beta` },
    edits: true,
    expectType: "image/png",
  },
  {
    name: "google (imagen)",
    env: {
      IMAGE_PROVIDER: "google",
      GOOGLE_GENERATIVE_AI_API_KEY: KEY,
      GOOGLE_BASE_URL: `${base}/google/v1beta`,
      IMAGE_MODEL: "imagen-4.0-generate-001",
    },
    edits: false,
    expectType: "image/png",
  },
  {
    name: "workers-ai (flux, JSON)",
    env: {
      IMAGE_PROVIDER: "workers-ai",
      CLOUDFLARE_API_TOKEN: KEY,
      IMAGE_BASE_URL: `${base}/workers-ai/client/v4/accounts/acc1/ai/run`,
    },
    edits: true,
    expectType: "image/jpeg",
  },
  {
    name: "workers-ai (stable diffusion, bytes)",
    env: {
      IMAGE_PROVIDER: "workers-ai",
      CLOUDFLARE_API_TOKEN: KEY,
      IMAGE_BASE_URL: `${base}/workers-ai/client/v4/accounts/acc1/ai/run`,
      IMAGE_MODEL: "@cf/stabilityai/stable-diffusion-xl-base-1.0",
    },
    edits: true,
    expectType: "image/png",
  },
];

async function failureOf(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

async function recorded(prompt: string): Promise<any[]> {
  return (await fetch(`${base}/__requests?prompt=${encodeURIComponent(prompt)}`)).json();
}

const original = async () => {
  const offline = createImageSource({});
  return { bytes: (await offline.generate("a red kite")).bytes, contentType: "image/png" };
};

describe.each(PROVIDERS)("$name images", ({ env: config, edits, expectType }) => {
  it("generates a picture the provider drew", async () => {
    const prompt = `a lighthouse at dawn ${crypto.randomUUID()}`;
    const image = await createImageSource(config).generate(prompt);
    expect(image.offline).toBe(false);
    expect(image.contentType).toBe(expectType);
    if (expectType === "image/png") expect([...image.bytes.slice(0, 8)]).toEqual(PNG);
    const [req] = await recorded(prompt);
    expect(req).toBeDefined();
  });

  it.runIf(edits)("edits a picture, sending the original along", async () => {
    const prompt = `make it night ${crypto.randomUUID()}`;
    const image = await createImageSource(config).edit(prompt, await original());
    expect(image.contentType).toMatch(/^image\//);
    const [req] = await recorded(prompt);
    const sent = JSON.stringify(req.body);
    // The original went upstream: a multipart file (OpenAI), inline data (Gemini) or image_b64 (Workers AI).
    expect(sent).toMatch(
      /"image":\{"name":"image.png","type":"image\/png"|"inlineData":\{"mimeType":"image\/png","data":"iVBORw0KGgo|"image_b64":"iVBORw0KGgo/,
    );
  });

  it.runIf(!edits)("refuses an edit it cannot make with image_unavailable", async () => {
    const err = await failureOf(createImageSource(config).edit("make it night", await original()));
    expect(err.code).toBe("image_unavailable");
  });

  it("maps a refused key to image_auth_failed", async () => {
    const err = await failureOf(createImageSource(config).generate("a cat [401]"));
    expect(err.code).toBe("image_auth_failed");
    expect(err.status).toBe(502);
  });

  it("maps 429 to image_rate_limited", async () => {
    const err = await failureOf(createImageSource(config).generate("a cat [429]"));
    expect(err.code).toBe("image_rate_limited");
    expect(err.status).toBe(429);
  });

  it("maps a safety refusal to safety_violation with the safety text", async () => {
    const err = await failureOf(createImageSource(config).generate("something forbidden [unsafe]"));
    expect(err.code).toBe("safety_violation");
    expect(err.message).toBe(SAFETY_MESSAGE);
    expect(err.details).toMatchObject({ safety_violation: true });
  });

  it("gives up on a provider that does not answer in time (image_unavailable, no hang)", async () => {
    const started = Date.now();
    const err = await failureOf(
      createImageSource({ ...config, IMAGE_TIMEOUT_MS: "300" }).generate("a slow cat [slow]"),
    );
    expect(err.code).toBe("image_unavailable");
    expect(err.message).toMatch(/within 300 ms/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe("provider wire details", () => {
  it("sends OpenAI's bearer key, the model, and response_format only to models that take it", async () => {
    const p1 = `gpt-image ${crypto.randomUUID()}`;
    await createImageSource(PROVIDERS[0]!.env).generate(p1);
    const [a] = await recorded(p1);
    expect(a.path).toBe("/openai/v1/images/generations");
    expect(a.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(a.body).toMatchObject({ model: "gpt-image-1", prompt: p1, n: 1 });
    expect(a.body.response_format).toBeUndefined();
    const p2 = `dall-e ${crypto.randomUUID()}`;
    await createImageSource(PROVIDERS[1]!.env).generate(p2);
    expect((await recorded(p2))[0].body).toMatchObject({ model: "dall-e-2", response_format: "b64_json" });
  });

  it("calls Gemini's generateContent with image output, and Imagen's predict, with x-goog-api-key", async () => {
    const p1 = `gemini ${crypto.randomUUID()}`;
    await createImageSource(PROVIDERS[3]!.env).generate(p1);
    const [g] = await recorded(p1);
    expect(g.path).toBe("/google/v1beta/models/gemini-2.5-flash-image:generateContent");
    expect(g.headers["x-goog-api-key"]).toBe(KEY);
    expect(g.body.generationConfig.responseModalities).toEqual(["TEXT", "IMAGE"]);
    const p2 = `imagen ${crypto.randomUUID()}`;
    await createImageSource(PROVIDERS[4]!.env).generate(p2);
    const [i] = await recorded(p2);
    expect(i.path).toBe("/google/v1beta/models/imagen-4.0-generate-001:predict");
    expect(i.body).toEqual({ instances: [{ prompt: p2 }], parameters: { sampleCount: 1 } });
  });

  it("runs the Workers AI model under the account's ai/run path, edits with the img2img model", async () => {
    const p1 = `flux ${crypto.randomUUID()}`;
    await createImageSource(PROVIDERS[5]!.env).generate(p1);
    expect((await recorded(p1))[0].path).toBe(
      "/workers-ai/client/v4/accounts/acc1/ai/run/@cf/black-forest-labs/flux-1-schnell",
    );
    const p2 = `img2img ${crypto.randomUUID()}`;
    await createImageSource(PROVIDERS[5]!.env).edit(p2, await original());
    const [e] = await recorded(p2);
    expect(e.path).toBe("/workers-ai/client/v4/accounts/acc1/ai/run/@cf/runwayml/stable-diffusion-v1-5-img2img");
    expect(e.body.strength).toBeGreaterThan(0);
  });

  it("treats a wrong key as image_auth_failed for every keyed provider", async () => {
    for (const p of [PROVIDERS[0]!, PROVIDERS[3]!, PROVIDERS[5]!]) {
      const wrong = {
        ...p.env,
        OPENAI_API_KEY: "sk-wrong",
        GOOGLE_GENERATIVE_AI_API_KEY: "wrong",
        CLOUDFLARE_API_TOKEN: "wrong",
      };
      expect((await failureOf(createImageSource(wrong).generate("a cat"))).code).toBe("image_auth_failed");
    }
  });

  it("maps an unreachable host to image_unavailable", async () => {
    const err = await failureOf(
      createImageSource({ IMAGE_PROVIDER: "openai-compatible", IMAGE_BASE_URL: "http://127.0.0.1:9/v1" }).generate(
        "a cat",
      ),
    );
    expect(err.code).toBe("image_unavailable");
  });
});
