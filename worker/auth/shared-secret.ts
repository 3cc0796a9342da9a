// Calls authenticated by a shared secret rather than a user's session: the bank's webhook (`Apikey <secret>`) and the
// operator's scripts (`Bearer <secret>`). One constant-time check for both.

/** True when `header` is `<scheme> <secret>`. Both sides are hashed first, so neither length nor prefix leaks. */
export async function matchesSharedSecret(
  header: string | undefined,
  scheme: "Apikey" | "Bearer",
  secret: string | null | undefined,
): Promise<boolean> {
  if (!secret || !header) return false;
  const presented = new RegExp(`^${scheme}\\s+(.+)$`, "i").exec(header.trim())?.[1]?.trim();
  if (!presented) return false;
  const enc = new TextEncoder();
  const [a, b] = await Promise.all([
    crypto.subtle.digest("SHA-256", enc.encode(presented)),
    crypto.subtle.digest("SHA-256", enc.encode(secret)),
  ]);
  return crypto.subtle.timingSafeEqual(a, b);
}
