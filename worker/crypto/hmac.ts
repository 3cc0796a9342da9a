// Keyed hashes derived from one Worker secret, separated by purpose, so a value made for one use (a device cookie,
// an email code) can never be replayed as another. Short codes are stored as HMACs, not plain SHA-256: a leaked
// table of 6-digit codes cannot be reversed by trying all million codes without the secret.
import { AppError } from "../errors";

const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string, purpose: string): Promise<CryptoKey> {
  const id = `${purpose}\u0000${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(`${purpose}:${secret}`),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    keys.set(id, key);
  }
  return key;
}

export function appSecret(env: { JWT_SECRET?: string }): string {
  if (!env.JWT_SECRET) throw new AppError("server_misconfigured", "JWT_SECRET is not configured");
  return env.JWT_SECRET;
}

/** HMAC-SHA256 of `message` under the app secret for `purpose`, as lowercase hex. */
export async function keyedHash(env: { JWT_SECRET?: string }, purpose: string, message: string): Promise<string> {
  const sig = await crypto.subtle.sign(
    "HMAC",
    await hmacKey(appSecret(env), purpose),
    new TextEncoder().encode(message),
  );
  return Array.from(new Uint8Array(sig), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Compares two strings in time that depends only on their length. */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** A uniformly random decimal code of `digits` digits (rejection sampling, no modulo bias). */
export function randomDigits(digits: number): string {
  const limit = 10 ** digits;
  const bound = Math.floor(0x1_0000_0000 / limit) * limit;
  for (;;) {
    const [n] = crypto.getRandomValues(new Uint32Array(1));
    if (n! < bound) return String(n! % limit).padStart(digits, "0");
  }
}
