// What the SPA sends to change the AI settings, declared once: the worker validates each body with these schemas
// (worker/routes/settings.ts) and the SPA types what it sends with their input types.
// The SPA imports only this module's types: the worker validates the bodies at its edge, and a schema object the SPA
// imported at run time would be bundled into its chunks even unused (the bundler keeps valibot schemas it cannot prove
// pure).
import * as v from "valibot";
import { AiStyleSchema, CustomInstructionSchema } from "./settings";

/** PATCH /auth/update-ai-settings: the fields sent change, the others stay. */
export const AiSettingsUpdateSchema = v.object({
  chat_customization: v.optional(CustomInstructionSchema),
  enable_search: v.optional(v.boolean("enable_search must be true or false")),
  enable_ai_custom: v.optional(v.boolean("enable_ai_custom must be true or false")),
  allow_new_chats: v.optional(v.boolean("allow_new_chats must be true or false")),
  ai_style: v.optional(v.nullable(AiStyleSchema)),
  memory_enabled: v.optional(v.boolean("memory_enabled must be true or false")),
});
export type AiSettingsUpdate = v.InferInput<typeof AiSettingsUpdateSchema>;

/** POST /auth/update-chat-customization: clients name the instruction "customization"; chat_customization works too. */
export const CustomizationUpdateSchema = v.object({
  customization: v.optional(CustomInstructionSchema),
  chat_customization: v.optional(CustomInstructionSchema),
  enable_ai_custom: v.optional(v.boolean("enable_ai_custom must be true or false")),
  allow_new_chats: v.optional(v.boolean("allow_new_chats must be true or false")),
});
export type CustomizationUpdate = v.InferInput<typeof CustomizationUpdateSchema>;
