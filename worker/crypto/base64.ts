// Standard base64 for bytes the worker stores as text (password hashes and salts, sealed secrets). Bytes from an
// upstream answer are decoded where their errors are named (worker/images/http.ts).
export function toBase64(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

export function fromBase64(text: string): Uint8Array {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}
