// The signed-in user as the browser remembers it between visits. The real credentials are HttpOnly cookies the
// SPA cannot read; it keeps the user (for the guard and the socket) and the session token (to log this device out).
import * as v from "valibot";
import { STORAGE_KEYS, readJson, readItem, writeItem, writeJson } from "../../lib/storage";
import { type AuthResult, type User, UserSchema } from "./auth.schemas";

export function getStoredUser(): User | null {
  const parsed = v.safeParse(UserSchema, readJson(STORAGE_KEYS.user));
  return parsed.success ? parsed.output : null;
}

export function storeUser(user: User): void {
  writeJson(STORAGE_KEYS.user, user);
  writeItem(STORAGE_KEYS.userId, user.id);
}

export function storeSession(result: AuthResult): void {
  storeUser(result.user);
  writeItem(STORAGE_KEYS.sessionToken, result.session_token);
}

export function getSessionToken(): string | null {
  return readItem(STORAGE_KEYS.sessionToken);
}
