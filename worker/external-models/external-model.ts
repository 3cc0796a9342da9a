// External models in the chat: a premium user's own key for one of EXTERNAL_PROVIDERS makes that provider a model of
// their switcher, at the endpoint "ext-<provider>". This module is the catalogue entry of such a model and the
// language model built for one turn — with the user's key, toward that provider's official host (or the operator's
// EXTERNAL_MODEL_BASE_URLS), never the operator's keys and never a user-chosen URL.
import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { CatalogueEntry, ProviderId } from "../models/catalogue";
import { buildProviderModel } from "../models/providers";
import { EXTERNAL_MODEL_PROVIDERS, type ExternalModelProvider } from "../protocol/settings";
import { EXTERNAL_PROVIDERS, type ExternalProviderSpec, providerBaseURL } from "./providers";

const PREFIX = "ext-";

export const externalEndpoint = (provider: ExternalModelProvider) => `${PREFIX}${provider}`;

/** The external provider named `name` (a stored key's provider column), or null. */
export function asExternalProvider(name: string): ExternalModelProvider | null {
  return EXTERNAL_MODEL_PROVIDERS.find((p) => p === name) ?? null;
}

/** The provider of an "ext-<provider>" endpoint, or null for any other endpoint. */
export function externalProviderOf(endpoint: string): ExternalModelProvider | null {
  return endpoint.startsWith(PREFIX) ? asExternalProvider(endpoint.slice(PREFIX.length)) : null;
}

/** Which of Mây's provider builders speaks each external provider's API, and the variable that carries the key. */
const BUILDERS: Record<ExternalProviderSpec["sdk"], { provider: ProviderId; keyVar: keyof Env }> = {
  xai: { provider: "xai", keyVar: "XAI_API_KEY" },
  "openai-compatible": { provider: "openai-compatible", keyVar: "OPENAI_COMPATIBLE_API_KEY" },
  google: { provider: "google", keyVar: "GOOGLE_GENERATIVE_AI_API_KEY" },
  anthropic: { provider: "anthropic", keyVar: "ANTHROPIC_API_KEY" },
  deepseek: { provider: "deepseek", keyVar: "DEEPSEEK_API_KEY" },
};

/** The catalogue entry of an external model: premium only, text only (files go to Mây's own models). */
export function externalEntry(provider: ExternalModelProvider): CatalogueEntry {
  const spec = EXTERNAL_PROVIDERS[provider];
  const builder = BUILDERS[spec.sdk];
  return {
    id: externalEndpoint(provider),
    endpoint: externalEndpoint(provider),
    name: spec.name,
    descriptions: { free: "Connect your own API key (premium)", premium: "Answers with your own API key" },
    premiumRequired: true,
    fileSupport: false,
    supportedFileTypes: [],
    route: { provider: builder.provider, model: spec.model },
  };
}

/**
 * The language model for one turn with the user's key. Only the user's key is in the environment the builder sees,
 * so no operator key can travel with the call.
 */
export function buildExternalModel(
  env: { EXTERNAL_MODEL_BASE_URLS?: string },
  provider: ExternalModelProvider,
  apiKey: string,
): LanguageModelV3 {
  const spec = EXTERNAL_PROVIDERS[provider];
  const builder = BUILDERS[spec.sdk];
  const model = buildProviderModel(
    { provider: builder.provider, model: spec.model, baseURL: providerBaseURL(env, spec) },
    { [builder.keyVar]: apiKey },
  );
  if (!model) throw new Error(`no model for ${provider}`);
  return model;
}
