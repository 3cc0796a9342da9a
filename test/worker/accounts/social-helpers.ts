// Drives the fake identity server: Google ID tokens signed by its JWKS key (or a rogue key), Facebook user tokens.
import { env } from "cloudflare:workers";

export const GOOGLE_AUDIENCE = "test-client.apps.googleusercontent.com";

export async function googleToken(claims: Record<string, unknown>, opts: { rogue?: boolean } = {}): Promise<string> {
  const res = await fetch(`${env.FAKE_IDENTITY_URL}/google/__sign${opts.rogue ? "?key=rogue" : ""}`, {
    method: "POST",
    body: JSON.stringify({ iss: "https://accounts.google.com", aud: GOOGLE_AUDIENCE, email_verified: true, ...claims }),
  });
  return ((await res.json()) as { token: string }).token;
}

export async function facebookToken(user: {
  id: string;
  name: string;
  email?: string;
  app_id?: string;
}): Promise<string> {
  const token = `EAAfake${crypto.randomUUID().replace(/-/g, "")}`;
  await fetch(`${env.FAKE_IDENTITY_URL}/facebook/__users`, {
    method: "POST",
    body: JSON.stringify({ token, ...user }),
  });
  return token;
}

export const uniqueId = () => String(Math.floor(Math.random() * 1e15)).padStart(15, "1");
