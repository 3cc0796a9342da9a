// GET /api/models: the catalogue as the caller sees it — whether the plan allows each model, today's remaining and
// total uses, and whether the built-in offline model serves it (no provider key configured); then, for a premium
// user, the external models connected with their own API key (worker/external-models/external-model.ts).
import { Hono } from "hono";
import { requireAuth } from "../http/auth-middleware";
import { listModelKeys } from "../db/model-keys";
import { asExternalProvider, externalEntry } from "../external-models/external-model";
import type { AppEnv } from "../http/app-env";
import { CATALOGUE, DEFAULT_ENDPOINT } from "../models/catalogue";
import { createModelRegistry } from "../models/registry";
import { dailyLimit, planOf } from "../plans/entitlements";
import type { ModelEntry, ModelsResponse } from "../protocol/resources";

export const modelRoutes = new Hono<AppEnv>().get("/models", requireAuth, async (c) => {
  const plan = planOf(c.var.user);
  const [usage, keys] = await Promise.all([
    c.var.hub.usageToday(),
    plan === "free" ? [] : listModelKeys({ db: c.var.db, userId: c.var.user.id }),
  ]);
  const used = new Map(Object.entries(usage));
  const registry = createModelRegistry(c.env);
  const models = CATALOGUE.map((m): ModelEntry => {
    const total = dailyLimit(plan, m.endpoint);
    const allowed = !m.premiumRequired || plan !== "free";
    return {
      id: m.id,
      endpoint: m.endpoint,
      name: m.name,
      descriptions: m.descriptions,
      premiumRequired: m.premiumRequired,
      fileSupport: m.fileSupport,
      supportedFileTypes: m.supportedFileTypes,
      allowed,
      remaining: allowed ? Math.max(0, total - (used.get(m.endpoint) ?? 0)) : 0,
      total: allowed ? total : 0,
      offline: registry.resolve(m.endpoint)?.offline ?? true,
    };
  });
  const external = keys.flatMap((k): ModelEntry[] => {
    const provider = asExternalProvider(k.provider);
    if (!provider) return [];
    const entry = externalEntry(provider);
    const { route: _route, ...shown } = entry;
    return [{ ...shown, allowed: true, remaining: 0, total: 0, offline: false, external: true }];
  });
  const data: ModelsResponse = {
    models: [...models, ...external],
    default: DEFAULT_ENDPOINT,
    plan,
    search: {
      remaining: Math.max(0, dailyLimit(plan, "search") - (used.get("search") ?? 0)),
      total: dailyLimit(plan, "search"),
    },
    image: {
      remaining: Math.max(0, dailyLimit(plan, "image") - (used.get("image") ?? 0)),
      total: dailyLimit(plan, "image"),
    },
  };
  return c.json({ status: "success", data }, 200);
});
