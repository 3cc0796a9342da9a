// How many remembered facts each plan keeps ("limited memory" for Free, more for Basic, more again for Advanced+),
// and how much of them reaches one prompt.
import type { Plan } from "../plans/entitlements";

export const MEMORY_FACTS_PER_PLAN: Record<Plan, number> = { free: 20, basic: 100, advanced: 300 };

/** At most this many characters of remembered facts go into one system prompt (newest facts first): 4,000. */
export const MEMORY_PROMPT_MAX_CHARS = 4_000;
