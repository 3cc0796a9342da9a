// The model API: POST /api/chat/{endpoint} streams an answer as SSE (POST /api/chat/search a web search answer),
// POST /api/chat/image answers with a picture drawn or edited, GET /api/chat/stream/{id} follows a running answer,
// and POST /api/chat/stop stops one.
// Every ask goes one way (askUserObject): the caller's JWT is checked here, the body and its question once, and the
// turn itself — session, chat ownership, the daily use, the answer or the picture, and its one D1 batch — is
// durable-objects/turn/turn.ts, run by the user's Durable Object in one call, so nothing here waits on D1 before the
// first token.
import type { Context } from "hono";
import { Hono } from "hono";
import * as v from "valibot";
import { TURN_BURST_WINDOW_MS } from "../../durable-objects/state/turn-burst";
import type { TurnRequest } from "../../durable-objects/turn/turn";
import { userHub } from "../../durable-objects/user-hub-stub";
import { AppError } from "../errors";
import type { AppEnv } from "../http/app-env";
import { assertSameOriginForCookies, readCredentials, requireAuth, verifyCredentials } from "../http/auth-middleware";
import { imagePromptOf } from "../images/image-links";
import { parseOrThrow, valid } from "../lib/validate";
import { DEFAULT_ENDPOINT } from "../models/catalogue";
import { IMAGE_LOGIN_REQUIRED } from "../protocol/images";
import {
  type ChatAsk,
  ChatAskSchema,
  ChatQuestionSchema,
  ImageAskSchema,
  ImageQuestionSchema as ImageQuestionTextSchema,
  StopAskSchema,
} from "../protocol/turn-requests";
import { USED_UP_HEADERS, usageHeaders } from "../protocol/usage";

/** An image question must ask for more than our image links, which are not part of the prompt. */
const ImageQuestionSchema = v.pipe(
  ImageQuestionTextSchema,
  v.check((question) => imagePromptOf(question) !== "", "Question is required"),
);

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

type ChatAskContext = Context<
  AppEnv,
  string,
  { in: { json: ChatAsk }; out: { json: v.InferOutput<typeof ChatAskSchema> } }
>;

type Claims = Awaited<ReturnType<typeof verifyCredentials>>;

/** A turn as the route asks for it: the session is the caller's, added by askUserObject. */
type Ask = TurnRequest extends infer R ? (R extends unknown ? Omit<R, "sessionId" | "tokenHash"> : never) : never;

/**
 * The caller's JWT and session token hash. Only the JWT is checked here; the user's object checks the session inside
 * the turn (one call, not two). `loginRequired` is the text a 401 carries (the image API says it in its own words).
 */
async function callerOf(c: Context<AppEnv>, loginRequired?: string): Promise<Claims> {
  const creds = readCredentials(c);
  if (!creds) throw new AppError("unauthorized", loginRequired ?? "No JWT token found");
  assertSameOriginForCookies(c, creds);
  return verifyCredentials(c.env, creds).catch((err: unknown) => {
    if (loginRequired && err instanceof AppError && err.status === 401) throw new AppError(err.code, loginRequired);
    throw err;
  });
}

/** The ask's question, checked once for every kind: an answer's, or (`optional`) none to regenerate one. */
function questionOf(schema: v.GenericSchema<unknown, string>, raw: unknown, optional = false): string {
  const asked = v.safeParse(schema, raw);
  if (asked.success) return asked.output;
  if (optional) return "";
  throw new AppError("invalid_input", asked.issues[0].message, { field: "question" });
}

/**
 * Runs the turn in the user's object. A refusal becomes the error it names; a spent quota also carries the headers
 * that say so, and a burst of turns past the limit (durable-objects/state/turn-burst.ts) the Retry-After seconds.
 */
