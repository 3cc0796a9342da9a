// The one way the rest of the worker changes a user's sessions or says that the user's account changed. The user's
// Durable Object owns the hot state of a user (active sessions, plan, daily counters), so every such change goes
// through it: routes never write user_sessions or cached plan fields behind its back.
import type { LogoutReason } from "../protocol/socket";
import { userHub } from "../../durable-objects/user-hub-stub";

/**
 * Ends sessions of one user and pushes force_logout to their sockets at once. Give `sessionIds` to end those, or
 * `allExcept` to end every active session but that one (password change, "end all other devices").
 * Returns the ids that were active and are now ended.
 */
export async function endUserSessions(
  env: Env,
  opts: { userId: string; reason: LogoutReason } & ({ sessionIds: string[] } | { allExcept: string | null }),
): Promise<string[]> {
  const hub = await userHub(env, opts.userId);
  return "sessionIds" in opts
    ? hub.endSessionsById(opts.sessionIds, opts.reason)
    : hub.endOtherSessions(opts.allExcept, opts.reason);
}

/**
 * Tells the user's object that the user's row changed in D1 (plan, premium dates, profile, email): it reloads the
 * user, applies the plan's session limit (ending the surplus, oldest first) and pushes `plan_changed` to the
 * user's sockets so every open tab refreshes without a reload. Call it after the D1 write has committed.
 */
export async function userChanged(env: Env, userId: string): Promise<void> {
  const hub = await userHub(env, userId);
  await hub.userChanged();
}

/**
 * Tells the user's object that the user's AI settings or remembered facts changed in D1, so the next answer follows
 * them (the object keeps them for every turn). Call it after the D1 write has committed.
 */
export async function settingsChanged(env: Env, userId: string): Promise<void> {
  const hub = await userHub(env, userId);
  await hub.settingsChanged();
}
