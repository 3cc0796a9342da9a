// AES-256-GCM encryption at rest for secrets users hand us (their own model API keys, connected apps' OAuth tokens),
// under MODEL_KEYS_SECRET (32 random bytes as 64 hex characters or base64; a Worker secret). Each value is bound to
// where it belongs through the additional data (e.g. "<userId>|<provider>"), so a ciphertext copied into another
// user's row, or another provider's, fails to decrypt instead of leaking a key across accounts.
import { fromBase64, toBase64 } from "./base64";
import { AppError } from "../errors";

export interface Sealed {
  /** 12-byte random nonce, base64. */
  iv: string;
  /** Ciphertext with its 16-byte tag, base64. */
  ciphertext: string;
}

const keys = new Map<string, Promise<CryptoKey>>();

function keyBytes(secret: string | undefined): Uint8Array {
  if (!secret) throw new AppError("server_misconfigured", "MODEL_KEYS_SECRET is not configured");
  const trimmed = secret.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Uint8Array.from(trimmed.match(/../g)!.map((h) => parseInt(h, 16)))
    : (() => {
        try {
          return fromBase64(trimmed);
        } catch {
          return new Uint8Array(0);
        }
      })();
  if (bytes.length !== 32)
    throw new AppError("server_misconfigured", "MODEL_KEYS_SECRET must be 32 bytes (64 hex characters or base64)");
  return bytes;
}

function aesKey(secret: string | undefined): Promise<CryptoKey> {
  const id = secret ?? "";
  let key = keys.get(id);
  if (!key) {
    key = crypto.subtle.importKey("raw", keyBytes(secret), "AES-GCM", false, ["encrypt", "decrypt"]);
    keys.set(id, key);
  }
  return key;
}

export async function seal(env: { MODEL_KEYS_SECRET?: string }, plaintext: string, boundTo: string): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: new TextEncoder().encode(boundTo) },
    await aesKey(env.MODEL_KEYS_SECRET),
    new TextEncoder().encode(plaintext),
  );
  return { iv: toBase64(iv), ciphertext: toBase64(new Uint8Array(ct)) };
}

/** The plaintext, or null when the value was tampered with, moved, or sealed under another key. */
export async function open(
  env: { MODEL_KEYS_SECRET?: string },
  sealed: Sealed,
  boundTo: string,
): Promise<string | null> {
  try {
    const pt = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: fromBase64(sealed.iv), additionalData: new TextEncoder().encode(boundTo) },
      await aesKey(env.MODEL_KEYS_SECRET),
      fromBase64(sealed.ciphertext),
    );
    return new TextDecoder().decode(pt);
  } catch (err) {
    if (err instanceof AppError) throw err;
    return null;
  }
}

/** One string for a single column: "<iv>.<ciphertext>". */
export const packSealed = (s: Sealed) => `${s.iv}.${s.ciphertext}`;
export function unpackSealed(text: string): Sealed | null {
  const [iv, ciphertext, extra] = text.split(".");
  return iv && ciphertext && extra === undefined ? { iv, ciphertext } : null;
}
