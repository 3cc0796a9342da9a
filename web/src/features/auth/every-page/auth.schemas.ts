// What the auth endpoints answer, checked at the edge with the worker's own declarations of the user and the plan
// (worker/protocol/resources.ts). Unknown extra fields are kept (looseObject) so the worker can add profile fields
// without breaking the SPA.
import * as v from "valibot";
import { PlanSchema, PublicUserSchema } from "../../../../../worker/protocol/resources";

export { PlanSchema };
export type Plan = v.InferOutput<typeof PlanSchema>;

export const UserSchema = PublicUserSchema;
export type User = v.InferOutput<typeof UserSchema>;

/**
 * A sign-in's answer as the SPA reads it: the user only. The worker also answers `token` and `session_token` for
 * API clients, and sets both as HttpOnly cookies; the SPA leaves them out (valibot drops unknown keys) so no token
 * ever reaches script-visible state.
 */
export const AuthResultSchema = v.object({ user: UserSchema });
export type AuthResult = v.InferOutput<typeof AuthResultSchema>;

export const MeSchema = v.object({ user: UserSchema });
