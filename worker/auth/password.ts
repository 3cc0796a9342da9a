// Password hashing: PBKDF2-SHA256 through WebCrypto with a per-user random 16-byte salt and 100,000 iterations
// (the most production Workers allow), compared in constant time.
import { fromBase64, toBase64 } from "../crypto/base64";

export const PBKDF2_ITERATIONS = 100_000;
const KEY_BITS = 256;

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, KEY_BITS);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string) {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, PBKDF2_ITERATIONS);
  return { hash: toBase64(hash), salt: toBase64(salt), iterations: PBKDF2_ITERATIONS };
}

export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

export async function verifyPassword(
  password: string,
  stored: { hash: string; salt: string; iterations: number },
): Promise<boolean> {
  const candidate = await derive(password, fromBase64(stored.salt), stored.iterations);
  return timingSafeEqual(candidate, fromBase64(stored.hash));
}

/** A hash to compare against when the account does not exist, so a miss takes as long as a wrong password. */
export const DUMMY_PASSWORD = {
  hash: toBase64(new Uint8Array(32)),
  salt: toBase64(new Uint8Array(16)),
  iterations: PBKDF2_ITERATIONS,
};
