// The prompt library: /prompts lists the prompts (worker/prompts/catalogue.ts, with the operator's edits over it) in one language with search and
// a cursor, /prompts/popular the most used ones, /prompts/:id one prompt, and POST /prompts/:id/use counts a use (one
// D1 write). Every call needs a signed-in user (guests see only the landing and sign-in screens). A browser's page
// load of /prompts gets the SPA instead (worker/http/spa-page.ts).
import { Hono } from "hono";
import * as v from "valibot";
import { requireAuth } from "../http/auth-middleware";
import { readLibraryState, readPromptEdits, recordPromptUse } from "../db/prompts";
import type { AppEnv } from "../http/app-env";
import { AppError } from "../errors";
import { spaOnNavigation } from "../http/spa-page";
import { valid } from "../lib/validate";
import { PROMPT_CATEGORIES } from "../prompts/catalogue";
import {
  categories,
  effectiveLibrary,
  findPrompt,
  listPrompts,
  popularPrompts,
  publicPrompt,
} from "../prompts/library";
import {
  PROMPT_ID,
  PROMPT_LANGUAGES,
  PROMPT_PAGE_DEFAULT,
  PROMPT_PAGE_MAX,
  PROMPT_QUERY_MAX,
  type PromptBody,
  type PromptListBody,
  type PromptPopularBody,
  type PromptUseBody,
} from "../protocol/prompts";

const Lang = v.optional(v.picklist(PROMPT_LANGUAGES, `lang must be one of ${PROMPT_LANGUAGES.join(", ")}`), "en");
const PromptId = v.pipe(
  v.string(),
  v.maxLength(64, "must be at most 64 characters"),
  v.regex(PROMPT_ID, "is not a prompt id"),
);

const ListQuery = v.object({
  lang: Lang,
  q: v.optional(v.pipe(v.string(), v.maxLength(PROMPT_QUERY_MAX, `q must be at most ${PROMPT_QUERY_MAX} characters`))),
  category: v.optional(
    v.picklist(
      PROMPT_CATEGORIES.map((c) => c.id),
      "unknown category",
    ),
  ),
  cursor: v.optional(PromptId),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, "limit must be a whole number"),
      v.transform(Number),
      v.minValue(1, "limit must be at least 1"),
      v.maxValue(PROMPT_PAGE_MAX, `limit must be at most ${PROMPT_PAGE_MAX}`),
    ),
    String(PROMPT_PAGE_DEFAULT),
  ),
});
const LangQuery = v.object({ lang: Lang });
const IdParam = v.object({ id: PromptId });

export const promptRoutes = new Hono<AppEnv>()
  // A page load of /prompts is the SPA's library screen.
  .get("/", spaOnNavigation)
  .use(requireAuth)
  .get("/", valid("query", ListQuery), async (c) => {
    const query = c.req.valid("query");
    const { uses, edits } = await readLibraryState({ db: c.var.db });
    const page = listPrompts({ ...query, library: effectiveLibrary(edits), uses });
    if (!page) throw new AppError("invalid_input", "cursor: is not a prompt of these results", { field: "cursor" });
    return c.json(
      {
        status: "success",
        data: { lang: query.lang, ...page, categories: categories(query.lang) },
      } satisfies PromptListBody,
      200,
    );
  })
  .get("/popular", valid("query", LangQuery), async (c) => {
    const { lang } = c.req.valid("query");
    const { uses, edits } = await readLibraryState({ db: c.var.db });
    return c.json(
      {
        status: "success",
        data: { lang, items: popularPrompts(effectiveLibrary(edits), lang, uses) },
      } satisfies PromptPopularBody,
      200,
    );
  })
  .get("/:id", valid("param", IdParam), valid("query", LangQuery), async (c) => {
    const { uses: counts, edits } = await readLibraryState({ db: c.var.db });
    const prompt = findPrompt(effectiveLibrary(edits), c.req.valid("param").id);
    if (!prompt) throw new AppError("not_found", "Prompt not found");
    const uses = counts.get(prompt.id) ?? 0;
    return c.json(
      {
        status: "success",
        data: { prompt: publicPrompt(prompt, c.req.valid("query").lang, uses) },
      } satisfies PromptBody,
      200,
    );
  })
  .post("/:id/use", valid("param", IdParam), async (c) => {
    const prompt = findPrompt(effectiveLibrary(await readPromptEdits({ db: c.var.db })), c.req.valid("param").id);
    if (!prompt) throw new AppError("not_found", "Prompt not found");
    const uses = await recordPromptUse({ db: c.var.db, promptId: prompt.id, now: Date.now() });
    return c.json({ status: "success", data: { id: prompt.id, uses } } satisfies PromptUseBody, 200);
  });
