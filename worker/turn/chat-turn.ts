// One chat turn, step by step: the single pipeline every kind of turn goes through (a plain question today; search,
// edit, regenerate, image and attachment turns are variations of it). It runs inside the user's Durable Object
// (durable-objects/user-hub.ts), which holds the user's hot state, so none of these steps waits on D1 except the
// first turn in a chat the object has not seen (one batch: the chat, its recent messages and, on a new day, the
// day's counters). The route (worker/routes/chat.ts) only parses the request and returns the stream.
//
//   1. session      the call's session is active (the JWT was checked by the worker)
//   2. model, plan  the endpoint exists and the user's plan may use it
//   3. chat         the chat is the user's and active (the object's window, or one D1 batch)
//   4. use          one daily use taken atomically, remembering the quota day it was charged to
//   5. prompt       the chat's recent messages and the question, as the model's conversation
//   6. record       the user message recorded durably in the object, before the model is called
//   7. generate     the answer streams; it is saved with the user message and the day's count in one D1 batch
//                   when it ends, is stopped or fails — a failure with no text gives the use back (same day)
import type { GenerationInput, GenerationRunner } from "../../durable-objects/generation";
import type { HotState } from "../../durable-objects/hot-state";
import type { SessionUser } from "../env";
import { AppError } from "../errors";
import { quotaDay } from "../lib/time";
import { type CatalogueEntry, findByEndpoint } from "../models/catalogue";
import { dailyLimit, planOf, type WarningLevel, warningLevel } from "../plans/entitlements";
import { buildPrompt } from "./prompt";

export interface ChatTurnRequest {
  /** The session the worker found in the JWT, and the SHA-256 of the session token if the call carried one. */
  sessionId: string;
  tokenHash: string | null;
  /** The user_id the payload claims, if any: it must be the signed-in user's. */
  claimedUserId: string | null;
  endpoint: string;
  chatId: string;
  question: string;
  userMessageId: string;
  botMessageId: string;
  isSearchMode: boolean;
}

export interface ChatTurnStarted {
  stream: ReadableStream<Uint8Array>;
  remaining: number;
  total: number;
  level: WarningLevel;
  userMessageId: string;
  botMessageId: string;
}

/** What the pipeline needs from the object that runs it. */
export interface TurnHost {
  state: HotState;
  generations: GenerationRunner;
  /** Step 1: the active session's user, or throws 401. */
  authorize(sessionId: string, tokenHash: string | null): Promise<SessionUser>;
}

/** The host a Durable Object gives the pipeline: its hot state and its generation runner. */
export function turnHost(state: HotState, generations: GenerationRunner): TurnHost {
  return { state, generations, authorize: (sessionId, tokenHash) => state.sessionUser(sessionId, tokenHash) };
}

/** Step 2: the model exists and the plan may use it. */
function modelFor(user: SessionUser, endpoint: string): CatalogueEntry {
  const entry = findByEndpoint(endpoint);
  if (!entry) throw new AppError("model_not_found", `Unknown model ${endpoint}`);
  if (entry.premiumRequired && planOf(user) === "free") {
    throw new AppError("premium_required", `${entry.name} needs a Basic or Advanced+ plan`);
  }
  return entry;
}

/** Step 3: the chat's recent messages when it is the user's active chat (one D1 batch when the object lacks it). */
async function ownChat(host: TurnHost, chatId: string, day: string) {
  const known = host.state.chatWindow(chatId);
  if (known) {
    if (!host.state.knowsDay(day)) await host.state.loadCold({ chatId: null, day });
    return known;
  }
  const cold = await host.state.loadCold({ chatId, day });
  if (!cold.chat || cold.chat.status !== "active") throw new AppError("not_found", "Chat not found");
  return cold.history ?? [];
}

/** Step 4: one daily use of the bucket, or 403 quota_exhausted with the headers the client reads. */
function takeUse(host: TurnHost, user: SessionUser, bucket: string, label: string, day: string) {
  const total = dailyLimit(planOf(user), bucket);
  const remaining = total > 0 ? host.state.takeUse(day, bucket, total) : null;
  if (remaining === null) {
    throw new AppError("quota_exhausted", `No ${label} uses left today`, { model: bucket, total });
  }
  return { remaining, total };
}

export async function runChatTurn(host: TurnHost, req: ChatTurnRequest): Promise<ChatTurnStarted> {
  const user = await host.authorize(req.sessionId, req.tokenHash);
  if (req.claimedUserId != null && req.claimedUserId !== user.id) {
    throw new AppError("forbidden", "user_id does not match the signed-in user");
  }
  const entry = modelFor(user, req.endpoint);
  const day = quotaDay();
  const history = await ownChat(host, req.chatId, day);
  const { remaining, total } = takeUse(host, user, entry.endpoint, entry.name, day);

  const prompt = buildPrompt({ history: history.filter((m) => m.messageId !== req.userMessageId), question: req.question });
  const userMessage = {
    messageId: req.userMessageId,
    sender: "user" as const,
    message: req.question,
    model: entry.endpoint,
    endpoint: entry.endpoint,
    source: "api",
    isSearchMode: req.isSearchMode,
    createdAt: Date.now(),
  };
  host.state.appendToWindow(req.chatId, [{ messageId: userMessage.messageId, sender: "user", message: userMessage.message }]);
  const input: GenerationInput = {
    userId: user.id,
    chatId: req.chatId,
    endpoint: entry.endpoint,
    botMessageId: req.botMessageId,
    userMessage,
    usage: { bucket: entry.endpoint, day },
    isSearchMode: req.isSearchMode,
    prompt,
  };
  const stream = host.generations.start(input);
  return {
    stream,
    remaining,
    total,
    level: warningLevel(remaining),
    userMessageId: req.userMessageId,
    botMessageId: req.botMessageId,
  };
}
