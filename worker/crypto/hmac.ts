// Keyed hashes derived from one Worker secret, separated by purpose, so a value made for one use (a device cookie,
// an email code) can never be replayed as another. Short codes are stored as HMACs, not plain SHA-256: a leaked
// table of 6-digit codes cannot be reversed by trying all million codes without the secret.
//
// The secret is JWT_SECRET, which can be rotated with the old one kept as JWT_SECRET_PREVIOUS (README, "Rotating
// secrets"). New hashes are made under the current secret; a hash made earlier is checked under both
// (matchesKeyedHash). That is enough because no keyed hash here is a lookup key: each one (a device cookie's MAC, a
// stored email or reset code's hash, the social linking key) is recomputed from its message and compared, never
// searched for, so none has to stay the same across a rotation. A future hash used to FIND a row must not use these
// functions: it would change with the secret and lose its rows.
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

/** The secrets behind sessions and keyed hashes: JWT_SECRET signs, JWT_SECRET_PREVIOUS (optional) still verifies. */
export type AppSecretEnv = { JWT_SECRET?: string; JWT_SECRET_PREVIOUS?: string };

/** The current app secret: what signs and hashes from now on. */
export function appSecret(env: AppSecretEnv): string {
  if (!env.JWT_SECRET) throw new AppError("server_misconfigured", "JWT_SECRET is not configured");
  return env.JWT_SECRET;
}

/** The secrets a value made earlier may be under: the current one, then the previous one when it is kept. */
export function appSecrets(env: AppSecretEnv): string[] {
  const current = appSecret(env);
  const previous = env.JWT_SECRET_PREVIOUS?.trim();
  return previous && previous !== current ? [current, previous] : [current];
}

/** HMAC-SHA256 of `message` under `secret` for `purpose`, as lowercase hex. */
export async function keyedHashWith(secret: string, purpose: string, message: string): Promise<string> {
  const sig = await crypto.subtle.sign("HMAC", await hmacKey(secret, purpose), new TextEncoder().encode(message));
  return Array.from(new Uint8Array(sig), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** HMAC-SHA256 of `message` under the current app secret for `purpose`, as lowercase hex. */
export function keyedHash(env: AppSecretEnv, purpose: string, message: string): Promise<string> {
  return keyedHashWith(appSecret(env), purpose, message);
}

/** True when `expected` is the keyed hash of `message` under the current or the previous app secret. */
export async function matchesKeyedHash(
  env: AppSecretEnv,
  purpose: string,
  message: string,
  expected: string,
): Promise<boolean> {
  for (const secret of appSecrets(env)) {
    if (constantTimeEqual(await keyedHashWith(secret, purpose, message), expected)) return true;
  }
  return false;
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
