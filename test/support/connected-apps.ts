// Connecting an app through the fake OAuth server (fake-identity.ts), as a browser would: the worker's authorization
// URL, the provider's consent redirect, and the callback carrying the session cookie.
import { expect } from "vitest";
import { call, json, ORIGIN, type TestUser, workerFetch } from "./api";

/** Starts a connection: the provider's authorization URL the worker answers. */
export async function begin(u: TestUser, app: string) {
  const res = await call("POST", `/auth/connected-apps/${app}/connect`, { token: u.token });
  expect(res.status).toBe(200);
  return new URL((await json(res)).data.authorization_url);
}

/** The provider's consent: follows the authorization URL to the redirect back to us. */
export async function approve(authUrl: URL): Promise<URL> {
  const res = await fetch(authUrl, { redirect: "manual" });
  expect(res.status).toBe(302);
  return new URL(res.headers.get("Location")!);
}

export async function callback(u: TestUser, back: URL) {
  // The browser comes back from the provider with the session cookie; the redirect it gets is what we check.
  const res = await workerFetch(
    new Request(`${ORIGIN}${back.pathname}${back.search}`, {
      headers: { Cookie: `jwt_token=${u.token}; session_token=${u.sessionToken}` },
      redirect: "manual",
    }),
  );
  expect(res.status).toBe(302);
  return new URL(res.headers.get("Location")!, "https://may.test");
}

/** Connects `app` for the user, end to end. */
export async function connect(u: TestUser, app: string): Promise<void> {
  const landed = await callback(u, await approve(await begin(u, app)));
  expect(landed.searchParams.get("connected")).toBe(app);
}
