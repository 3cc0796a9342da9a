// The bounds of a chat's own settings (PUT /chat-sessions/{id}/settings), in a module of constants only: the worker's
// schema (chat-requests.ts) checks them and the SPA's settings dialog shows them, without pulling the schema (and
// the validation functions it uses) into the SPA's code.

/** Longest system prompt of a chat, in characters (code points, as charCount counts them). */
export const CHAT_SYSTEM_PROMPT_MAX_CHARS = 4_000;
/** A chat's temperature: 0 to 2, the scale of OpenAI-style APIs (a narrower provider clamps it in its adapter). */
export const CHAT_TEMPERATURE_MIN = 0;
export const CHAT_TEMPERATURE_MAX = 2;
/** A chat's longest answer, in output tokens: 64 to 16,000 (null: the model's own limit). */
export const CHAT_MAX_TOKENS_MIN = 64;
export const CHAT_MAX_TOKENS_MAX = 16_000;
