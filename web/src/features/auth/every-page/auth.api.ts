// Calls for signing in, signing up, the current user and signing out.
import type { Login, ProfileUpdate, Registration } from "../../../../../worker/protocol/account-requests";
import { api, request } from "../../../lib/api";
import { clearStorageExceptPreferences } from "../../../lib/storage";
import { AuthResultSchema, MeSchema } from "./auth.schemas";
import { storeSession } from "./session";

export async function login(input: Omit<Login, "user_agent">) {
  const result = await api("/auth/login", AuthResultSchema, {
    method: "POST",
    body: { ...input, user_agent: navigator.userAgent.slice(0, 500) } satisfies Login,
    on401: "throw", // wrong password is an answer, not a lost session
  });
  storeSession(result);
  return result;
}

export async function register(input: Registration) {
  const result = await api("/auth/register", AuthResultSchema, { method: "POST", body: input, on401: "throw" });
  storeSession(result);
  return result;
}

export async function fetchMe() {
  const { user } = await api("/auth/me", MeSchema);
  return user;
}

export async function saveLanguage(language: NonNullable<ProfileUpdate["language"]>) {
  await api("/auth/update-profile", MeSchema, { method: "PATCH", body: { language } satisfies ProfileUpdate });
}

/**
 * Ends this device's session on the server (best effort; the cookies say which, and the answer clears them), then
 * forgets everything but theme and language.
 */
export async function logout() {
  try {
    await request("/user-sessions/current", { method: "DELETE", on401: "throw", timeoutMs: 8_000 });
  } catch {
    // already ended or offline: the local logout still happens
  }
  clearStorageExceptPreferences();
}
