// The credential cookies: jwt_token and session_token, HttpOnly, Secure, SameSite=Lax, 7 days.
import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";

const COOKIE_MAX_AGE_S = 7 * 24 * 60 * 60;
export const JWT_COOKIE = "jwt_token";
export const SESSION_COOKIE = "session_token";

export function setCredentialCookies(c: Context, jwt: string, sessionToken: string) {
  const opts = { httpOnly: true, secure: true, sameSite: "Lax", path: "/", maxAge: COOKIE_MAX_AGE_S } as const;
  setCookie(c, JWT_COOKIE, jwt, opts);
  setCookie(c, SESSION_COOKIE, sessionToken, opts);
}

export function clearCredentialCookies(c: Context) {
  for (const name of [JWT_COOKIE, SESSION_COOKIE, "auth_token"]) deleteCookie(c, name, { path: "/", secure: true });
}
