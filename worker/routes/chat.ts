// The model API: POST /api/chat/{endpoint} streams an answer as SSE (POST /api/chat/search a web search answer,
// POST /api/chat/image a picture drawn or edited), GET /api/chat/stream/{id} follows a running one, and
// POST /api/chat/stop stops one.
// The route parses the request and returns the stream; the turn itself — session, model and plan, chat ownership,
// the daily use, the prompt, recording and generating — is durable-objects/turn/chat-turn.ts, run by the user's Durable
// Object in one call, so nothing here waits on D1 before the first token.
import { type Context, Hono } from "hono";
import { createFactory } from "hono/factory";
import * as v from "valibot";
import { assertSameOriginForCookies, readCredentials, requireAuth, verifyCredentials } from "../http/auth-middleware";
import type { AppEnv } from "../http/app-env";
import { AppError } from "../errors";
import { userHub } from "../../durable-objects/user-hub-stub";
import { idSchema, parseOrThrow, valid } from "../lib/validate";
import { DEFAULT_ENDPOINT } from "../models/catalogue";
import { IMAGE_LOGIN_REQUIRED, MAX_IMAGE_QUESTION_CHARS } from "../protocol/images";
import { isLink, urlText } from "../protocol/urls";
import { MAX_FILES } from "../uploads/limits";

/** Longest accepted prompt, in characters (about 25k tokens). */
const MAX_QUESTION_CHARS = 100_000;

const QuestionSchema = v.pipe(
  v.string("Question is required"),
  v.trim(),
  v.nonEmpty("Question is required"),
  v.maxLength(MAX_QUESTION_CHARS, "Question is too long"),
);

const AskSchema = v.object({
  /** Required, except to regenerate an answer (its question is the one it answered). */
  question: v.optional(v.unknown()),
  chat_id: idSchema,
  user_id: v.optional(v.nullable(v.string())),
  is_premium: v.optional(v.unknown()),
  /** Client-chosen ids for the user message and the answer, so it can save and stop them; made here if absent. */
  message_id: v.optional(idSchema),
  bot_message_id: v.optional(idSchema),
  is_search_mode: v.optional(v.boolean()),
  /** Edit: the user message whose text `question` replaces; the answer is an edit reply tied to it. */
  edit_message_id: v.optional(idSchema),
  /** Regenerate: the bot answer to write again, in place, with this endpoint's model. */
  regenerate_message_id: v.optional(idSchema),
  /** Files the question carries: ids answered by POST /media-api/api/uploads (at most MAX_FILES). */
  attachment_ids: v.optional(
    v.pipe(v.array(idSchema), v.maxLength(MAX_FILES, `At most ${MAX_FILES} files per question`)),
  ),
  /** POST /api/chat/search only: the endpoint of the model that answers (the default model when absent). */
  model: v.optional(v.pipe(v.string(), v.maxLength(100))),
});

type AskContext = Context<
  AppEnv,
  string,
  { in: { json: v.InferInput<typeof AskSchema> }; out: { json: v.InferOutput<typeof AskSchema> } }
>;

const StopSchema = v.object({ message_id: idSchema });

/** ?offset: how many characters of the answer's text the client already has (JS string length). */
const FollowQuerySchema = v.object({
  offset: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,9}$/, "offset must be a whole number of characters"), v.transform(Number)),
    "0",
  ),
});

/** An image id: ours are UUIDs; no ":", so a `javascript:` reference is never taken for one. */
const IMAGE_ID = /^[A-Za-z0-9_.-]{1,100}$/;

/** The image ask: the spec's payload; is_premium, model ('stable-diffusion') and messages[] are accepted and not trusted. */
const ImageAskSchema = v.object({
  question: v.optional(v.unknown()),
  chat_id: idSchema,
  user_id: v.optional(v.nullable(v.string())),
  is_premium: v.optional(v.unknown()),
  model: v.optional(v.unknown()),
  messages: v.optional(v.unknown()),
  is_edit: v.optional(v.nullable(v.boolean("is_edit must be true or false"))),
  /** One of the caller's images: its URL (absolute, or a path on this site) or its id; no other scheme. */
  original_image: v.optional(
    v.nullable(
      v.pipe(
        urlText,
        v.check((s) => isLink(s) || IMAGE_ID.test(s), "original_image must be the URL or id of one of your images"),
      ),
    ),
  ),
  message_id: v.optional(idSchema),
  bot_message_id: v.optional(idSchema),
});

