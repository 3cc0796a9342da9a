// Choosing the image source from configuration: offline with nothing configured, the first keyed provider when
// IMAGE_PROVIDER is unset, the named one otherwise; a named provider that is not configured is an error, not a
// silent fallback.
import { describe, expect, it } from "vitest";
import { AppError } from "../../../worker/errors";
import { createImageSource } from "../../../worker/images/registry";

describe("createImageSource", () => {
  it("is the offline model when nothing is configured", () => {
    const s = createImageSource({});
    expect(s).toMatchObject({ provider: "offline", offline: true, model: "offline-image" });
  });

  it("picks the first provider with a key when IMAGE_PROVIDER is unset, with its default model", () => {
    expect(
      createImageSource({ GOOGLE_GENERATIVE_AI_API_KEY: "k", CLOUDFLARE_API_TOKEN: "t", CLOUDFLARE_ACCOUNT_ID: "a" }),
    ).toMatchObject({
      provider: "google",
      model: "gemini-2.5-flash-image",
    });
    expect(createImageSource({ CLOUDFLARE_API_TOKEN: "t", CLOUDFLARE_ACCOUNT_ID: "a" }).provider).toBe("workers-ai");
    // A Workers AI token without its account is not a configured provider.
    expect(createImageSource({ CLOUDFLARE_API_TOKEN: "t" }).provider).toBe("offline");
  });

  it("uses IMAGE_MODEL and honours IMAGE_PROVIDER=offline even with keys", () => {
    expect(createImageSource({ OPENAI_API_KEY: "k", IMAGE_MODEL: "dall-e-3" }).model).toBe("dall-e-3");
    expect(createImageSource({ OPENAI_API_KEY: "k", IMAGE_PROVIDER: "offline" }).provider).toBe("offline");
  });

  it.each([
    [{ IMAGE_PROVIDER: "midjourney" }, /IMAGE_PROVIDER must be one of/],
    [{ IMAGE_PROVIDER: "openai" }, /need an API key/],
    [{ IMAGE_PROVIDER: "openai-compatible" }, /need IMAGE_BASE_URL/],
    [{ IMAGE_PROVIDER: "openai-compatible", IMAGE_BASE_URL: "not a url" }, /not a URL/],
    [{ IMAGE_TIMEOUT_MS: "soon" }, /whole number/],
  ])("refuses a misconfiguration %j", (config, message) => {
    let err: unknown;
    try {
      createImageSource(config);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("server_misconfigured");
    expect((err as AppError).message).toMatch(message);
  });

  it("refuses an empty prompt with 'Question is required'", async () => {
    const err = await createImageSource({})
      .generate("   ")
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).message).toBe("Question is required");
  });
});
