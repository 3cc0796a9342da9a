// The prompt library API (GET /prompts, /prompts/popular, /prompts/:id, POST /prompts/:id/use), declared once for the
// worker and the SPA: the worker types its answers with these schemas' input types, the SPA validates what it reads.
import * as v from "valibot";
import { successEnvelope } from "./envelopes";

export const PROMPT_LANGUAGES = ["vi", "en", "ru", "zh"] as const;
export type PromptLanguage = (typeof PROMPT_LANGUAGES)[number];

/** Longest search text accepted, in characters. */
export const PROMPT_QUERY_MAX = 200;
/** Prompts per page of GET /prompts when the client does not ask, and the most it may ask for. */
export const PROMPT_PAGE_DEFAULT = 20;
export const PROMPT_PAGE_MAX = 50;
/** How many prompts GET /prompts/popular answers. */
export const PROMPT_POPULAR_COUNT = 6;
/** Prompt ids: lowercase words joined by '-' (also the list's cursor: the last id of a page). */
export const PROMPT_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const PromptSchema = v.object({
  id: v.string(),
  category: v.string(),
  /** The category's name in the asked language. */
  category_name: v.string(),
  title: v.string(),
  description: v.string(),
  /** The text put into the chat input; [brackets] mark what the user fills in. */
  body: v.string(),
  /** Times any user has used it. */
  uses: v.number(),
});
export type Prompt = v.InferOutput<typeof PromptSchema>;

const Lang = v.picklist(PROMPT_LANGUAGES);

/** GET /prompts?lang=&q=&category=&limit=&cursor= : the library in catalogue order (category, then editorial order). */
export const PromptListBodySchema = successEnvelope(
  v.object({
    lang: Lang,
    items: v.array(PromptSchema),
    /** Prompts matching the search in all, over every page. */
    total: v.number(),
    /** Pass back as ?cursor= for the next page; null on the last one. */
    next_cursor: v.nullable(v.string()),
    categories: v.array(v.object({ id: v.string(), name: v.string() })),
  }),
);
export type PromptListBody = v.InferInput<typeof PromptListBodySchema>;

/** GET /prompts/popular?lang= : the most used prompts, most uses first. */
export const PromptPopularBodySchema = successEnvelope(v.object({ lang: Lang, items: v.array(PromptSchema) }));
export type PromptPopularBody = v.InferInput<typeof PromptPopularBodySchema>;

/** GET /prompts/:id?lang= */
export const PromptBodySchema = successEnvelope(v.object({ prompt: PromptSchema }));
export type PromptBody = v.InferInput<typeof PromptBodySchema>;

/** POST /prompts/:id/use : the prompt's use count after this use. */
export const PromptUseBodySchema = successEnvelope(v.object({ id: v.string(), uses: v.number() }));
export type PromptUseBody = v.InferInput<typeof PromptUseBodySchema>;
