// The signed-in user as the browser remembers it between visits. The credentials are the worker's HttpOnly cookies
// (jwt_token, session_token) that no script can read; the SPA keeps only the user (for the guard and the socket),
// never a token: fetch and the socket authenticate by cookie on the same origin, and logout names the `current` session.
import * as v from "valibot";
import { STORAGE_KEYS, readJson, writeItem, writeJson } from "../../../lib/storage";
import { type User, UserSchema } from "./auth.schemas";

export function getStoredUser(): User | null {
  const parsed = v.safeParse(UserSchema, readJson(STORAGE_KEYS.user));
  return parsed.success ? parsed.output : null;
}

export function storeUser(user: User): void {
  writeJson(STORAGE_KEYS.user, user);
  writeItem(STORAGE_KEYS.userId, user.id);
}

/** After a sign-in: the answer's tokens are already set as HttpOnly cookies; only the user is remembered. */
export function storeSession(result: { user: User }): void {
  storeUser(result.user);
  // a token that an older version of the app kept in localStorage goes for good
  writeItem(STORAGE_KEYS.legacySessionToken, null);
}
