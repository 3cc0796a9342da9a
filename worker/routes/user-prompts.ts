// "My prompts": the user's own prompts in the library, which may hold {{blanks}} like the library's
// (worker/protocol/prompts.ts declares the wire). Mounted at /prompts/mine ahead of the library's routes, whose
// /prompts/:id would otherwise take "mine" for a prompt id. Another user's prompt is a 404; past USER_PROMPTS_MAX a
// save is a 403 prompt_limit.
import { Hono } from "hono";
import * as v from "valibot";
import {
  deleteUserPrompt,
  insertUserPrompt,
  listUserPrompts,
  updateUserPrompt,
  type UserPromptRow,
} from "../db/user-prompts";
import { AppError } from "../errors";
import { requireAuth } from "../http/auth-middleware";
import type { AppEnv } from "../http/app-env";
import { idSchema, valid } from "../lib/validate";
import {
  NewUserPromptSchema,
  USER_PROMPTS_MAX,
  type UserPrompt,
  type UserPromptBody,
  type UserPromptDeletedBody,
  type UserPromptListBody,
  UserPromptPatchSchema,
} from "../protocol/prompts";

const IdParam = v.object({ id: idSchema });

function publicUserPrompt(row: UserPromptRow): UserPrompt {
  return {
    id: row.id,
    title: row.title,
    text: row.text,
    created_at: new Date(row.createdAt).toISOString(),
    updated_at: new Date(row.updatedAt).toISOString(),
  };
}

const notFound = () => new AppError("not_found", "Prompt not found");

export const userPromptRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/", async (c) => {
    const rows = await listUserPrompts({ db: c.var.db, userId: c.var.user.id, max: USER_PROMPTS_MAX });
    return c.json(
      {
        status: "success",
        data: { items: rows.map(publicUserPrompt), limit: USER_PROMPTS_MAX },
      } satisfies UserPromptListBody,
      200,
    );
  })
  .post("/", valid("json", NewUserPromptSchema), async (c) => {
    const { title, text } = c.req.valid("json");
    const row = await insertUserPrompt({
      db: c.var.db,
      userId: c.var.user.id,
      title,
      text,
      now: Date.now(),
      max: USER_PROMPTS_MAX,
    });
    if (!row) {
      throw new AppError("prompt_limit", `You keep ${USER_PROMPTS_MAX} prompts already: delete one to save another`, {
        limit: USER_PROMPTS_MAX,
      });
    }
    return c.json({ status: "success", data: { prompt: publicUserPrompt(row) } } satisfies UserPromptBody, 201);
  })
  .patch("/:id", valid("param", IdParam), valid("json", UserPromptPatchSchema), async (c) => {
    const { title, text } = c.req.valid("json");
    const row = await updateUserPrompt({
      db: c.var.db,
      userId: c.var.user.id,
      id: c.req.valid("param").id,
      title,
      text,
      now: Date.now(),
    });
    if (!row) throw notFound();
    return c.json({ status: "success", data: { prompt: publicUserPrompt(row) } } satisfies UserPromptBody, 200);
  })
  .delete("/:id", valid("param", IdParam), async (c) => {
    const id = await deleteUserPrompt({ db: c.var.db, userId: c.var.user.id, id: c.req.valid("param").id });
    if (!id) throw notFound();
    return c.json({ status: "success", data: { id } } satisfies UserPromptDeletedBody, 200);
  });
