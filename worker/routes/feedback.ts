// Ratings of answers (issue 25, point 6): a user rates one version of an answer of their own chats thumbs up or down,
// with a reason and a comment, changes it or takes it back, and the chat reads its ratings back in one call. Each
// rating is counted in the operator's usage figures under the model and provider its answer's turn was counted
// under (worker/db/feedback.ts keeps the two in step). Mounted under /chat-sessions before the chats' own routes.
import { Hono } from "hono";
import * as v from "valibot";
import { chatFeedback, deleteFeedback, putFeedback, ratedMessage } from "../db/feedback";
import { getChat } from "../db/chats";
import { AppError } from "../errors";
import { externalProviderOf } from "../external-models/external-model";
import type { AppEnv } from "../http/app-env";
import { requireAuth } from "../http/auth-middleware";
import { createImageSource } from "../images/registry";
import { quotaDay } from "../lib/time";
import { idSchema, valid } from "../lib/validate";
import { createModelRegistry } from "../models/registry";
import { FeedbackPutSchema } from "../protocol/feedback-requests";

/** What picture turns are counted under (durable-objects/turn/picture.ts IMAGE_BUCKET). */
const IMAGE_MODEL = "image";

const ChatParam = v.object({ chatId: idSchema });
const MessageParam = v.object({ chatId: idSchema, messageId: idSchema });

type RatedMessage = NonNullable<Awaited<ReturnType<typeof ratedMessage>>>;

/**
 * The model and provider an answer's turn was counted under in usage_rollups, as the turn named them
 * (durable-objects/turn/generation.ts, picture.ts): the endpoint asked; "offline" when the offline model wrote it,
 * else the external provider of the user's own key, the image source's provider, or the catalogue's route.
 */
function countedUnder(env: AppEnv["Bindings"], m: RatedMessage): { model: string; provider: string } {
  const model = m.endpoint ?? m.model ?? "unknown";
  if (m.offline) return { model, provider: "offline" };
  const external = externalProviderOf(model);
  if (external) return { model, provider: external };
  try {
    if (model === IMAGE_MODEL) return { model, provider: createImageSource(env).provider };
    return { model, provider: createModelRegistry(env).resolve(model)?.route.provider ?? "unknown" };
  } catch {
    // a configuration the turns themselves refuse (server_misconfigured): the rating is still kept
    return { model, provider: "unknown" };
  }
}

/** The answer rated: the user's own (else 404) and an answer, not a question (else 400). */
async function answerOf(c: { var: AppEnv["Variables"] }, chatId: string, messageId: string) {
  const message = await ratedMessage({ db: c.var.chats, chatId, userId: c.var.user.id, messageId });
  if (!message) throw new AppError("not_found", "Message not found");
  if (message.sender !== "bot")
    throw new AppError("invalid_input", "Only answers can be rated", { field: "message_id" });
  return message;
}

// requireAuth per route, not .use(): mounted on /chat-sessions, a .use() would run for every chat route as well.
export const feedbackRoutes = new Hono<AppEnv>()
  .get("/:chatId/feedback", requireAuth, valid("param", ChatParam), async (c) => {
    const { chatId } = c.req.valid("param");
    const userId = c.var.user.id;
    const [chat, ratings] = await Promise.all([
      getChat({ db: c.var.chats, id: chatId, userId }),
      chatFeedback({ db: c.var.db, chatId, userId }),
    ]);
    if (!chat) throw new AppError("not_found", "Chat not found");
    return c.json({ status: "success", data: ratings }, 200);
  })
  .put(
    "/:chatId/messages/:messageId/feedback",
    requireAuth,
    valid("param", MessageParam),
    valid("json", FeedbackPutSchema),
    async (c) => {
      const { chatId, messageId } = c.req.valid("param");
      const body = c.req.valid("json");
      const message = await answerOf(c, chatId, messageId);
      const stored = await putFeedback({
        db: c.var.db,
        write: {
          chatId,
          messageId,
          userId: c.var.user.id,
          ...countedUnder(c.env, message),
          day: quotaDay(),
          rating: body.rating,
          reason: body.rating === "down" ? (body.reason ?? null) : null,
          comment: body.comment || null,
        },
      });
      return c.json({ status: "success", data: { message_id: messageId, ...stored } }, 200);
    },
  )
  .delete("/:chatId/messages/:messageId/feedback", requireAuth, valid("param", MessageParam), async (c) => {
    const { chatId, messageId } = c.req.valid("param");
    await answerOf(c, chatId, messageId);
    await deleteFeedback({ db: c.var.db, chatId, messageId, userId: c.var.user.id });
    return c.json({ status: "success", data: { message_id: messageId } }, 200);
  });
