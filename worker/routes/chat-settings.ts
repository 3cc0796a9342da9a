// PUT /chat-sessions/{id}/settings: a chat's own system prompt, temperature and longest answer (issue 25, point 2).
// Temperature and length are premium, as the AI styles are: a value for either on the free plan is 403
// premium_required (null, back to the defaults, is always allowed); a turn ignores stored ones once the plan lapses.
// Another user's chat, or a deleted one, is a 404. Answers the chat resource.
import { Hono } from "hono";
import * as v from "valibot";
import { requireAuth } from "../http/auth-middleware";
import { publicChat } from "../db/chats";
import { updateChatSettings } from "../db/chat-settings";
import type { AppEnv } from "../http/app-env";
import { AppError } from "../errors";
import { idSchema, valid } from "../lib/validate";
import { planOf } from "../plans/entitlements";
import { ChatSettingsSchema } from "../protocol/chat-requests";

const IdParam = v.object({ id: idSchema });

// Mounted at /chat-sessions beside the chat routes: its middleware is on its one route, not on every chat path.
export const chatSettingsRoutes = new Hono<AppEnv>().put(
  "/:id/settings",
  requireAuth,
  valid("param", IdParam),
  valid("json", ChatSettingsSchema),
  async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const asksPremium = (body.temperature ?? null) !== null || (body.max_tokens ?? null) !== null;
    if (asksPremium && planOf(c.var.user) === "free") {
      throw new AppError("premium_required", "A chat's temperature and answer length are available on Premium plans");
    }
    const chat = await updateChatSettings({
      db: c.var.chats,
      owner: c.var.hub,
      id,
      userId: c.var.user.id,
      patch: { systemPrompt: body.system_prompt, temperature: body.temperature, maxTokens: body.max_tokens },
    });
    if (!chat) throw new AppError("not_found", "Chat not found");
    return c.json({ status: "success", data: publicChat(chat) }, 200);
  },
);
