// The /ws protocol, declared once for the Durable Object and the SPA. Every frame is JSON with a `type`.
// Frames that do not match a schema are ignored on both sides.
import * as v from "valibot";

/** The client sends a heartbeat this often. */
export const HEARTBEAT_INTERVAL_MS = 20_000;
/** Reconnect attempts after the server or transport closes, waiting 1 s × the attempt number. */
export const MAX_RECONNECT_ATTEMPTS = 5;
export const RECONNECT_STEP_MS = 1_000;

export const ClientMessageSchema = v.variant("type", [
  v.object({
    type: v.literal("authenticate"),
    userId: v.string(),
    token: v.optional(v.string()),
    session_token: v.optional(v.string()),
  }),
  v.object({ type: v.literal("heartbeat"), userId: v.optional(v.string()) }),
  v.object({ type: v.literal("check_active_sessions") }),
]);
export type ClientMessage = v.InferOutput<typeof ClientMessageSchema>;

export const ActiveSessionSchema = v.object({
  id: v.string(),
  user_agent: v.string(),
  created_at: v.string(),
  last_seen_at: v.string(),
  current: v.boolean(),
  online: v.boolean(),
});
export type ActiveSession = v.InferOutput<typeof ActiveSessionSchema>;

/** Why a session ended, sent with force_logout so the popup can say it in the user's language. */
export const LogoutReasonSchema = v.picklist([
  "replaced",
  "expired",
  "revoked",
  "logout",
  "password_changed",
  "account_deleted",
]);
export type LogoutReason = v.InferOutput<typeof LogoutReasonSchema>;

export const ServerMessageSchema = v.variant("type", [
  v.object({ type: v.literal("authenticated"), userId: v.string(), sessionId: v.string() }),
  v.object({
    type: v.literal("active_sessions_info"),
    sessions: v.array(ActiveSessionSchema),
    force_logout: v.boolean(),
    message: v.nullable(v.string()),
    reason: v.optional(LogoutReasonSchema),
    current_session_active: v.boolean(),
  }),
  v.object({
    type: v.literal("premium_expiration"),
    premium_end: v.nullable(v.string()),
    expired: v.boolean(),
    days_left: v.number(),
  }),
  /** The account changed (plan bought or ended, profile, email): open tabs refetch the user and the models. */
  v.object({
    type: v.literal("plan_changed"),
    plan: v.picklist(["free", "basic", "advanced"]),
    is_premium: v.number(),
    premium_end: v.nullable(v.string()),
  }),
]);
export type ServerMessage = v.InferOutput<typeof ServerMessageSchema>;

/** Parses one frame; returns null for anything that is not a known message (never a cast). */
export function parseFrame<S extends typeof ClientMessageSchema | typeof ServerMessageSchema>(
  schema: S,
  raw: unknown,
): v.InferOutput<S> | null {
  if (typeof raw !== "string") return null;
  try {
    const result = v.safeParse(schema, JSON.parse(raw));
    return result.success ? result.output : null;
  } catch {
    return null;
  }
}

export const LOGOUT_MESSAGES: Record<LogoutReason, string> = {
  replaced: "Your account was logged in on another device.",
  expired: "Your login session has expired.",
  revoked: "This session was ended from another device.",
  logout: "You have been logged out.",
  password_changed: "Your password was changed. Please log in again.",
  account_deleted: "This account was deleted.",
};
