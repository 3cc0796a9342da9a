// Connected apps through OAuth 2 with PKCE against the fake authorization server: connect, callback, tokens sealed
// at rest, refresh, disconnect with revocation; the state is single-use and bound to its user.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getConnectedAppToken } from "../../../worker/connected-apps/oauth";
import { createDb } from "../../../worker/db/client";
import { call, json, seedUser } from "../../support/api";
import { approve, begin, callback } from "../../support/connected-apps";

describe("/auth/connected-apps", () => {
  it("connects Google Drive with PKCE and keeps its tokens sealed", async () => {
    const u = await seedUser();
    const auth = await begin(u, "google-drive");
    expect(auth.searchParams.get("code_challenge_method")).toBe("S256");
    expect(auth.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(auth.searchParams.get("redirect_uri")).toBe("https://may.test/auth/connected-apps/callback");
    expect(auth.searchParams.get("scope")).toContain("drive.readonly");
    expect(auth.searchParams.get("access_type")).toBe("offline");
    const landed = await callback(u, await approve(auth));
    expect(landed.pathname).toBe("/settings");
    expect(landed.searchParams.get("connected")).toBe("google-drive");
    const apps = (await json(await call("GET", "/auth/connected-apps", { token: u.token }))).data.apps;
    expect(apps.find((a: any) => a.app === "google-drive")).toMatchObject({
      connected: true,
      kind: "drive",
      available: true,
    });
    expect(apps.filter((a: any) => a.connected)).toHaveLength(1);
    const token = await getConnectedAppToken({ env, db: createDb(env.DB), userId: u.id, app: "google-drive" });
    expect(token).toMatch(/^at-/);
    const row = await env.DB.prepare("SELECT access_token, refresh_token FROM connected_apps WHERE user_id = ?")
      .bind(u.id)
      .first<any>();
    expect(row.access_token).not.toContain(token);
    expect(row.refresh_token).not.toMatch(/rt-/);
  });

  it("connects each office cloud through its Microsoft tenant", async () => {
    const u = await seedUser();
    for (const [app, server] of [
      ["onedrive", "microsoft-consumers"],
      ["microsoft-365", "microsoft-organizations"],
    ] as const) {
      const auth = await begin(u, app);
      expect(auth.pathname).toBe(`/oauth/${server}/authorize`);
      expect(auth.searchParams.get("client_id")).toBe("fake-microsoft-client");
      expect((await callback(u, await approve(auth))).searchParams.get("connected")).toBe(app);
    }
  });

  it("refuses a replayed or foreign state, and a forged code", async () => {
    const a = await seedUser();
    const b = await seedUser();
    const back = await approve(await begin(a, "gmail"));
    // b's browser cannot finish a's connection.
    expect((await callback(b, back)).searchParams.get("error")).toBe("verification_expired");
    const forged = new URL(back);
    forged.searchParams.set("code", "not-the-code");
    expect((await callback(a, forged)).searchParams.get("error")).toBe("invalid_social_token");
    // The state was used by the forged attempt: a replay fails too.
    expect((await callback(a, back)).searchParams.get("error")).toBe("verification_expired");
    expect(
      (await json(await call("GET", "/auth/connected-apps", { token: a.token }))).data.apps.some(
        (x: any) => x.connected,
      ),
    ).toBe(false);
  });

  it("passes on the provider's refusal", async () => {
    const u = await seedUser();
    const landed = await callback(
      u,
      new URL("https://may.test/auth/connected-apps/callback?error=access_denied&state=x"),
    );
    expect(landed.searchParams.get("error")).toBe("access_denied");
  });

  it("refreshes an access token about to expire", async () => {
    const u = await seedUser();
    await fetch(`${env.FAKE_IDENTITY_URL}/oauth/__config`, {
      method: "POST",
      body: JSON.stringify({ expires_in: 30 }),
    });
    try {
      await callback(u, await approve(await begin(u, "google-calendar")));
    } finally {
      await fetch(`${env.FAKE_IDENTITY_URL}/oauth/__config`, {
        method: "POST",
        body: JSON.stringify({ expires_in: 3600 }),
      });
    }
    const db = createDb(env.DB);
    const first = await getConnectedAppToken({ env, db, userId: u.id, app: "google-calendar" });
    const second = await getConnectedAppToken({ env, db, userId: u.id, app: "google-calendar" });
    expect(first).toMatch(/^at-/);
    expect(second).toBe(first); // refreshed once to a 1-hour token, then reused
    const row = await env.DB.prepare("SELECT expires_at, refresh_token FROM connected_apps WHERE user_id = ?")
      .bind(u.id)
      .first<any>();
    expect(row.expires_at - Date.now()).toBeGreaterThan(50 * 60_000);
    expect(row.refresh_token).toBeTruthy(); // the refresh token is kept when the provider sends no new one
  });

  it("disconnects, revoking at the provider", async () => {
    const u = await seedUser();
    await callback(u, await approve(await begin(u, "google-drive")));
    const res = await call("DELETE", "/auth/connected-apps/google-drive", { token: u.token });
    expect(res.status).toBe(200);
    const revoked = (await (await fetch(`${env.FAKE_IDENTITY_URL}/oauth/__revoked`)).json()) as string[];
    expect(revoked.some((t) => t.startsWith("rt-"))).toBe(true);
    expect((await call("DELETE", "/auth/connected-apps/google-drive", { token: u.token })).status).toBe(404);
    expect(await getConnectedAppToken({ env, db: createDb(env.DB), userId: u.id, app: "google-drive" })).toBeNull();
  });

  it("answers 400 for an unknown app, 401 without a session, provider_not_configured without credentials", async () => {
    const u = await seedUser();
    expect((await call("POST", "/auth/connected-apps/dropbox/connect", { token: u.token })).status).toBe(400);
    expect((await call("GET", "/auth/connected-apps")).status).toBe(401);
    const { app } = await import("../../../worker/app");
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
    const res = await app.request(
      "https://may.test/auth/connected-apps/onedrive/connect",
      { method: "POST", headers: { Authorization: `Bearer ${u.token}`, "X-Session-Token": u.sessionToken } },
      { ...env, MICROSOFT_CLIENT_ID: "" },
      ctx,
    );
    expect(res.status).toBe(400);
    expect((await json(res)).code).toBe("provider_not_configured");
  });
});
