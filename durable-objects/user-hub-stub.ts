// The way to reach a user's Durable Object (one per user, named by the user id).
import { getServerByName } from "partyserver";
import type { UserHub } from "./user-hub";

export type UserHubStub = DurableObjectStub<UserHub>;

export function userHub(env: Env, userId: string): Promise<UserHubStub> {
  return getServerByName(env.USER_HUB as DurableObjectNamespace<UserHub>, userId);
}
