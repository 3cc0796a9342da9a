// AES-256-GCM encryption at rest for secrets users hand us (their own model API keys, connected apps' OAuth tokens),
// under MODEL_KEYS_SECRET (32 random bytes as 64 hex characters or base64; a Worker secret). Each value is bound to
// where it belongs through the additional data (e.g. "<userId>|<provider>"), so a ciphertext copied into another
// user's row, or another provider's, fails to decrypt instead of leaking a key across accounts.
//
// Rotation (README, "Rotating secrets"): the secret can be replaced while MODEL_KEYS_SECRET_PREVIOUS keeps the old one
// for opening. A sealed ciphertext names its key: "<key id>:<base64>" (key-id.ts; ':' is not a base64 character, so
// the packed one-column form "<iv>.<ciphertext>" is unchanged). A ciphertext without a key id was sealed before
// rotation existed, under the original secret: it is tried under the current and the previous secret. Opening says
// whether the value should be sealed again under the current secret (renew), which its owners do when they use it
// and resealAllModelKeys (worker/db/reseal-secrets.ts) does for every stored value.
import { fromBase64, toBase64 } from "./base64";
import { KEY_ID_PATTERN, keyIdOf } from "./key-id";
import { AppError } from "../errors";

export interface Sealed {
  /** 12-byte random nonce, base64. */
  iv: string;
  /** "<key id>:" and the ciphertext with its 16-byte tag, base64 (no key id: sealed under the original secret). */
  ciphertext: string;
}

/** The secrets this module reads: the current one seals and opens, the previous one only opens. */
export type SecretBoxEnv = { MODEL_KEYS_SECRET?: string; MODEL_KEYS_SECRET_PREVIOUS?: string };

interface BoxKey {
  id: string;
  key: CryptoKey;
}

const keys = new Map<string, Promise<BoxKey>>();
const KEY_ID_PURPOSE = "model-keys";

function keyBytes(secret: string, name: string): Uint8Array {
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
    throw new AppError("server_misconfigured", `${name} must be 32 bytes (64 hex characters or base64)`);
  return bytes;
}

function boxKey(secret: string, name: string): Promise<BoxKey> {
  let key = keys.get(secret);
  if (!key) {
    const bytes = keyBytes(secret, name);
    key = Promise.all([
      keyIdOf(KEY_ID_PURPOSE, bytes),
      crypto.subtle.importKey("raw", bytes, "AES-GCM", false, ["encrypt", "decrypt"]),
    ]).then(([id, k]) => ({ id, key: k }));
    keys.set(secret, key);
  }
  return key;
}

function currentKey(env: SecretBoxEnv): Promise<BoxKey> {
  if (!env.MODEL_KEYS_SECRET) throw new AppError("server_misconfigured", "MODEL_KEYS_SECRET is not configured");
  return boxKey(env.MODEL_KEYS_SECRET, "MODEL_KEYS_SECRET");
}

/** The previous secret's key, or null when none is kept (blank counts as none). */
function previousKey(env: SecretBoxEnv): Promise<BoxKey> | null {
  const previous = env.MODEL_KEYS_SECRET_PREVIOUS?.trim();
  return previous ? boxKey(previous, "MODEL_KEYS_SECRET_PREVIOUS") : null;
}

/** The key id the current MODEL_KEYS_SECRET gives sealed values. */
export async function currentSealKeyId(env: SecretBoxEnv): Promise<string> {
  return (await currentKey(env)).id;
}

/** A sealed ciphertext's key id and bytes (base64); a value without a well-formed key id is all bytes. */
function parts(sealed: Sealed): { keyId: string | null; bytes: string } {
  const at = sealed.ciphertext.indexOf(":");
  const keyId = at < 0 ? null : sealed.ciphertext.slice(0, at);
  return keyId !== null && KEY_ID_PATTERN.test(keyId)
    ? { keyId, bytes: sealed.ciphertext.slice(at + 1) }
    : { keyId: null, bytes: sealed.ciphertext };
}

/** The key id a sealed value names, or null for one sealed before rotation existed (the original secret). */
export function sealedKeyId(sealed: Sealed): string | null {
  return parts(sealed).keyId;
}

export async function seal(env: SecretBoxEnv, plaintext: string, boundTo: string): Promise<Sealed> {
  const { id, key } = await currentKey(env);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: new TextEncoder().encode(boundTo) },
    key,
    new TextEncoder().encode(plaintext),
  );
  return { iv: toBase64(iv), ciphertext: `${id}:${toBase64(new Uint8Array(ct))}` };
}

async function decryptWith(key: CryptoKey, sealed: Sealed, boundTo: string): Promise<string | null> {
  try {
    const pt = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: fromBase64(sealed.iv), additionalData: new TextEncoder().encode(boundTo) },
      key,
      fromBase64(parts(sealed).bytes),
    );
    return new TextDecoder().decode(pt);
  } catch {
    return null;
  }
}

export interface Opened {
  plaintext: string;
  /** Sealed under another secret than the current one (the previous, or the original without a key id). */
  stale: boolean;
}

/**
 * The plaintext and whether it was sealed under an older secret; null when the value was tampered with, moved, or
 * sealed under a secret that is no longer configured.
 */
export async function openSealed(env: SecretBoxEnv, sealed: Sealed, boundTo: string): Promise<Opened | null> {
  const current = await currentKey(env);
  const named = sealedKeyId(sealed);
  // The previous secret is read only for a value the current one did not seal, so a mistake in it shows there.
  const previous = named === current.id ? null : await previousKey(env);
  const candidates = [current, ...(previous && previous.id !== current.id ? [previous] : [])].filter(
    (k) => named === null || k.id === named,
  );
  for (const { id, key } of candidates) {
    const plaintext = await decryptWith(key, sealed, boundTo);
    if (plaintext !== null) return { plaintext, stale: named !== current.id || id !== current.id };
  }
  return null;
}

/** The plaintext, or null when the value was tampered with, moved, or sealed under a secret no longer configured. */
export async function open(env: SecretBoxEnv, sealed: Sealed, boundTo: string): Promise<string | null> {
  return (await openSealed(env, sealed, boundTo))?.plaintext ?? null;
}

/**
 * The value sealed again under the current secret when it was sealed under an older one (null when it is current
 * already, or does not open: such a value is left as it is).
 */
export async function renewSealed(env: SecretBoxEnv, sealed: Sealed, boundTo: string): Promise<Sealed | null> {
  const opened = await openSealed(env, sealed, boundTo);
  return opened?.stale ? seal(env, opened.plaintext, boundTo) : null;
}

/** One string for a single column: "<iv>.<ciphertext>". */
export const packSealed = (s: Sealed) => `${s.iv}.${s.ciphertext}`;
export function unpackSealed(text: string): Sealed | null {
  const [iv, ciphertext, extra] = text.split(".");
  return iv && ciphertext && extra === undefined ? { iv, ciphertext } : null;
}
