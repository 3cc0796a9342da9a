// GET /api/models as the SPA reads it: the catalogue for this user, with today's uses and whether the offline
// model (no provider key configured) is the one answering.
import * as v from "valibot";
import { PlanSchema } from "../auth/auth.schemas";

export const ModelSchema = v.looseObject({
  id: v.string(),
  endpoint: v.string(),
  name: v.string(),
  descriptions: v.object({ free: v.string(), premium: v.string() }),
  premiumRequired: v.boolean(),
  fileSupport: v.optional(v.boolean(), false),
  allowed: v.boolean(),
  remaining: v.number(),
  total: v.number(),
  offline: v.optional(v.boolean(), false),
});
export type Model = v.InferOutput<typeof ModelSchema>;

const QuotaSchema = v.object({ remaining: v.number(), total: v.number() });

export const ModelsResponseSchema = v.object({
  models: v.array(ModelSchema),
  default: v.string(),
  plan: PlanSchema,
  search: v.optional(QuotaSchema),
  image: v.optional(QuotaSchema),
});
export type ModelsResponse = v.InferOutput<typeof ModelsResponseSchema>;
