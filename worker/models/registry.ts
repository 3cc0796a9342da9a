// Resolves an endpoint to the language model that serves it: the catalogue's route (or the operator's MODEL_ROUTES
// override), built with that provider's SDK when its key is configured, else Mây's offline model. Routes and the
// Durable Object only ever see an AI SDK language model (LanguageModelV3); the vendor SDKs stay behind providers.ts.
import type { LanguageModelV3 } from "@ai-sdk/provider";
import * as v from "valibot";
import { AppError } from "../errors";
import { CATALOGUE, type CatalogueEntry, findByEndpoint, type ModelRoute, type ProviderId } from "./catalogue";
import { createOfflineModel, DEFAULT_OFFLINE_DELAY_MS } from "./offline-model";
import { buildProviderModel } from "./providers";

export interface ResolvedModel {
  entry: CatalogueEntry;
  route: ModelRoute;
  model: LanguageModelV3;
  /** True when the built-in offline model serves this endpoint (its provider has no key configured). */
  offline: boolean;
}

export interface ModelRegistry {
  resolve(endpoint: string): ResolvedModel | undefined;
}

const PROVIDERS = [
  "openai",
  "anthropic",
  "google",
  "xai",
  "deepseek",
  "workers-ai",
  "openai-compatible",
] as const satisfies readonly ProviderId[];

const RouteSchema = v.strictObject({
  provider: v.picklist(PROVIDERS, `provider must be one of ${PROVIDERS.join(", ")}`),
  model: v.pipe(v.string("model must be a string"), v.trim(), v.nonEmpty("model is required")),
  baseURL: v.optional(v.pipe(v.string("baseURL must be a string"), v.trim(), v.url("baseURL must be a URL"))),
});

const RoutesSchema = v.pipe(
  // valibot's record accepts arrays; MODEL_ROUTES must be a JSON object.
  v.custom<Record<string, unknown>>(
    (x) => typeof x === "object" && x !== null && !Array.isArray(x),
    "must be a JSON object",
  ),
  v.record(
    v.picklist(
      CATALOGUE.map((m) => m.endpoint),
      "each key must be an endpoint of the catalogue",
    ),
    RouteSchema,
  ),
);

/**
 * The last MODEL_ROUTES parsed and its routes. Every user's object builds its registry once, at its first turn, and
 * checking the routes against the catalogue was most of that (about 0.8 ms a turn in the hot-path bench's 50 new users
 * at once); the routes are a pure function of the string, so one parse serves every object of the isolate.
 */
let lastRoutes: { raw: string; routes: Partial<Record<string, ModelRoute>> } | null = null;

/** Parses MODEL_ROUTES (a JSON object endpoint → route); blank means no overrides. Anything invalid is a 500. */
function parseRouteOverrides(raw: string | undefined): Partial<Record<string, ModelRoute>> {
  if (!raw?.trim()) return {};
  if (lastRoutes?.raw === raw) return lastRoutes.routes;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new AppError("server_misconfigured", "MODEL_ROUTES is not valid JSON");
  }
  const parsed = v.safeParse(RoutesSchema, json);
  if (!parsed.success) {
    const [issue] = parsed.issues;
    const path = v.getDotPath(issue);
    throw new AppError("server_misconfigured", `MODEL_ROUTES is invalid${path ? ` at ${path}` : ""}: ${issue.message}`);
  }
  lastRoutes = { raw, routes: parsed.output };
  return parsed.output;
}

/** The offline model's pause per chunk in milliseconds: a non-negative integer, default 25, 0 for no pause. */
function parseOfflineDelay(raw: string | undefined): number {
  if (!raw?.trim()) return DEFAULT_OFFLINE_DELAY_MS;
  if (!/^\d{1,6}$/.test(raw.trim())) {
    throw new AppError("server_misconfigured", "OFFLINE_MODEL_DELAY_MS must be a whole number of milliseconds");
  }
  return Number(raw.trim());
}

export function createModelRegistry(env: Partial<Env>): ModelRegistry {
  const overrides = parseRouteOverrides(env.MODEL_ROUTES);
  const offlineDelayMs = parseOfflineDelay(env.OFFLINE_MODEL_DELAY_MS);
  // A model holds its route and key only (each call keeps its own state), so one serves every turn of the endpoint.
  const resolved = new Map<string, ResolvedModel>();
  return {
    resolve(endpoint) {
      const known = resolved.get(endpoint);
      if (known) return known;
      const entry = findByEndpoint(endpoint);
      if (!entry) return undefined;
      const route = overrides[endpoint] ?? entry.route;
      const model = buildProviderModel(route, env);
      const found = model
        ? { entry, route, model, offline: false }
        : { entry, route, model: createOfflineModel({ delayMs: offlineDelayMs }), offline: true };
      resolved.set(endpoint, found);
      return found;
    },
  };
}
