// Order codes: the transfer memo that ties a bank transfer to an order. A person may type it into a banking app by
// hand and banks rewrite memos (uppercase, spaces and punctuation dropped or added), so a code is "MAY" plus 8
// characters from Crockford's base32 alphabet (no I, L, O, U: nothing to confuse with 1, 0 or V) — 40 random bits —
// and it is found anywhere in the memo, case-insensitively.

import {
  ORDER_CODE_ALPHABET as ALPHABET,
  ORDER_CODE_PREFIX as PREFIX,
  ORDER_CODE_RANDOM_CHARS as RANDOM_CHARS,
} from "../protocol/payment-requests";

/** True for a well-formed code: the wire contract's rule (a client sends codes back). */
export { isOrderCode } from "../protocol/payment-requests";

/** A fresh random order code, e.g. MAYK7Q2XD9P. */
export function newOrderCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(RANDOM_CHARS));
  let out = PREFIX;
  for (const b of bytes) out += ALPHABET[b & 31];
  return out;
}

const CODE_IN_TEXT = new RegExp(`${PREFIX}[${ALPHABET}]{${RANDOM_CHARS}}`, "i");

/** The first order code in any of `texts` (the webhook's code, content, description), uppercased, or null. */
export function findOrderCode(...texts: (string | null | undefined)[]): string | null {
  for (const t of texts) {
    if (!t) continue;
    // Banks may split the memo with spaces, dots or dashes; a code never contains them, so join the pieces first.
    for (const candidate of [t, t.replace(/[\s.\-_]+/g, "")]) {
      const m = CODE_IN_TEXT.exec(candidate);
      if (m) return m[0].toUpperCase();
    }
  }
  return null;
}
