// /auth/external-models: the user's own API keys for external models (premium only). GET lists every provider with
// whether it is connected and the key's last four characters; PUT /:provider {apiKey} tries the key once against
// the provider's official API and stores it encrypted; DELETE /:provider disconnects. Keys are never returned.
// A connected provider is a model of the user's switcher ("ext-<provider>", worker/external-models/external-model.ts).
import { Hono } from "hono";
import * as v from "valibot";
import { requireAuth } from "../http/auth-middleware";
import { tooMany } from "../auth/rate-limit";
import { deleteModelKey, listModelKeys, saveModelKey } from "../db/model-keys";
import { takeRateLimit } from "../db/rate-limits";
import type { AppEnv } from "../http/app-env";
import { AppError } from "../errors";
import { checkProviderKey } from "../external-models/key-check";
import { EXTERNAL_PROVIDERS } from "../external-models/providers";
import { isoOrNull } from "../lib/time";
import { valid } from "../lib/validate";
import { planOf } from "../plans/entitlements";
import { ModelKeySchema } from "../protocol/account-requests";
import { EXTERNAL_MODEL_PROVIDERS, ExternalModelProviderSchema } from "../protocol/settings";

/** Key checks per user per hour: 10 (each one calls a provider for us). */
const CHECKS_PER_HOUR = 10;
const HOUR_MS = 60 * 60 * 1000;

const ParamSchema = v.object({ provider: ExternalModelProviderSchema });
export const externalModelRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/", async (c) => {
    const stored = new Map((await listModelKeys({ db: c.var.db, userId: c.var.user.id })).map((k) => [k.provider, k]));
    const premium = planOf(c.var.user) !== "free";
    const data = EXTERNAL_MODEL_PROVIDERS.map((p) => {
      const k = stored.get(p);
      return {
        provider: p,
        name: EXTERNAL_PROVIDERS[p].name,
        connected: k !== undefined,
        last4: k?.last4 ?? null,
        connected_at: isoOrNull(k?.createdAt),
        premium_required: true,
        available: premium,
      };
    });
    return c.json({ status: "success", data: { providers: data } }, 200);
  })
  .put("/:provider", valid("param", ParamSchema), valid("json", ModelKeySchema), async (c) => {
    const { provider } = c.req.valid("param");
    const { apiKey } = c.req.valid("json");
    const user = c.var.user;
    if (planOf(user) === "free")
      throw new AppError("premium_required", "External models with your own key are available on Premium plans");
    const hit = await takeRateLimit({
      db: c.var.db,
      key: `model-key-check:${user.id}`,
      max: CHECKS_PER_HOUR,
      windowMs: HOUR_MS,
    });
    if (!hit.ok) tooMany(c, hit.resetAt, "Too many key checks. Please try again later.");
    const outcome = await checkProviderKey(c.env, provider, apiKey);
    if (outcome === "rejected")
      throw new AppError("model_key_rejected", `${EXTERNAL_PROVIDERS[provider].name} did not accept this API key`, {
        field: "apiKey",
      });
    if (outcome === "unavailable")
      throw new AppError(
        "provider_unavailable",
        `${EXTERNAL_PROVIDERS[provider].name} could not be reached to check the key. Please try again.`,
      );
    const saved = await saveModelKey({ db: c.var.db, owner: c.var.hub, env: c.env, userId: user.id, provider, apiKey });
    return c.json(
      {
        status: "success",
        data: { provider, connected: true, last4: saved.last4, connected_at: isoOrNull(saved.createdAt) },
      },
      200,
    );
  })
  .delete("/:provider", valid("param", ParamSchema), async (c) => {
    const { provider } = c.req.valid("param");
    if (!(await deleteModelKey({ db: c.var.db, owner: c.var.hub, userId: c.var.user.id, provider })))
      throw new AppError("not_found", "This model is not connected");
    return c.json({ status: "success", data: { provider, connected: false } }, 200);
  });
