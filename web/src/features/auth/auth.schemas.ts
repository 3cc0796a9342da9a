// What the auth endpoints answer, checked at the edge. Unknown extra fields are kept (looseObject) so the worker
// can add profile fields without breaking the SPA.
import * as v from "valibot";

export const PlanSchema = v.picklist(["free", "basic", "advanced"]);
export type Plan = v.InferOutput<typeof PlanSchema>;

export const UserSchema = v.looseObject({
  id: v.string(),
  name: v.string(),
  email: v.string(),
  is_premium: v.optional(v.number(), 0),
  premium_active: v.optional(v.boolean(), false),
  premium_end: v.optional(v.nullable(v.union([v.string(), v.number()])), null),
  plan: v.optional(PlanSchema, "free"),
  avatar: v.optional(v.nullable(v.string()), null),
  language: v.optional(v.nullable(v.string()), null),
});
export type User = v.InferOutput<typeof UserSchema>;

export const AuthResultSchema = v.object({
  user: UserSchema,
  token: v.optional(v.string()),
  jwt_token: v.optional(v.string()),
  session_token: v.string(),
});
export type AuthResult = v.InferOutput<typeof AuthResultSchema>;

export const MeSchema = v.object({ user: UserSchema });
