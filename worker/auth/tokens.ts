// Session credentials: a JWT (HS256, 7 days) carrying the user and session ids, and a 32-byte random session token
// whose SHA-256 is stored. Both are checked against the session row on every call, so revocation is immediate.
import { sign, verify } from "hono/jwt";
import { AppError } from "../errors";

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface SessionClaims {
  sub: string;
  sid: string;
  iat: number;
  exp: number;
}

function secretOf(env: { JWT_SECRET?: string }): string {
  if (!env.JWT_SECRET) throw new AppError("server_misconfigured", "JWT_SECRET is not configured");
  return env.JWT_SECRET;
}

export async function signSessionJwt(
  env: { JWT_SECRET?: string },
  userId: string,
  sessionId: string,
  expiresAt: number,
) {
  const claims: SessionClaims = {
    sub: userId,
    sid: sessionId,
    iat: Math.floor(Date.now() / 1000),
    exp: Math.floor(expiresAt / 1000),
  };
  return sign({ ...claims }, secretOf(env), "HS256");
}

/** Returns the claims of a valid, unexpired token, or null. */
export async function verifySessionJwt(env: { JWT_SECRET?: string }, token: string): Promise<SessionClaims | null> {
  try {
    const payload = await verify(token, secretOf(env), "HS256");
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string" || typeof payload.exp !== "number")
      return null;
    return { sub: payload.sub, sid: payload.sid, iat: Number(payload.iat ?? 0), exp: payload.exp };
  } catch (err) {
    if (err instanceof AppError) throw err;
    return null;
  }
}

export function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** 32 random bytes, hex (64 characters). */
export function newSessionToken(): string {
  return randomHex(32);
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}
