// Names for rotatable secrets. JWT_SECRET and MODEL_KEYS_SECRET can each be rotated with the old value kept for reading
// (JWT_SECRET_PREVIOUS, MODEL_KEYS_SECRET_PREVIOUS): the current secret signs and seals, the previous one only verifies
// and opens. A signed or sealed value says which secret made it by a key id, the secret's fingerprint: 8 hex characters
// of SHA-256 over a purpose label and the secret's bytes. Derived, so the operator never invents, stores or pairs ids
// (a rotation is "put the new secret, move the old one to *_PREVIOUS"), and the same secret always has the same id.
// Publishing it costs nothing: 32 bits of a hash of a 256-bit random secret say nothing usable about the secret, and a
// JWT's own signature is already a far stronger test of a guessed secret than its fingerprint could be.

const ids = new Map<string, Promise<string>>();

/** The key id of `secret` (its text, or its raw bytes) for `purpose`: 8 lowercase hex characters. */
export function keyIdOf(purpose: string, secret: string | Uint8Array): Promise<string> {
  const bytes = typeof secret === "string" ? new TextEncoder().encode(secret) : secret;
  const label = new TextEncoder().encode(`may-key-id:${purpose}\u0000`);
  const cacheKey = `${purpose}\u0000${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
  let id = ids.get(cacheKey);
  if (!id) {
    const input = new Uint8Array(label.length + bytes.length);
    input.set(label);
    input.set(bytes, label.length);
    id = crypto.subtle
      .digest("SHA-256", input)
      .then((d) => Array.from(new Uint8Array(d, 0, 4), (b) => b.toString(16).padStart(2, "0")).join(""));
    ids.set(cacheKey, id);
  }
  return id;
}

/** The shape of a key id, for values that carry one. */
export const KEY_ID_PATTERN = /^[0-9a-f]{8}$/;
