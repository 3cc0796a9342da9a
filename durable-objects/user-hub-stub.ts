// The way to reach a user's Durable Object (one per user, named by the user id). The stub comes straight from the
// namespace: one call per use, not two. (partyserver's getServerByName first makes a setName call to wait for
// onStart; UserHub starts itself in its constructor instead, and its name is the id's own, ctx.id.name.)
import type { UserHub } from "./user-hub";

export type UserHubStub = DurableObjectStub<UserHub>;

export function userHub(env: Env, userId: string): UserHubStub {
  return (env.USER_HUB as DurableObjectNamespace<UserHub>).getByName(userId);
}
