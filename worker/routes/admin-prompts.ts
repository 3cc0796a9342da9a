// The operator console's prompt library, /admin/api/prompts (mounted behind the wall by admin.ts): every prompt of
// the catalogue (worker/prompts/catalogue.ts) with the operator's edits over it, hidden ones too; replace a prompt's
// texts in all four languages (or add a new prompt), hide it, or drop the edit to go back to the catalogue's. Users'
// /prompts read the same edits at once: no SQL and no deploy. Each change writes its audit row in the same batch.
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import * as v from "valibot";
import { auditStatement } from "../admin/audit";
import { readPromptEdits } from "../db/prompts";
import { promptEdits } from "../db/schema";
import { AppError } from "../errors";
import type { AppEnv } from "../http/app-env";
import { valid } from "../lib/validate";
import { PROMPT_CATEGORIES, PROMPTS } from "../prompts/catalogue";
import { PROMPT_ID } from "../protocol/prompts";

/** Lengths of a prompt's texts, in characters: title, one-line description, the text put into the chat input. */
const TITLE_MAX = 120;
const DESCRIPTION_MAX = 300;
const BODY_MAX = 4_000;

const Text = (max: number, what: string) =>
  v.pipe(v.string(`${what} is required`), v.trim(), v.nonEmpty(`${what} is required`), v.maxLength(max));
const Texts = v.tuple([Text(TITLE_MAX, "title"), Text(DESCRIPTION_MAX, "description"), Text(BODY_MAX, "text")]);
const EditSchema = v.strictObject({
  category: v.picklist(
    PROMPT_CATEGORIES.map((c) => c.id),
    "unknown category",
  ),
  weight: v.optional(v.pipe(v.number(), v.integer(), v.minValue(-1_000), v.maxValue(1_000)), 0),
  texts: v.strictObject({ vi: Texts, en: Texts, ru: Texts, zh: Texts }),
  hidden: v.optional(v.boolean(), false),
});
const IdParam = v.object({
  id: v.pipe(v.string(), v.maxLength(64, "must be at most 64 characters"), v.regex(PROMPT_ID, "is not a prompt id")),
});

const catalogue = new Map(PROMPTS.map((p) => [p.id, p]));

export const adminPromptRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const edits = new Map((await readPromptEdits({ db: c.var.db })).map((e) => [e.id, e]));
    const fromCatalogue = PROMPTS.map((p) => {
      const e = edits.get(p.id);
      return e
        ? { ...e, source: "edited" as const }
        : {
            id: p.id,
            category: p.category,
            weight: p.weight,
            texts: p.text,
            hidden: false,
            source: "catalogue" as const,
          };
    });
    const added = [...edits.values()]
      .filter((e) => !catalogue.has(e.id))
      .map((e) => ({ ...e, source: "added" as const }));
    return c.json(
      { status: "success", data: { categories: PROMPT_CATEGORIES, prompts: [...fromCatalogue, ...added] } },
      200,
    );
  })
  .put("/:id", valid("param", IdParam), valid("json", EditSchema), async (c) => {
    const db = c.var.db;
    const { id } = c.req.valid("param");
    const edit = { id, ...c.req.valid("json"), updatedAt: Date.now() };
    const previous = (await readPromptEdits({ db })).find((e) => e.id === id);
    const original = catalogue.get(id);
    const before =
      previous ?? (original ? { category: original.category, weight: original.weight, texts: original.text } : null);
    await db.batch([
      db.insert(promptEdits).values(edit).onConflictDoUpdate({ target: promptEdits.id, set: edit }),
      auditStatement({
        db,
        entry: {
          admin: { id: c.var.user.id, email: c.var.user.email },
          action: original || previous ? "prompt_edit" : "prompt_add",
          target: `prompt:${id}`,
          before,
          after: edit,
        },
      }),
    ]);
    return c.json({ status: "success", data: edit }, 200);
  })
  .delete("/:id", valid("param", IdParam), async (c) => {
    const db = c.var.db;
    const { id } = c.req.valid("param");
    const previous = (await readPromptEdits({ db })).find((e) => e.id === id);
    if (!previous) throw new AppError("not_found", "This prompt has no edit");
    const original = catalogue.get(id);
    await db.batch([
      db.delete(promptEdits).where(eq(promptEdits.id, id)),
      auditStatement({
        db,
        entry: {
          admin: { id: c.var.user.id, email: c.var.user.email },
          action: original ? "prompt_revert" : "prompt_remove",
          target: `prompt:${id}`,
          before: previous,
          after: original ? { category: original.category, weight: original.weight, texts: original.text } : null,
        },
      }),
    ]);
    return c.json({ status: "success", data: { id, reverted: Boolean(original) } }, 200);
  });
