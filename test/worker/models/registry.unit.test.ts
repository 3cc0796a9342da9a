// Which model serves each endpoint: the offline model when the route's provider has no key, the provider's own SDK
// model when it has one, and the operator's MODEL_ROUTES overrides (validated, or a clear misconfiguration error).
import type { LanguageModelV3 } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { CATALOGUE } from "../../../worker/models/catalogue";
import { OFFLINE_PROVIDER } from "../../../worker/models/offline-model";
import { createModelRegistry } from "../../../worker/models/registry";
import { AppError } from "../../../worker/errors";

/** Every provider variable blank, as in a fresh checkout. */
const BLANK: Partial<Env> = {
  OPENAI_API_KEY: "",
  ANTHROPIC_API_KEY: "",
  GOOGLE_GENERATIVE_AI_API_KEY: "",
  XAI_API_KEY: "",
  DEEPSEEK_API_KEY: "",
  OPENAI_COMPATIBLE_BASE_URL: "",
  OPENAI_COMPATIBLE_API_KEY: "",
  MODEL_ROUTES: "",
};

const v3 = (model: unknown) => model as LanguageModelV3;

function misconfiguration(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error("expected an AppError");
}

describe("createModelRegistry", () => {
  it("serves every catalogue endpoint with the offline model when no provider is configured", () => {
    const registry = createModelRegistry(BLANK);
    for (const entry of CATALOGUE) {
      const resolved = registry.resolve(entry.endpoint);
      expect(resolved?.offline).toBe(true);
      expect(resolved?.entry).toBe(entry);
      expect(resolved?.route).toEqual(entry.route);
      expect(v3(resolved?.model).provider).toBe(OFFLINE_PROVIDER);
    }
  });

  it("treats a whitespace-only key as not configured", () => {
    const resolved = createModelRegistry({ ...BLANK, OPENAI_API_KEY: "   " }).resolve("gpt-4.1-mini");
    expect(resolved?.offline).toBe(true);
  });

  it("answers undefined for an endpoint that is not in the catalogue", () => {
    expect(createModelRegistry(BLANK).resolve("gpt-5-ultra")).toBeUndefined();
  });

  it("uses the OpenAI Responses model once OPENAI_API_KEY is set, and only for OpenAI routes", () => {
    const registry = createModelRegistry({ ...BLANK, OPENAI_API_KEY: "sk-test" });
    const gpt = registry.resolve("gpt-4.1-mini");
    expect(gpt?.offline).toBe(false);
    expect(v3(gpt?.model).provider).toBe("openai.responses");
    expect(v3(gpt?.model).modelId).toBe("gpt-4.1-mini");
    expect(v3(registry.resolve("gpt-3o")?.model).modelId).toBe("o3");
    expect(registry.resolve("claude-4-pro")?.offline).toBe(true);
    expect(registry.resolve("deepseek-chat")?.offline).toBe(true);
  });

  it.each([
    ["claude-4-pro", { ANTHROPIC_API_KEY: "k" }, "anthropic.messages", "claude-sonnet-4-0"],
    ["gemini-2.5-pro", { GOOGLE_GENERATIVE_AI_API_KEY: "k" }, "google.generative-ai", "gemini-2.5-pro"],
    ["grok", { XAI_API_KEY: "k" }, "xai.chat", "grok-3"],
    ["deepseek-chat", { DEEPSEEK_API_KEY: "k" }, "deepseek.chat", "deepseek-chat"],
  ] as const)("serves %s with its provider's SDK model when its key is set", (endpoint, keys, provider, modelId) => {
    const resolved = createModelRegistry({ ...BLANK, ...keys }).resolve(endpoint);
    expect(resolved?.offline).toBe(false);
    expect(v3(resolved?.model).provider).toBe(provider);
    expect(v3(resolved?.model).modelId).toBe(modelId);
  });

  it("applies a MODEL_ROUTES override to its endpoint only", () => {
    const registry = createModelRegistry({
      ...BLANK,
      ANTHROPIC_API_KEY: "k",
      MODEL_ROUTES: JSON.stringify({ "gpt-4.1-mini": { provider: "anthropic", model: "claude-3-5-haiku-latest" } }),
    });
    const resolved = registry.resolve("gpt-4.1-mini");
    expect(resolved?.route).toEqual({ provider: "anthropic", model: "claude-3-5-haiku-latest" });
    expect(resolved?.offline).toBe(false);
    expect(v3(resolved?.model).provider).toBe("anthropic.messages");
    expect(v3(resolved?.model).modelId).toBe("claude-3-5-haiku-latest");
    expect(registry.resolve("o4-mini")?.route).toEqual({ provider: "openai", model: "o4-mini" });
  });

  it("checks a MODEL_ROUTES once for every registry built from it, and a changed one afresh", () => {
    const routesTo = (model: string) => JSON.stringify({ "gpt-4.1-mini": { provider: "anthropic", model } });
    const first = createModelRegistry({ ...BLANK, MODEL_ROUTES: routesTo("claude-a") }).resolve("gpt-4.1-mini");
    const again = createModelRegistry({ ...BLANK, MODEL_ROUTES: routesTo("claude-a") }).resolve("gpt-4.1-mini");
    // the same checked route, not a second parse of the same string
    expect(again?.route).toBe(first?.route);
    const changed = createModelRegistry({ ...BLANK, MODEL_ROUTES: routesTo("claude-b") }).resolve("gpt-4.1-mini");
    expect(changed?.route).toEqual({ provider: "anthropic", model: "claude-b" });
    // an invalid value after a valid one is still refused, and the valid one still serves
    expect(() => createModelRegistry({ ...BLANK, MODEL_ROUTES: routesTo(" ") })).toThrow(AppError);
    expect(
      createModelRegistry({ ...BLANK, MODEL_ROUTES: routesTo("claude-b") }).resolve("gpt-4.1-mini")?.route,
    ).toEqual({ provider: "anthropic", model: "claude-b" });
  });

  it("keeps an overridden route offline when the new provider has no key", () => {
    const resolved = createModelRegistry({
      ...BLANK,
      OPENAI_API_KEY: "sk-test",
      MODEL_ROUTES: JSON.stringify({ "gpt-4.1-mini": { provider: "xai", model: "grok-3-mini" } }),
    }).resolve("gpt-4.1-mini");
    expect(resolved?.route.provider).toBe("xai");
    expect(resolved?.offline).toBe(true);
  });

  it("serves an openai-compatible route only when it has a base URL, from the route or OPENAI_COMPATIBLE_BASE_URL", () => {
    const routes = (baseURL?: string) =>
      JSON.stringify({
        "deepseek-chat": { provider: "openai-compatible", model: "llama3.2", ...(baseURL ? { baseURL } : {}) },
      });
    const withoutURL = createModelRegistry({ ...BLANK, OPENAI_COMPATIBLE_API_KEY: "k", MODEL_ROUTES: routes() });
    expect(withoutURL.resolve("deepseek-chat")?.offline).toBe(true);

    const fromEnv = createModelRegistry({
      ...BLANK,
      OPENAI_COMPATIBLE_BASE_URL: "http://localhost:11434/v1",
      MODEL_ROUTES: routes(),
    });
    expect(fromEnv.resolve("deepseek-chat")?.offline).toBe(false);
    expect(v3(fromEnv.resolve("deepseek-chat")?.model).provider).toBe("openai-compatible.chat");

    const fromRoute = createModelRegistry({ ...BLANK, MODEL_ROUTES: routes("http://localhost:1234/v1") });
    expect(fromRoute.resolve("deepseek-chat")?.offline).toBe(false);
    expect(v3(fromRoute.resolve("deepseek-chat")?.model).modelId).toBe("llama3.2");
  });

  it("serves a Workers AI route with a token and an account, calling the account's OpenAI-compatible endpoint", async () => {
    const routes = JSON.stringify({
      "deepseek-chat": { provider: "workers-ai", model: "@cf/meta/llama-3.1-8b-instruct" },
    });
    expect(
      createModelRegistry({ ...BLANK, CLOUDFLARE_API_TOKEN: "t", MODEL_ROUTES: routes }).resolve("deepseek-chat")
        ?.offline,
    ).toBe(true);
    expect(
      createModelRegistry({ ...BLANK, CLOUDFLARE_ACCOUNT_ID: "acc", MODEL_ROUTES: routes }).resolve("deepseek-chat")
        ?.offline,
    ).toBe(true);
    const resolved = createModelRegistry({
      ...BLANK,
      CLOUDFLARE_API_TOKEN: "t",
      CLOUDFLARE_ACCOUNT_ID: "acc123",
      MODEL_ROUTES: routes,
    }).resolve("deepseek-chat");
    expect(resolved?.offline).toBe(false);
    expect(v3(resolved?.model).provider).toBe("workers-ai.chat");
    expect(v3(resolved?.model).modelId).toBe("@cf/meta/llama-3.1-8b-instruct");
  });

  it.each([
    ["not JSON", "{gpt-4.1-mini: openai}", /not valid JSON/],
    ["a JSON array", "[]", /MODEL_ROUTES is invalid/],
    ["an unknown endpoint", JSON.stringify({ "gpt-9": { provider: "openai", model: "x" } }), /endpoint/],
    ["an unknown provider", JSON.stringify({ "gpt-4.1-mini": { provider: "mistral", model: "x" } }), /provider/],
    ["a missing model", JSON.stringify({ "gpt-4.1-mini": { provider: "openai" } }), /model/],
    ["a blank model", JSON.stringify({ "gpt-4.1-mini": { provider: "openai", model: "  " } }), /model/],
    [
      "a base URL that is not a URL",
      JSON.stringify({ "gpt-4.1-mini": { provider: "openai", model: "x", baseURL: "localhost" } }),
      /baseURL/,
    ],
    [
      "a misspelt field",
      JSON.stringify({ "gpt-4.1-mini": { provider: "openai", model: "x", baseUrl: "http://a.b" } }),
      /baseUrl/,
    ],
  ])("rejects MODEL_ROUTES with %s as server_misconfigured", (_case, value, message) => {
    const err = misconfiguration(() => createModelRegistry({ ...BLANK, MODEL_ROUTES: value }));
    expect(err.code).toBe("server_misconfigured");
    expect(err.status).toBe(500);
    expect(err.message).toMatch(message);
  });

  it("rejects an OFFLINE_MODEL_DELAY_MS that is not a whole number of milliseconds", () => {
    for (const value of ["fast", "-5", "2.5"]) {
      expect(misconfiguration(() => createModelRegistry({ ...BLANK, OFFLINE_MODEL_DELAY_MS: value })).code).toBe(
        "server_misconfigured",
      );
    }
    expect(createModelRegistry({ ...BLANK, OFFLINE_MODEL_DELAY_MS: "0" }).resolve("gpt-4.1-mini")?.offline).toBe(true);
  });
});
