// The prompt library API (GET /prompts, /prompts/popular, /prompts/:id, POST /prompts/:id/use) and the user's own
// prompts (/prompts/mine, below), declared once for the worker and the SPA: the worker types its answers with these
// schemas' input types, the SPA validates what it reads.
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
  /**
   * The text put into the chat input; {{blanks}} (prompt-blanks.ts) are asked for in a form first, [brackets] mark what
   * the user edits in the input.
   */
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

// The user's own prompts ("My prompts"), which may hold blanks (prompt-blanks.ts) like the library's:
//   GET    /prompts/mine                      → { status, data: { items: UserPrompt[], limit } }   newest change first
//   POST   /prompts/mine       NewUserPrompt  → 201 { status, data: { prompt } }   (403 prompt_limit past USER_PROMPTS_MAX)
//   PATCH  /prompts/mine/{id}  UserPromptPatch → 200 { status, data: { prompt } }
//   DELETE /prompts/mine/{id}                 → 200 { status, data: { id } }
// Another user's prompt is a 404, like one that does not exist.

/** Longest title and text of a user's own prompt, in characters (after trimming). */
export const USER_PROMPT_TITLE_MAX = 120;
export const USER_PROMPT_TEXT_MAX = 8_000;
/** Most prompts a user may keep. */
export const USER_PROMPTS_MAX = 200;

export const UserPromptSchema = v.object({
  id: v.string(),
  title: v.string(),
  text: v.string(),
  /** ISO 8601 times. */
  created_at: v.string(),
  updated_at: v.string(),
});
export type UserPrompt = v.InferOutput<typeof UserPromptSchema>;

const UserPromptTitle = v.pipe(
  v.string("title must be a string"),
  v.trim(),
  v.nonEmpty("title must not be empty"),
  v.maxLength(USER_PROMPT_TITLE_MAX, `title must be at most ${USER_PROMPT_TITLE_MAX} characters`),
);
const UserPromptText = v.pipe(
  v.string("text must be a string"),
  v.trim(),
  v.nonEmpty("text must not be empty"),
  v.maxLength(USER_PROMPT_TEXT_MAX, `text must be at most ${USER_PROMPT_TEXT_MAX} characters`),
);

export const NewUserPromptSchema = v.object({ title: UserPromptTitle, text: UserPromptText });
export type NewUserPrompt = v.InferInput<typeof NewUserPromptSchema>;

export const UserPromptPatchSchema = v.pipe(
  v.object({ title: v.optional(UserPromptTitle), text: v.optional(UserPromptText) }),
  v.check((b) => b.title !== undefined || b.text !== undefined, "Nothing to update: send title or text"),
);
export type UserPromptPatch = v.InferInput<typeof UserPromptPatchSchema>;

export const UserPromptListBodySchema = successEnvelope(
  v.object({
    items: v.array(UserPromptSchema),
    /** USER_PROMPTS_MAX, so the SPA can say how many are left. */
    limit: v.number(),
  }),
);
export type UserPromptListBody = v.InferInput<typeof UserPromptListBodySchema>;

export const UserPromptBodySchema = successEnvelope(v.object({ prompt: UserPromptSchema }));
export type UserPromptBody = v.InferInput<typeof UserPromptBodySchema>;

export const UserPromptDeletedBodySchema = successEnvelope(v.object({ id: v.string() }));
export type UserPromptDeletedBody = v.InferInput<typeof UserPromptDeletedBodySchema>;
