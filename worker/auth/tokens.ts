// Session credentials: a JWT (HS256, 7 days) carrying the user and session ids, and a 32-byte random session token
// whose SHA-256 is stored. Both are checked against the session row on every call, so revocation is immediate.
// The JWT's header names its secret (`kid`, crypto/key-id.ts): new sessions are signed with JWT_SECRET, and a session
// signed before a rotation keeps working under JWT_SECRET_PREVIOUS until it expires (README, "Rotating secrets").
// A token without a kid was signed before rotation existed; it is checked under the current and the previous secret.
import { decode, sign, verify } from "hono/jwt";
import { appSecret, appSecrets, type AppSecretEnv } from "../crypto/hmac";
import { keyIdOf } from "../crypto/key-id";

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface SessionClaims {
  sub: string;
  sid: string;
  iat: number;
  exp: number;
}

const KEY_ID_PURPOSE = "session-jwt";

function base64Url(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** A session's signing key: the secret as an HS256 JWK with its key id, which hono's sign puts in the header. */
async function signingKey(secret: string) {
  const kid = await keyIdOf(KEY_ID_PURPOSE, secret);
  return { kty: "oct", k: base64Url(new TextEncoder().encode(secret)), alg: "HS256" as const, kid };
}

export async function signSessionJwt(env: AppSecretEnv, userId: string, sessionId: string, expiresAt: number) {
  const claims: SessionClaims = {
    sub: userId,
    sid: sessionId,
    iat: Math.floor(Date.now() / 1000),
    exp: Math.floor(expiresAt / 1000),
  };
  return sign({ ...claims }, await signingKey(appSecret(env)), "HS256");
}

/** The secrets that may have signed `token`: the one its kid names, or (no kid) the current and the previous one. */
async function secretsFor(env: AppSecretEnv, token: string): Promise<string[]> {
  const secrets = appSecrets(env);
  let kid: unknown;
  try {
    kid = (decode(token).header as { kid?: unknown }).kid;
  } catch {
    return [];
  }
  if (kid === undefined) return secrets;
  if (typeof kid !== "string") return [];
  const ids = await Promise.all(secrets.map((s) => keyIdOf(KEY_ID_PURPOSE, s)));
  return secrets.filter((_, i) => ids[i] === kid);
}

/**
 * Each secret's HS256 key for verifying, imported once per isolate: every authenticated call verifies a token, and
 * hono imports a key given as text on each verify. Keyed by the secret itself, so a rotated secret gets its own.
 */
const verifyingKeys = new Map<string, Promise<CryptoKey>>();

function verifyingKey(secret: string): Promise<CryptoKey> {
  let key = verifyingKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "verify",
    ]);
    verifyingKeys.set(secret, key);
  }
  return key;
}

/** Returns the claims of a valid, unexpired token, or null. */
export async function verifySessionJwt(env: AppSecretEnv, token: string): Promise<SessionClaims | null> {
  for (const secret of await secretsFor(env, token)) {
    let payload: Awaited<ReturnType<typeof verify>>;
    try {
      payload = await verify(token, await verifyingKey(secret), "HS256");
    } catch {
      continue;
    }
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string" || typeof payload.exp !== "number")
      return null;
    return { sub: payload.sub, sid: payload.sid, iat: Number(payload.iat ?? 0), exp: payload.exp };
  }
  return null;
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