async function askUserObject(c: Context<AppEnv>, { claims, tokenHash }: Claims, request: Ask) {
  const hub = userHub(c.env, claims.sub);
  const turn = await hub.turn({ ...request, sessionId: claims.sid, tokenHash, requestId: c.get("requestId") });
  if (!turn.ok) {
    if (turn.code === "quota_exhausted")
      for (const [name, value] of Object.entries(USED_UP_HEADERS)) c.header(name, value);
    if (turn.code === "too_many_turns")
      c.header("Retry-After", String(turn.details?.retry_after ?? TURN_BURST_WINDOW_MS / 1000));
    throw new AppError(turn.code, turn.message, turn.details);
  }
  return turn;
}

/** The turn's answer is of the kind asked for (the object runs the kind it is given). */
function expectKind<T extends { kind: string }, K extends T["kind"]>(turn: T, kind: K): Extract<T, { kind: K }> {
  if (turn.kind !== kind) throw new Error(`a ${kind} turn answered as ${turn.kind}`);
  return turn as Extract<T, { kind: K }>;
}

/** An answer, streamed: the ask checked, the turn run in the user's object, its stream returned with the usage headers. */
async function startAnswer(c: ChatAskContext, endpoint: string, isSearchMode: boolean) {
  const caller = await callerOf(c);
  const body = c.req.valid("json");
  if (body.edit_message_id && body.regenerate_message_id) {
    throw new AppError("invalid_input", "Send edit_message_id or regenerate_message_id, not both", {
      field: "regenerate_message_id",
    });
  }
  const asked = await askUserObject(c, caller, {
    claimedUserId: body.user_id ?? null,
    endpoint,
    chatId: body.chat_id,
    question: questionOf(ChatQuestionSchema, body.question, body.regenerate_message_id !== undefined),
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
  const turn = expectKind(asked, "answer");
  // No usage headers when the turn took no use (an external model answering with the user's own key).
  const usage: Record<string, string> =
    turn.remaining !== null && turn.total !== null && turn.level !== null
      ? usageHeaders({ remaining: turn.remaining, level: turn.level, total: turn.total })
      : {};
  return new Response(turn.stream, {
    status: 200,
    headers: { ...SSE_HEADERS, ...usage, "X-Message-Id": turn.botMessageId, "X-User-Message-Id": turn.userMessageId },
  });
}

/**
 * A picture. Guests are refused first (401 with IMAGE_LOGIN_REQUIRED), then the body is checked (400), then the user's
 * object runs the turn: 403 quota_exhausted with the image quota's headers, 404 for another user's chat or original
 * image, safety_violation with the safety text, image_* for provider failures.
 */
async function startPicture(c: Context<AppEnv>) {
  const caller = await callerOf(c, IMAGE_LOGIN_REQUIRED);
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new AppError("invalid_json", "Malformed JSON in request body");
  }
  if (raw === null || typeof raw !== "object" || Array.isArray(raw))
    throw new AppError("invalid_json", "Request body must be a JSON object");
  const body = parseOrThrow(ImageAskSchema, raw);
  const asked = await askUserObject(c, caller, {
    claimedUserId: body.user_id ?? null,
    chatId: body.chat_id,
    question: questionOf(ImageQuestionSchema, body.question),
    userMessageId: body.message_id ?? crypto.randomUUID(),
    botMessageId: body.bot_message_id ?? crypto.randomUUID(),
    kind: { type: "image", isEdit: body.is_edit === true, originalImage: body.original_image ?? null },
  });
  const { picture } = expectKind(asked, "image");
  const usage = usageHeaders({ remaining: picture.metadata.remainingUsage, level: picture.metadata.warningLevel });
  for (const [name, value] of Object.entries(usage)) c.header(name, value);
  return c.json(picture, 200);
}

export const chatRoutes = new Hono<AppEnv>()
  .post("/stop", requireAuth, valid("json", StopAskSchema), async (c) => {
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
  .post("/search", valid("json", ChatAskSchema), (c) =>
    startAnswer(c, c.req.valid("json").model ?? DEFAULT_ENDPOINT, true),
  )
  .post("/image", startPicture)
  .post("/:model", valid("json", ChatAskSchema), (c) =>
    startAnswer(c, c.req.param("model"), c.req.valid("json").is_search_mode ?? false),
  );
