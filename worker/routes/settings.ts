// AI settings and memory under /auth: GET /auth/ai-settings, PATCH /auth/update-ai-settings, POST
// /auth/update-chat-customization (defaults '', true, true, true), and the remembered facts the user can list, add
// and delete (GET/POST/DELETE /auth/memories). The AI style is premium only (403 premium_required for Free).
// Every write tells the user's Durable Object (worker/db/settings.ts), which keeps them for the next answer.
import { Hono } from "hono";
import * as v from "valibot";
import { requireAuth } from "../http/auth-middleware";
import {
  addMemory,
  aiSettingsView,
  clearMemories,
  countMemories,
  deleteMemory,
  getAiSettings,
  listMemories,
  memoryView,
  updateAiSettings,
} from "../db/settings";
import type { AppEnv } from "../http/app-env";
import { AppError } from "../errors";
import { idSchema, valid } from "../lib/validate";
import { MEMORY_FACTS_PER_PLAN } from "../personalization/memory-limits";
import { planOf } from "../plans/entitlements";
import { charCount, MEMORY_FACT_MAX_CHARS } from "../protocol/settings";
import { AiSettingsUpdateSchema, CustomizationUpdateSchema } from "../protocol/settings-requests";

const MemorySchema = v.object({
  content: v.pipe(
    v.string("Content is required"),
    v.trim(),
    v.nonEmpty("Content is required"),
    v.check(
      (s) => charCount(s) <= MEMORY_FACT_MAX_CHARS,
      `A remembered fact is limited to ${MEMORY_FACT_MAX_CHARS} characters`,
    ),
  ),
});

export const settingsRoutes = new Hono<AppEnv>()
  .get("/ai-settings", requireAuth, async (c) => {
    const settings = await getAiSettings({ db: c.var.db, userId: c.var.user.id });
    return c.json({ status: "success", data: aiSettingsView(settings) }, 200);
  })
  .patch("/update-ai-settings", requireAuth, valid("json", AiSettingsUpdateSchema), async (c) => {
    const body = c.req.valid("json");
    if (body.ai_style && planOf(c.var.user) === "free") {
      throw new AppError("premium_required", "AI styles are available on Premium plans");
    }
    const settings = await updateAiSettings({
      db: c.var.db,
      owner: c.var.hub,
      userId: c.var.user.id,
      patch: {
        chatCustomization: body.chat_customization,
        enableSearch: body.enable_search,
        enableAiCustom: body.enable_ai_custom,
        allowNewChats: body.allow_new_chats,
        aiStyle: body.ai_style,
        memoryEnabled: body.memory_enabled,
      },
    });
    return c.json({ status: "success", data: aiSettingsView(settings) }, 200);
  })
  .post("/update-chat-customization", requireAuth, valid("json", CustomizationUpdateSchema), async (c) => {
    const body = c.req.valid("json");
    const settings = await updateAiSettings({
      db: c.var.db,
      owner: c.var.hub,
      userId: c.var.user.id,
      patch: {
        chatCustomization: body.customization ?? body.chat_customization,
        enableAiCustom: body.enable_ai_custom,
        allowNewChats: body.allow_new_chats,
      },
    });
    return c.json({ status: "success", data: aiSettingsView(settings) }, 200);
  })
  .get("/memories", requireAuth, async (c) => {
    const rows = await listMemories({ db: c.var.db, userId: c.var.user.id });
    const limit = MEMORY_FACTS_PER_PLAN[planOf(c.var.user)];
    return c.json({ status: "success", data: { memories: rows.map(memoryView), limit } }, 200);
  })
  .post("/memories", requireAuth, valid("json", MemorySchema), async (c) => {
    const userId = c.var.user.id;
    const max = MEMORY_FACTS_PER_PLAN[planOf(c.var.user)];
    const row = await addMemory({ db: c.var.db, owner: c.var.hub, userId, content: c.req.valid("json").content, max });
    if (!row) {
      const n = await countMemories({ db: c.var.db, userId });
      throw new AppError("quota_exhausted", `Memory is full (${n} of ${max} facts). Delete some to add more.`);
    }
    return c.json({ status: "success", data: memoryView(row) }, 201);
  })
  .delete("/memories/:id", requireAuth, valid("param", v.object({ id: idSchema })), async (c) => {
    const ok = await deleteMemory({
      db: c.var.db,
      owner: c.var.hub,
      userId: c.var.user.id,
      id: c.req.valid("param").id,
    });
    if (!ok) throw new AppError("not_found", "Memory not found");
    return c.json({ status: "success", data: { deleted: true } }, 200);
  })
  .delete("/memories", requireAuth, async (c) => {
    const deleted = await clearMemories({ db: c.var.db, owner: c.var.hub, userId: c.var.user.id });
    return c.json({ status: "success", data: { deleted } }, 200);
  });
