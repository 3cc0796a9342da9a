// PLACEHOLDER until the provider-adapter work lands: every endpoint is served by the offline model.
import type { LanguageModel } from "ai";
import { type CatalogueEntry, findByEndpoint, type ModelRoute } from "./catalogue";

export interface ResolvedModel {
  entry: CatalogueEntry;
  route: ModelRoute;
  model: LanguageModel;
  /** True when the built-in offline model serves this endpoint (its provider has no key configured). */
  offline: boolean;
}

export interface ModelRegistry {
  resolve(endpoint: string): ResolvedModel | undefined;
}

export function createModelRegistry(_env: Partial<Env>): ModelRegistry {
  return {
    resolve(endpoint) {
      const entry = findByEndpoint(endpoint);
      if (!entry) return undefined;
      return { entry, route: entry.route, model: "offline" as unknown as LanguageModel, offline: true };
    },
  };
}