const ImageQuestionSchema = v.pipe(
  v.string("Question is required"),
  v.trim(),
  v.nonEmpty("Question is required"),
  v.maxLength(MAX_IMAGE_QUESTION_CHARS, `Question must be at most ${MAX_IMAGE_QUESTION_CHARS} characters`),
);

/**
 * POST /api/chat/image. Guests are refused first (401 with the spec's text), then the body is checked (400), then
 * the user's object runs the turn: 403 quota_exhausted with the image quota's headers, 404 for another user's chat or
 * original image, safety_violation with the safety text, image_* for provider failures.
 */
const startImageTurn = createFactory<AppEnv>().createHandlers(async (c) => {
  const creds = readCredentials(c);
  if (!creds) throw new AppError("unauthorized", IMAGE_LOGIN_REQUIRED);
  assertSameOriginForCookies(c, creds);
  const { claims, tokenHash } = await verifyCredentials(c.env, creds).catch((err: unknown) => {
    if (err instanceof AppError && err.status === 401) throw new AppError(err.code, IMAGE_LOGIN_REQUIRED);
    throw err;
  });
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new AppError("invalid_json", "Malformed JSON in request body");
  }
  if (raw === null || typeof raw !== "object" || Array.isArray(raw))
    throw new AppError("invalid_json", "Request body must be a JSON object");
  const body = parseOrThrow(ImageAskSchema, raw);
  const asked = v.safeParse(ImageQuestionSchema, body.question);
  if (!asked.success) throw new AppError("invalid_input", asked.issues[0].message, { field: "question" });

  const hub = await userHub(c.env, claims.sub);
  const turn = await hub.imageTurn({
    sessionId: claims.sid,
    tokenHash,
    claimedUserId: body.user_id ?? null,
    chatId: body.chat_id,
    question: asked.output,
    userMessageId: body.message_id ?? crypto.randomUUID(),
    botMessageId: body.bot_message_id ?? crypto.randomUUID(),
    isEdit: body.is_edit === true,
    originalImage: body.original_image ?? null,
  });
  if (!turn.ok) {
    if (turn.code === "quota_exhausted") {
      c.header("X-Remaining-Usage", "0");
      c.header("X-Warning-Level", "zero_remaining");
    }
    throw new AppError(turn.code, turn.message, turn.details);
  }
  const { ok: _ok, ...result } = turn;
  c.header("X-Remaining-Usage", String(result.metadata.remainingUsage));
  c.header("X-Warning-Level", result.metadata.warningLevel);
  return c.json(result, 200);
});

const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-transform",
  "X-Accel-Buffering": "no",
};

export const chatRoutes = new Hono<AppEnv>()
  .post("/stop", requireAuth, valid("json", StopSchema), async (c) => {
    const { message_id } = c.req.valid("json");
    if (!(await c.var.hub.stopGeneration(message_id))) {
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
    const stream = await c.var.hub.followAnswer(messageId, c.req.valid("query").offset);
    if (!stream) throw new AppError("not_found", "No running answer with this message_id");
    return new Response(stream, { status: 200, headers: { ...SSE_HEADERS, "X-Message-Id": messageId } });
  })
  /** A web search answer with citations: the same payload as a model call; `model` picks the model (default one). */
  .post("/search", valid("json", AskSchema), (c) => startTurn(c, c.req.valid("json").model ?? DEFAULT_ENDPOINT, true))
  /** An image generated or edited in the chat (the turn is durable-objects/turn/image-turn.ts). */
  .post("/image", ...startImageTurn)
  .post("/:model", valid("json", AskSchema), (c) =>
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
  const asked = v.safeParse(QuestionSchema, body.question);
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
    if (turn.code === "quota_exhausted") {
      c.header("X-Remaining-Usage", "0");
      c.header("X-Warning-Level", "zero_remaining");
    }
    throw new AppError(turn.code, turn.message, turn.details);
  }
  // No usage headers when the turn took no use (an external model answering with the user's own key).
  const usage: Record<string, string> =
    turn.remaining !== null && turn.total !== null && turn.level !== null
      ? {
          "X-Remaining-Usage": String(turn.remaining),
          "X-Warning-Level": turn.level,
          "X-Total-Usage": String(turn.total),
        }
      : {};
  return new Response(turn.stream, {
    status: 200,
    headers: { ...SSE_HEADERS, ...usage, "X-Message-Id": turn.botMessageId, "X-User-Message-Id": turn.userMessageId },
  });
}
