// What the auth endpoints answer, checked at the edge with the worker's own declarations of the user and the plan
// (worker/protocol/resources.ts). Unknown extra fields are kept (looseObject) so the worker can add profile fields
// without breaking the SPA.
import * as v from "valibot";
import { PlanSchema, PublicUserSchema } from "../../../../worker/protocol/resources";

export { PlanSchema };
export type Plan = v.InferOutput<typeof PlanSchema>;

export const UserSchema = PublicUserSchema;
export type User = v.InferOutput<typeof UserSchema>;

export const AuthResultSchema = v.object({
  user: UserSchema,
  token: v.optional(v.string()),
  jwt_token: v.optional(v.string()),
  session_token: v.string(),
});
export type AuthResult = v.InferOutput<typeof AuthResultSchema>;

export const MeSchema = v.object({ user: UserSchema });
