// The model API: POST /api/chat/{endpoint} streams an answer as SSE (POST /api/chat/search a web search answer),
// GET /api/chat/stream/{id} follows a running one, and POST /api/chat/stop stops one.
// The route parses the request and returns the stream; the turn itself — session, model and plan, chat ownership,
// the daily use, the prompt, recording and generating — is worker/turn/chat-turn.ts, run by the user's Durable
// Object in one call, so nothing here waits on D1 before the first token.
import { type Context, Hono } from "hono";
import * as v from "valibot";
import { assertSameOriginForCookies, readCredentials, requireAuth, verifyCredentials } from "../auth/middleware";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { userHub } from "../lib/user-hub";
import { valid } from "../lib/validate";
import { DEFAULT_ENDPOINT } from "../models/catalogue";
import { type ChatAsk, ChatAskSchema, ChatQuestionSchema, StopAskSchema } from "../protocol/turn-requests";
import { USED_UP_HEADERS, usageHeaders } from "../protocol/usage";
import { startImageTurn } from "./images";

type AskContext = Context<
  AppEnv,
  string,
  { in: { json: ChatAsk }; out: { json: v.InferOutput<typeof ChatAskSchema> } }
>;

/** ?offset: how many characters of the answer's text the client already has (JS string length). */
const FollowQuerySchema = v.object({
  offset: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,9}$/, "offset must be a whole number of characters"), v.transform(Number)),
    "0",
  ),
});

const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-transform",
  "X-Accel-Buffering": "no",
};

export const chatRoutes = new Hono<AppEnv>()
  .post("/stop", requireAuth, valid("json", StopAskSchema), async (c) => {
    const { message_id } = c.req.valid("json");
    const hub = await userHub(c.env, c.var.user.id);
    if (!(await hub.stopGeneration(message_id))) {
      throw new AppError("not_found", "No running answer with this message_id");
    }
    return c.json({ status: "success", data: { message_id, stopped: true } }, 200);
  })
  /**
   * Follows an answer that is still running — after a reload, in another tab or on another device of the same user:
   * the same SSE events, with the text from ?offset, then live to [DONE]. 404 when no such answer runs for the
   * caller (it has ended and is saved, or it is another user's).
   */
  .get("/stream/:messageId", requireAuth, valid("query", FollowQuerySchema), async (c) => {
    const messageId = c.req.param("messageId");
    const hub = await userHub(c.env, c.var.user.id);
    const stream = await hub.followAnswer(messageId, c.req.valid("query").offset);
    if (!stream) throw new AppError("not_found", "No running answer with this message_id");
    return new Response(stream, { status: 200, headers: { ...SSE_HEADERS, "X-Message-Id": messageId } });
  })
  /** A web search answer with citations: the same payload as a model call; `model` picks the model (default one). */
  .post("/search", valid("json", ChatAskSchema), (c) =>
    startTurn(c, c.req.valid("json").model ?? DEFAULT_ENDPOINT, true),
  )
  /** An image generated or edited in the chat (worker/routes/images.ts; the turn is worker/turn/image-turn.ts). */
  .post("/image", ...startImageTurn)
  .post("/:model", valid("json", ChatAskSchema), (c) =>
    startTurn(c, c.req.param("model"), c.req.valid("json").is_search_mode ?? false),
  );

/** Parses the caller's credentials and the request, runs the turn in the user's object and returns its stream. */
async function startTurn(c: AskContext, endpoint: string, isSearchMode: boolean) {
  // Only the JWT is checked here; the user's object checks the session inside the turn (one call, not two).
  const creds = readCredentials(c);
  if (!creds) throw new AppError("unauthorized", "No JWT token found");
  assertSameOriginForCookies(c, creds);
  const { claims, tokenHash } = await verifyCredentials(c.env, creds);
  const body = c.req.valid("json");
  if (body.edit_message_id && body.regenerate_message_id) {
    throw new AppError("invalid_input", "Send edit_message_id or regenerate_message_id, not both", {
      field: "regenerate_message_id",
    });
  }
  const asked = v.safeParse(ChatQuestionSchema, body.question);
  if (!asked.success && !body.regenerate_message_id) {
    throw new AppError("invalid_input", asked.issues[0].message, { field: "question" });
  }
  const question = asked.success ? asked.output : "";
  const hub = await userHub(c.env, claims.sub);
  const turn = await hub.chatTurn({
    sessionId: claims.sid,
    tokenHash,
    claimedUserId: body.user_id ?? null,
    endpoint,
    chatId: body.chat_id,
    question,
    userMessageId: body.message_id ?? crypto.randomUUID(),
    botMessageId: body.bot_message_id ?? crypto.randomUUID(),
    isSearchMode,
    attachmentIds: body.attachment_ids ?? [],
    kind: body.edit_message_id
      ? { type: "edit", messageId: body.edit_message_id }
      : body.regenerate_message_id
        ? { type: "regenerate", messageId: body.regenerate_message_id }
        : { type: "ask" },
  });
  if (!turn.ok) {
    if (turn.code === "quota_exhausted")
      for (const [name, value] of Object.entries(USED_UP_HEADERS)) c.header(name, value);
    throw new AppError(turn.code, turn.message, turn.details);
  }
  // No usage headers when the turn took no use (an external model answering with the user's own key).
  const usage =
    turn.remaining !== null && turn.total !== null && turn.level !== null
      ? usageHeaders({ remaining: turn.remaining, level: turn.level, total: turn.total })
      : {};
  return new Response(turn.stream, {
    status: 200,
    headers: { ...SSE_HEADERS, ...usage, "X-Message-Id": turn.botMessageId, "X-User-Message-Id": turn.userMessageId },
  });
}
