// GET /api/models as the SPA reads it: the catalogue for this user, with today's uses and whether the offline model
// (no provider key configured) is the one answering. Declared once, by the worker (worker/protocol/resources.ts).
import type * as v from "valibot";
import { ModelEntrySchema, ModelsResponseSchema } from "../../../../worker/protocol/resources";

export const ModelSchema = ModelEntrySchema;
export type Model = v.InferOutput<typeof ModelSchema>;

export { ModelsResponseSchema };
export type ModelsResponse = v.InferOutput<typeof ModelsResponseSchema>;
