// Account settings the worker and the SPA share: the AI settings' shape and defaults, the custom-instruction limit,
// the five AI styles, the expert personas' ids, remembered facts, external model providers and linked sign-in
// providers. The SPA validates answers with these schemas; the worker validates bodies with the same rules
// (settings-requests.ts).
import * as v from "valibot";

/** Longest custom AI instruction, in characters (Unicode code points): 1,500. */
export const CUSTOM_INSTRUCTION_MAX_CHARS = 1_500;
/** Longest remembered fact, in characters: 500. */
export const MEMORY_FACT_MAX_CHARS = 500;

/** The five AI styles, from most precise to most spontaneous (premium only). */
export const AI_STYLES = ["accurate", "practical", "creativeLite", "superCreative", "spontaneous"] as const;
export const AiStyleSchema = v.picklist(AI_STYLES);
export type AiStyle = v.InferOutput<typeof AiStyleSchema>;

/** The expert personas a chat can start with (sidebar > experts). */
export const EXPERT_PERSONAS = ["english-professor", "market-analyst"] as const;
export const ExpertPersonaSchema = v.picklist(EXPERT_PERSONAS);
export type ExpertPersonaId = v.InferOutput<typeof ExpertPersonaSchema>;

/** Counts characters as a person does (an emoji or a Vietnamese letter is one), not UTF-16 units. */
export const charCount = (text: string) => Array.from(text).length;

export const CustomInstructionSchema = v.pipe(
  v.string("The custom instruction must be text"),
  v.check(
    (s) => charCount(s) <= CUSTOM_INSTRUCTION_MAX_CHARS,
    `The custom instruction is limited to ${CUSTOM_INSTRUCTION_MAX_CHARS} characters`,
  ),
);

/** GET /auth/ai-settings → data. Defaults: '', true, true, true (and no style, memory on). */
export const AiSettingsSchema = v.object({
  chat_customization: v.string(),
  enable_search: v.boolean(),
  enable_ai_custom: v.boolean(),
  allow_new_chats: v.boolean(),
  ai_style: v.nullable(AiStyleSchema),
  memory_enabled: v.boolean(),
  custom_instruction_max_chars: v.number(),
});
export type AiSettingsView = v.InferOutput<typeof AiSettingsSchema>;

export const MemoryFactSchema = v.object({ id: v.string(), content: v.string(), created_at: v.nullable(v.string()) });
export type MemoryFact = v.InferOutput<typeof MemoryFactSchema>;

/** Sign-in providers that can be linked to an account. */
export const SOCIAL_PROVIDERS = ["google", "facebook"] as const;
export const SocialProviderSchema = v.picklist(SOCIAL_PROVIDERS);
export type SocialProvider = v.InferOutput<typeof SocialProviderSchema>;

/** External models a premium user connects with their own API key. */
export const EXTERNAL_MODEL_PROVIDERS = [
  "grok",
  "llama",
  "bard",
  "claude",
  "deepseek",
  "copilot",
  "perplexity",
] as const;
export const ExternalModelProviderSchema = v.picklist(EXTERNAL_MODEL_PROVIDERS);
export type ExternalModelProvider = v.InferOutput<typeof ExternalModelProviderSchema>;

/** Connected apps: a cloud drive, a mail service, a calendar and two office-cloud variants (OAuth 2 with PKCE). */
export const CONNECTED_APPS = ["google-drive", "gmail", "google-calendar", "onedrive", "microsoft-365"] as const;
export const ConnectedAppSchema = v.picklist(CONNECTED_APPS);
export type ConnectedAppId = v.InferOutput<typeof ConnectedAppSchema>;
