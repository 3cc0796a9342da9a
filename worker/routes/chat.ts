// The model API: POST /api/chat/{endpoint} streams an answer as SSE, and POST /api/chat/stop stops one.
// The checks run here, in order: the model exists, the plan may use it, the chat is the caller's, a daily use is
// left (taken atomically). Then the user message is saved and the user's Durable Object runs the answer, which
// it saves when the answer ends, is stopped or fails, whether or not this request is still listening.
import { Hono } from "hono";
import type { ModelMessage } from "ai";
import * as v from "valibot";
import { assertOwnUserId, requireAuth } from "../auth/middleware";
import { getChat } from "../db/chats";
import { recentMessages, saveMessages } from "../db/messages";
import { consumeUsage } from "../db/usage";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { quotaDay } from "../lib/time";
import { userHub } from "../lib/user-hub";
import { idSchema, valid } from "../lib/validate";
import { findByEndpoint } from "../models/catalogue";
import { dailyLimit, planOf, warningLevel } from "../plans/entitlements";

/** How many earlier messages of the chat go to the model as context. */
const HISTORY_MESSAGES = 20;
/** Longest accepted prompt, in characters (about 25k tokens). */
const MAX_QUESTION_CHARS = 100_000;

const AskSchema = v.object({
  question: v.pipe(
    v.string("Question is required"),
    v.trim(),
    v.nonEmpty("Question is required"),
    v.maxLength(MAX_QUESTION_CHARS, "Question is too long"),
  ),
  chat_id: idSchema,
  user_id: v.optional(v.string()),
  is_premium: v.optional(v.unknown()),
  /** Client-chosen ids for the user message and the answer, so it can save and stop them; made here if absent. */
  message_id: v.optional(idSchema),
  bot_message_id: v.optional(idSchema),
  is_search_mode: v.optional(v.boolean()),
});

const StopSchema = v.object({ message_id: idSchema });

export const chatRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .post("/stop", valid("json", StopSchema), async (c) => {
    const { message_id } = c.req.valid("json");
    const hub = await userHub(c.env, c.var.user.id);
    if (!(await hub.stopGeneration(message_id))) {
      throw new AppError("not_found", "No running answer with this message_id");
    }
    return c.json({ status: "success", data: { message_id, stopped: true } }, 200);
  })
  .post("/:model", valid("json", AskSchema), async (c) => {
    const body = c.req.valid("json");
    const user = c.var.user;
    const db = c.var.db;
    const entry = findByEndpoint(c.req.param("model"));
    if (!entry) throw new AppError("model_not_found", `Unknown model ${c.req.param("model")}`);
    assertOwnUserId(body.user_id, user.id);
    const plan = planOf(user);
    if (entry.premiumRequired && plan === "free") {
      throw new AppError("premium_required", `${entry.name} needs a Basic or Advanced+ plan`);
    }
    const chat = await getChat({ db, id: body.chat_id, userId: user.id });
    if (!chat) throw new AppError("not_found", "Chat not found");

    const day = quotaDay();
    const limit = dailyLimit(plan, entry.endpoint);
    const remaining = await consumeUsage({ db, userId: user.id, bucket: entry.endpoint, limit });
    if (remaining === null) {
      c.header("X-Remaining-Usage", "0");
      c.header("X-Warning-Level", "zero_remaining");
      throw new AppError("quota_exhausted", `No ${entry.name} uses left today`, { model: entry.endpoint, total: limit });
    }

    const userMessageId = body.message_id ?? crypto.randomUUID();
    const botMessageId = body.bot_message_id ?? crypto.randomUUID();
    const history = await recentMessages({ db, chatId: chat.id, userId: user.id, limit: HISTORY_MESSAGES });
    await saveMessages({
      db,
      userId: user.id,
      chatId: chat.id,
      items: [{ messageId: userMessageId, sender: "user", message: body.question, model: entry.endpoint, endpoint: entry.endpoint, source: "api", isSearchMode: body.is_search_mode ?? false }],
    });
    const messages: ModelMessage[] = [
      ...history
        .filter((m) => m.message.trim() && m.messageId !== userMessageId)
        .map((m): ModelMessage => (m.sender === "user" ? { role: "user", content: m.message } : { role: "assistant", content: m.message })),
      { role: "user", content: body.question },
    ];

    const hub = await userHub(c.env, user.id);
    const stream = await hub.generate({
      userId: user.id,
      chatId: chat.id,
      endpoint: entry.endpoint,
      userMessageId,
      botMessageId,
      messages,
      usage: { bucket: entry.endpoint, day },
      isSearchMode: body.is_search_mode ?? false,
    });
    return new Response(stream, {
      status: 200,
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-cache, no-transform",
        "X-Accel-Buffering": "no",
        "X-Remaining-Usage": String(remaining),
        "X-Warning-Level": warningLevel(remaining),
        "X-Total-Usage": String(limit),
        "X-Message-Id": botMessageId,
        "X-User-Message-Id": userMessageId,
      },
    });
  });
