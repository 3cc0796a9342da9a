// The steps every kind of turn shares (turn.ts runs them): the session, the chat's ownership and the day's use. Each
// reads the user's hot state, so none waits on D1 except for a chat (or a day) the object has not seen yet.
import type { Db } from "../../worker/db/client";
import type { SessionUser } from "../../worker/db/users";
import { AppError } from "../../worker/errors";
import { dailyLimit, planOf } from "../../worker/plans/entitlements";
import type { HotState } from "../state/hot-state";
import type { GenerationRunner } from "./generation";

/** What every turn is asked with. */
export interface TurnBase {
  /** The session the worker found in the JWT, and the SHA-256 of the session token if the call carried one. */
  sessionId: string;
  tokenHash: string | null;
  /** The user_id the payload claims, if any: it must be the signed-in user's. */
  claimedUserId: string | null;
  chatId: string;
  /** Checked at the edge: trimmed and not empty (empty only to regenerate an answer, which asks nothing new). */
  question: string;
  userMessageId: string;
  botMessageId: string;
  /** The id of the request that asked (its X-Request-Id), for the turn's log line. */
  requestId?: string;
}

/** What the pipeline needs from the object that runs it. */
export interface TurnHost {
  state: HotState;
  generations: GenerationRunner;
  /** The bindings: the R2 bucket of uploads and images, the image source's settings, the secret of model keys. */
  env: Env;
  /** The main D1 database, for the turn's use count at its end (the chats' database is the state's chatDb). */
  db: Db;
  /** Step 1: the active session's user, or throws 401. */
  authorize(sessionId: string, tokenHash: string | null): Promise<SessionUser>;
}

/** The host a Durable Object gives the pipeline: its hot state, its generation runner, its bindings and D1. */
export function turnHost(state: HotState, generations: GenerationRunner, env: Env, db: Db): TurnHost {
  return { state, generations, env, db, authorize: (sessionId, tokenHash) => state.sessionUser(sessionId, tokenHash) };
}

/** Step 1: the call's session is active (the JWT was checked by the worker) and the payload names its user, if any. */
export async function begin(host: TurnHost, req: TurnBase): Promise<SessionUser> {
  const user = await host.authorize(req.sessionId, req.tokenHash);
  if (req.claimedUserId != null && req.claimedUserId !== user.id) {
    throw new AppError("forbidden", "user_id does not match the signed-in user");
  }
  return user;
}

/** The chat's recent messages when it is the user's active chat (one D1 batch when the object lacks it). */
export async function ownChat(host: TurnHost, chatId: string, day: string) {
  const known = host.state.chats.window(chatId);
  if (known) {
    if (!host.state.usage.knowsDay(day)) await host.state.loadCold({ chatId: null, day });
    return known;
  }
  const cold = await host.state.loadCold({ chatId, day });
  if (cold.chat?.status !== "active") throw new AppError("not_found", "Chat not found");
  return cold.history ?? [];
}

/**
 * Checks that one daily use of the bucket is left, or throws 403 quota_exhausted with the headers the client reads.
 * The caller takes it with no wait since the check: an answer holds it in memory once its model call has left
 * (answer.ts, state/usage.ts hold), a picture takes it at once (takeUse).
 */
export function reserveUse(host: TurnHost, user: SessionUser, bucket: string, label: string, day: string) {
  const total = dailyLimit(planOf(user), bucket);
  const used = host.state.usage.count(day, bucket);
  if (total <= 0 || used >= total) {
    throw new AppError("quota_exhausted", `No ${label} uses left today`, { model: bucket, total });
  }
  return { remaining: total - (used + 1), total };
}

/** One daily use of the bucket, taken now, or 403 quota_exhausted with the headers the client reads. */
export function takeUse(host: TurnHost, user: SessionUser, bucket: string, label: string, day: string) {
  const use = reserveUse(host, user, bucket, label, day);
  host.state.usage.take(day, bucket, use.total);
  return use;
}
