// The accounts a user links to outside services, against the fake identity server: Google and Facebook sign-in (real
// JWKS / Graph API formats), pending links that need the account's password, linked accounts and unlinking; the
// user's own model keys (external models) and connected apps (OAuth), each area's authorization first. One file, so
// workerd loads the worker once for all of them.
import { env } from "cloudflare:workers";
import { describe, expect, it, onTestFinished } from "vitest";
import { getConnectedAppToken } from "../../../worker/connected-apps/oauth";
import { createDb } from "../../../worker/db/client";
import { getUserModelKey } from "../../../worker/db/model-keys";
import { EXTERNAL_PROVIDERS } from "../../../worker/external-models/providers";
import { EXTERNAL_MODEL_PROVIDERS } from "../../../worker/protocol/settings";
import { call, holdTheClock, json, premiumUser, seedUser, setPlan } from "../../support/api";
import { approve, begin, callback } from "../../support/connected-apps";
import { facebookToken, googleToken, uniqueId } from "../accounts/social-helpers";

// ---- auth-social.security ----------------------------------------------------------------------------------------
// No account takeover through a shared email or a borrowed identity: a pending link is bound to the identity that
// was verified and to the account of that email, and an identity linked to one user cannot be linked to another.
describe("account linking security", () => {
  it("a linking token for one email cannot link another account, even with that account's password", async () => {
    const victim = await seedUser();
    const attacker = await seedUser();
    const pending = (
      await json(
        await call("POST", "/auth/google", {
          body: { token: await googleToken({ sub: uniqueId(), email: attacker.email }) },
        }),
      )
    ).data;
    const res = await call("POST", "/auth/link-account", {
      body: { ...pending, email: victim.email, password: victim.password },
    });
    expect(res.status).toBe(401);
    expect((await json(res)).code).toBe("invalid_social_token");
  });

  it("an identity linked to one user cannot be linked to another", async () => {
    const a = await seedUser();
    const b = await seedUser();
    const sub = uniqueId();
    const pa = (
      await json(await call("POST", "/auth/google", { body: { token: await googleToken({ sub, email: a.email }) } }))
    ).data;
    expect((await call("POST", "/auth/link-account", { body: { ...pa, password: a.password } })).status).toBe(200);
    // The same Google account now shows b's email (changed at Google): it still signs in as a, never pending for b.
    const again = await json(
      await call("POST", "/auth/google", { body: { token: await googleToken({ sub, email: b.email }) } }),
    );
    expect(again.status).toBe("success");
    expect(again.data.user.id).toBe(a.id);
  });

  it("a user cannot unlink another user's identity", async () => {
    const a = await seedUser();
    const b = await seedUser();
    const pa = (
      await json(
        await call("POST", "/auth/google", { body: { token: await googleToken({ sub: uniqueId(), email: a.email }) } }),
      )
    ).data;
    await call("POST", "/auth/link-account", { body: { ...pa, password: a.password } });
    expect((await call("POST", "/auth/unlink-account", { token: b.token, body: { provider: "google" } })).status).toBe(
      404,
    );
    const list = await json(await call("GET", "/auth/linked-accounts", { token: a.token }));
    expect(list.data.providers).toHaveLength(1);
  });
});

// ---- auth-external-models.security -------------------------------------------------------------------------------
// One user's model keys are never another's: not listed, not decryptable from another row, not deletable.
const DAY = 24 * 60 * 60 * 1000;

describe("model keys belong to their user", () => {
  it("keeps a key out of another user's list, delete and lookups", async () => {
    const a = await seedUser();
    const b = await seedUser();
    await setPlan(a.id, 2, Date.now() + 30 * DAY);
    await call("PUT", "/auth/external-models/claude", { token: a.token, body: { apiKey: "good-a-secret-9999" } });
    const listB = (await json(await call("GET", "/auth/external-models", { token: b.token }))).data.providers;
    expect(listB.find((p: any) => p.provider === "claude").connected).toBe(false);
    expect((await call("DELETE", "/auth/external-models/claude", { token: b.token })).status).toBe(404);
    expect(await getUserModelKey({ db: createDb(env.DB), env, userId: b.id, provider: "claude" })).toBeNull();
    expect(await getUserModelKey({ db: createDb(env.DB), env, userId: a.id, provider: "claude" })).toBe(
      "good-a-secret-9999",
    );
  });

  it("cannot decrypt a ciphertext copied into another user's row", async () => {
    const a = await seedUser();
    const b = await seedUser();
    await setPlan(a.id, 2, Date.now() + 30 * DAY);
    await call("PUT", "/auth/external-models/grok", { token: a.token, body: { apiKey: "good-a-grok-1111" } });
    await env.DB.prepare(
      "INSERT INTO user_model_keys (user_id, provider, ciphertext, iv, last4) SELECT ?, provider, ciphertext, iv, last4 FROM user_model_keys WHERE user_id = ? AND provider = 'grok'",
    )
      .bind(b.id, a.id)
      .run();
    expect(await getUserModelKey({ db: createDb(env.DB), env, userId: b.id, provider: "grok" })).toBeNull();
  });

  it("needs a signed-in user", async () => {
    expect((await call("GET", "/auth/external-models")).status).toBe(401);
  });
});

// ---- auth-connected-apps -----------------------------------------------------------------------------------------
// Connected apps through OAuth 2 with PKCE against the fake authorization server: connect, callback, tokens sealed
// at rest, refresh, disconnect with revocation; the state is single-use and bound to its user.
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

// ---- auth-external-models ----------------------------------------------------------------------------------------
// Bring-your-own model keys: premium only, tried once against the provider (the fake speaks each one's auth),
// stored AES-GCM encrypted, shown as the last 4 characters, used only toward the provider's own host.
async function byokRequests(): Promise<any[]> {
  return (await (await fetch(`${env.FAKE_IDENTITY_URL}/byok/__requests`)).json()) as any[];
}

describe("/auth/external-models", () => {
  it("lists the seven providers, none connected", async () => {
    const u = await seedUser();
    const res = await call("GET", "/auth/external-models", { token: u.token });
    expect(res.status).toBe(200);
    const list = (await json(res)).data.providers;
    expect(list.map((p: any) => p.provider)).toEqual([...EXTERNAL_MODEL_PROVIDERS]);
    expect(list.every((p: any) => p.connected === false && p.last4 === null && p.available === false)).toBe(true);
  });

  it.each(EXTERNAL_MODEL_PROVIDERS)(
    "connects %s with a key the provider accepts, showing only its last 4",
    async (provider) => {
      const u = await premiumUser();
      const apiKey = `good-${provider}-${crypto.randomUUID()}`;
      const res = await call("PUT", `/auth/external-models/${provider}`, { token: u.token, body: { apiKey } });
      expect(res.status).toBe(200);
      const body = await json(res);
      expect(body.data).toMatchObject({ provider, connected: true, last4: apiKey.slice(-4) });
      expect(JSON.stringify(body)).not.toContain(apiKey.slice(0, -4));
      const listed = (await json(await call("GET", "/auth/external-models", { token: u.token }))).data.providers.find(
        (p: any) => p.provider === provider,
      );
      expect(listed).toMatchObject({ connected: true, last4: apiKey.slice(-4) });
      // The key went to that provider's host, in that provider's header.
      const seen = (await byokRequests()).filter((r) =>
        Object.values(r.headers).some((h) => typeof h === "string" && h.includes(apiKey)),
      );
      expect(seen).toHaveLength(1);
      expect(seen[0].provider).toBe(EXTERNAL_PROVIDERS[provider].operatorKey);
      // Stored encrypted: the row holds no trace of the key, and getUserModelKey gives it back.
      const row = await env.DB.prepare("SELECT * FROM user_model_keys WHERE user_id = ? AND provider = ?")
        .bind(u.id, provider)
        .first<any>();
      expect(JSON.stringify(row)).not.toContain(apiKey.slice(0, 20));
      expect(await getUserModelKey({ db: createDb(env.DB), env, userId: u.id, provider })).toBe(apiKey);
    },
  );

  it("uses each provider's own auth header", async () => {
    const u = await premiumUser();
    await call("PUT", "/auth/external-models/claude", { token: u.token, body: { apiKey: "good-claude-header" } });
    await call("PUT", "/auth/external-models/bard", { token: u.token, body: { apiKey: "good-bard-header" } });
    const reqs = await byokRequests();
    const claude = reqs.find((r) => r.headers["x-api-key"] === "good-claude-header");
    expect(claude).toMatchObject({ provider: "anthropic", method: "GET" });
    expect(claude.headers.authorization).toBeUndefined();
    expect(reqs.find((r) => r.headers["x-goog-api-key"] === "good-bard-header")).toMatchObject({ provider: "google" });
  });

  it("refuses a key the provider rejects with 400 model_key_rejected and stores nothing", async () => {
    const u = await premiumUser();
    for (const provider of ["grok", "claude", "bard"]) {
      const res = await call("PUT", `/auth/external-models/${provider}`, {
        token: u.token,
        body: { apiKey: "sk-bad-key-1234" },
      });
      expect(res.status).toBe(400);
      expect((await json(res)).code).toBe("model_key_rejected");
    }
    expect(await getUserModelKey({ db: createDb(env.DB), env, userId: u.id, provider: "grok" })).toBeNull();
  });

  it("answers 502 when the provider cannot say, and stores nothing", async () => {
    const u = await premiumUser();
    const res = await call("PUT", "/auth/external-models/deepseek", {
      token: u.token,
      body: { apiKey: "down-deepseek" },
    });
    expect(res.status).toBe(502);
    expect((await json(res)).code).toBe("provider_unavailable");
  });

  it.each([
    [{}, "API key is required"],
    [{ apiKey: "   " }, "API key is required"],
    [{ apiKey: "good key with spaces" }, "characters"],
    [{ apiKey: "good-\r\nX-Injected: 1" }, "characters"],
  ])("answers 400 for %j", async (body, message) => {
    const u = await premiumUser();
    const res = await call("PUT", "/auth/external-models/grok", { token: u.token, body });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toContain(message);
  });

  it("answers 400 for an unknown provider (no way to name a host)", async () => {
    const u = await premiumUser();
    const res = await call("PUT", "/auth/external-models/evil.example.com", {
      token: u.token,
      body: { apiKey: "good-x" },
    });
    expect(res.status).toBe(400);
  });

  it("refuses Free users with 403 premium_required before calling the provider", async () => {
    const u = await seedUser();
    const before = (await byokRequests()).length;
    const res = await call("PUT", "/auth/external-models/grok", { token: u.token, body: { apiKey: "good-free-user" } });
    expect(res.status).toBe(403);
    expect((await json(res)).code).toBe("premium_required");
    expect((await byokRequests()).length).toBe(before);
  });

  it("replaces a key, and disconnects", async () => {
    const u = await premiumUser();
    await call("PUT", "/auth/external-models/perplexity", { token: u.token, body: { apiKey: "good-first-AAAA" } });
    await call("PUT", "/auth/external-models/perplexity", { token: u.token, body: { apiKey: "good-second-BBBB" } });
    expect(await getUserModelKey({ db: createDb(env.DB), env, userId: u.id, provider: "perplexity" })).toBe(
      "good-second-BBBB",
    );
    expect((await call("DELETE", "/auth/external-models/perplexity", { token: u.token })).status).toBe(200);
    expect((await call("DELETE", "/auth/external-models/perplexity", { token: u.token })).status).toBe(404);
    expect(await getUserModelKey({ db: createDb(env.DB), env, userId: u.id, provider: "perplexity" })).toBeNull();
  });

  it("limits key checks to 10 per hour per user", async () => {
    const u = await premiumUser();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await call("PUT", "/auth/external-models/grok", { token: u.token, body: { apiKey: `bad-${i}` } })).status,
      );
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

// ---- auth-social -------------------------------------------------------------------------------------------------
const freshEmail = () => `social-${crypto.randomUUID().slice(0, 8)}@gmail.com`;

describe("POST /auth/google", () => {
  it("creates an account for a new Google identity and signs it in", async () => {
    const email = freshEmail();
    const res = await call("POST", "/auth/google", {
      body: { token: await googleToken({ sub: uniqueId(), email, name: "Lan Google" }) },
    });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.status).toBe("success");
    expect(body.data).toMatchObject({ isNewUser: true, user: { email, name: "Lan Google" } });
    expect(body.data.token).toBe(body.data.jwt_token);
    expect(body.data.sessionToken).toBe(body.data.session_token);
    expect((await call("GET", "/auth/me", { token: body.data.token })).status).toBe(200);
  });

  it("signs the same identity in again to the same account", async () => {
    const sub = uniqueId();
    const email = freshEmail();
    const first = await json(
      await call("POST", "/auth/google", { body: { token: await googleToken({ sub, email }) } }),
    );
    const again = await call("POST", "/auth/google", { body: { token: await googleToken({ sub, email }) } });
    expect(again.status).toBe(200);
    expect((await json(again)).data.user.id).toBe(first.data.user.id);
  });

  it.each([
    [
      "signed by a key not in Google's JWKS",
      async () => googleToken({ sub: uniqueId(), email: freshEmail() }, { rogue: true }),
    ],
    [
      "for another client id",
      async () => googleToken({ sub: uniqueId(), email: freshEmail(), aud: "someone-else.apps.googleusercontent.com" }),
    ],
    [
      "from another issuer",
      async () => googleToken({ sub: uniqueId(), email: freshEmail(), iss: "https://evil.example" }),
    ],
    [
      "expired",
      async () => googleToken({ sub: uniqueId(), email: freshEmail(), exp: Math.floor(Date.now() / 1000) - 60 }),
    ],
    ["not a JWT at all", async () => "not.a.jwt"],
  ])("refuses a token %s with 401 invalid_social_token", async (_name, make) => {
    const res = await call("POST", "/auth/google", { body: { token: await make() } });
    expect(res.status).toBe(401);
    expect((await json(res)).code).toBe("invalid_social_token");
  });

  it("answers 400 for a missing token", async () => {
    expect((await call("POST", "/auth/google", { body: {} })).status).toBe(400);
  });

  it("answers pending with requiresLinking (and no session) for the email of a password account", async () => {
    const u = await seedUser();
    const sub = uniqueId();
    const res = await call("POST", "/auth/google", { body: { token: await googleToken({ sub, email: u.email }) } });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({
      status: "pending",
      data: { requiresLinking: true, email: u.email, providerId: sub, provider: "google" },
    });
    expect(body.data.linkingToken).toBeTruthy();
    expect(body.data).not.toHaveProperty("token");
    expect(res.headers.getSetCookie().some((c) => c.startsWith("jwt_token="))).toBe(false);
  });

  it("does not match an account by an email Google has not verified", async () => {
    const u = await seedUser();
    const res = await call("POST", "/auth/google", {
      body: { token: await googleToken({ sub: uniqueId(), email: u.email, email_verified: false }) },
    });
    expect(res.status).toBe(400);
    expect((await json(res)).field).toBe("email");
  });
});

describe("POST /auth/link-account", () => {
  async function pendingFor(email: string, sub = uniqueId()) {
    const body = await json(await call("POST", "/auth/google", { body: { token: await googleToken({ sub, email }) } }));
    return body.data as { email: string; providerId: string; provider: string; linkingToken: string };
  }

  it("links the Google identity with the account's password, signs in, and later Google signs in directly", async () => {
    const u = await seedUser();
    const pending = await pendingFor(u.email);
    const res = await call("POST", "/auth/link-account", { body: { ...pending, password: u.password } });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.data.user.id).toBe(u.id);
    const direct = await call("POST", "/auth/google", {
      body: { token: await googleToken({ sub: pending.providerId, email: u.email }) },
    });
    expect((await json(direct)).data.user.id).toBe(u.id);
    const linked = await json(await call("GET", "/auth/linked-accounts", { token: body.data.token }));
    expect(linked.data.providers).toEqual([
      expect.objectContaining({ provider: "google", providerId: pending.providerId, email: u.email }),
    ]);
  });

  it("refuses a wrong password with 401 and links nothing", async () => {
    const u = await seedUser();
    const pending = await pendingFor(u.email);
    const res = await call("POST", "/auth/link-account", { body: { ...pending, password: "not the password" } });
    expect(res.status).toBe(401);
    const row = await env.DB.prepare("SELECT count(*) AS n FROM linked_accounts WHERE user_id = ?")
      .bind(u.id)
      .first<any>();
    expect(row.n).toBe(0);
  });

  it("refuses a providerId the client made up (no linking token for it)", async () => {
    const u = await seedUser();
    const pending = await pendingFor(u.email);
    const res = await call("POST", "/auth/link-account", {
      body: { ...pending, providerId: "attacker-controlled", password: u.password },
    });
    expect(res.status).toBe(401);
    expect((await json(res)).code).toBe("invalid_social_token");
  });

  it("refuses without a linking token, or with a forged one", async () => {
    const u = await seedUser();
    const pending = await pendingFor(u.email);
    expect(
      (
        await call("POST", "/auth/link-account", {
          body: { provider: "google", providerId: pending.providerId, email: u.email, password: u.password },
        })
      ).status,
    ).toBe(400);
    const forged = `${pending.linkingToken.slice(0, -4)}AAAA`;
    expect(
      (await call("POST", "/auth/link-account", { body: { ...pending, linkingToken: forged, password: u.password } }))
        .status,
    ).toBe(401);
  });

  it("counts wrong passwords against the sign-in failure limits", async () => {
    onTestFinished(holdTheClock());
    const u = await seedUser();
    const pending = await pendingFor(u.email);
    const headers = { "CF-Connecting-IP": "203.0.113.200" };
    for (let i = 0; i < 10; i++)
      await call("POST", "/auth/link-account", { body: { ...pending, password: `wrong ${i}` }, headers });
    expect(
      (await call("POST", "/auth/link-account", { body: { ...pending, password: u.password }, headers })).status,
    ).toBe(429);
  });
});

describe("POST /auth/facebook", () => {
  it("creates an account for a verified Facebook user", async () => {
    const email = freshEmail();
    const token = await facebookToken({ id: uniqueId(), name: "Minh FB", email });
    const res = await call("POST", "/auth/facebook", { body: { accessToken: token } });
    expect(res.status).toBe(201);
    expect((await json(res)).data.user).toMatchObject({ email, name: "Minh FB" });
  });

  it("refuses a token Facebook does not know, and one issued to another app", async () => {
    const bad = await call("POST", "/auth/facebook", { body: { accessToken: "EAAnot-a-real-token" } });
    expect(bad.status).toBe(401);
    expect((await json(bad)).code).toBe("invalid_social_token");
    const otherApp = await facebookToken({ id: uniqueId(), name: "X", email: freshEmail(), app_id: "another-app" });
    expect((await call("POST", "/auth/facebook", { body: { accessToken: otherApp } })).status).toBe(401);
  });

  it("answers pending for the email of a password account", async () => {
    const u = await seedUser();
    const id = uniqueId();
    const res = await call("POST", "/auth/facebook", {
      body: { accessToken: await facebookToken({ id, name: "U", email: u.email }) },
    });
    expect(await json(res)).toMatchObject({
      status: "pending",
      data: { requiresLinking: true, provider: "facebook", providerId: id, email: u.email },
    });
  });

  it("links a second provider to a password-less account by its verified email", async () => {
    const email = freshEmail();
    const g = await json(
      await call("POST", "/auth/google", { body: { token: await googleToken({ sub: uniqueId(), email }) } }),
    );
    const f = await call("POST", "/auth/facebook", {
      body: { accessToken: await facebookToken({ id: uniqueId(), name: "Same", email }) },
    });
    expect(f.status).toBe(200);
    expect((await json(f)).data.user.id).toBe(g.data.user.id);
  });
});

describe("GET /auth/linked-accounts and POST /auth/unlink-account", () => {
  it("never unlinks the last way to sign in", async () => {
    const email = freshEmail();
    const g = await json(
      await call("POST", "/auth/google", { body: { token: await googleToken({ sub: uniqueId(), email }) } }),
    );
    const res = await call("POST", "/auth/unlink-account", { token: g.data.token, body: { provider: "google" } });
    expect(res.status).toBe(409);
    expect((await json(res)).code).toBe("last_sign_in_method");
    const list = await json(await call("GET", "/auth/linked-accounts", { token: g.data.token }));
    expect(list.data).toMatchObject({
      has_password: false,
      providers: [expect.objectContaining({ provider: "google" })],
    });
  });

  it("unlinks when a password remains, and answers 404 for a provider not linked", async () => {
    const u = await seedUser();
    const sub = uniqueId();
    const pending = (
      await json(await call("POST", "/auth/google", { body: { token: await googleToken({ sub, email: u.email }) } }))
    ).data;
    await call("POST", "/auth/link-account", { body: { ...pending, password: u.password } });
    expect(
      (await call("POST", "/auth/unlink-account", { token: u.token, body: { provider: "facebook" } })).status,
    ).toBe(404);
    const res = await call("POST", "/auth/unlink-account", { token: u.token, body: { provider: "google" } });
    expect(res.status).toBe(200);
    expect((await json(await call("GET", "/auth/linked-accounts", { token: u.token }))).data.providers).toEqual([]);
    // Unlinked, the Google identity no longer signs in: it is pending again.
    const again = await json(
      await call("POST", "/auth/google", { body: { token: await googleToken({ sub, email: u.email }) } }),
    );
    expect(again.status).toBe("pending");
  });

  it("answers 400 for an unknown provider and 401 without a session", async () => {
    const u = await seedUser();
    expect((await call("POST", "/auth/unlink-account", { token: u.token, body: { provider: "myspace" } })).status).toBe(
      400,
    );
    expect((await call("GET", "/auth/linked-accounts")).status).toBe(401);
  });
});

describe("providers not configured", () => {
  it("answers 400 provider_not_configured without a Google client id or Facebook app", async () => {
    const { app } = await import("../../../worker/app");
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
    const bare = { ...env, GOOGLE_CLIENT_ID: "", FACEBOOK_APP_ID: "" };
    const post = (path: string, body: unknown) =>
      app.request(
        `https://may.test${path}`,
        { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) },
        bare,
        ctx,
      );
    for (const res of [
      await post("/auth/google", { token: "x.y.z" }),
      await post("/auth/facebook", { accessToken: "EAAx" }),
    ]) {
      expect(res.status).toBe(400);
      expect((await json(res)).code).toBe("provider_not_configured");
    }
  });

  it("answers 502 provider_unavailable when Google's keys cannot be fetched", async () => {
    const { app } = await import("../../../worker/app");
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
    const down = { ...env, GOOGLE_JWKS_URL: `${env.FAKE_IDENTITY_URL}/nothing-here` };
    const token = await googleToken({ sub: uniqueId(), email: freshEmail() });
    const res = await app.request(
      "https://may.test/auth/google",
      { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token }) },
      down,
      ctx,
    );
    expect(res.status).toBe(502);
    expect((await json(res)).code).toBe("provider_unavailable");
  });
});

describe("POST /auth/linked-accounts (linking from Settings)", () => {
  it("links a Google identity with a different email to the signed-in account, after the password", async () => {
    const u = await seedUser();
    const sub = uniqueId();
    const token = await googleToken({ sub, email: freshEmail() });
    const wrong = await call("POST", "/auth/linked-accounts", {
      token: u.token,
      body: { provider: "google", token, password: "nope" },
    });
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).code).toBe("incorrect_password");
    const res = await call("POST", "/auth/linked-accounts", {
      token: u.token,
      body: { provider: "google", token, password: u.password },
    });
    expect(res.status).toBe(200);
    expect((await json(res)).data.providers).toEqual([
      expect.objectContaining({ provider: "google", providerId: sub }),
    ]);
    const viaGoogle = await json(
      await call("POST", "/auth/google", { body: { token: await googleToken({ sub, email: freshEmail() }) } }),
    );
    expect(viaGoogle.data.user.id).toBe(u.id);
  });

  it("refuses an identity that belongs to another user", async () => {
    const email = freshEmail();
    const sub = uniqueId();
    await call("POST", "/auth/google", { body: { token: await googleToken({ sub, email }) } });
    const u = await seedUser();
    const res = await call("POST", "/auth/linked-accounts", {
      token: u.token,
      body: { provider: "google", token: await googleToken({ sub, email }), password: u.password },
    });
    expect(res.status).toBe(409);
    expect((await json(res)).code).toBe("already_linked");
  });

  it("links Facebook to a password-less account without a password", async () => {
    const g = await json(
      await call("POST", "/auth/google", {
        body: { token: await googleToken({ sub: uniqueId(), email: freshEmail() }) },
      }),
    );
    const accessToken = await facebookToken({ id: uniqueId(), name: "F", email: freshEmail() });
    const res = await call("POST", "/auth/linked-accounts", {
      token: g.data.token,
      body: { provider: "facebook", accessToken },
    });
    expect(res.status).toBe(200);
    expect((await json(res)).data.providers.map((p: any) => p.provider).sort()).toEqual(["facebook", "google"]);
    // Now Google can be unlinked: Facebook remains.
    expect(
      (await call("POST", "/auth/unlink-account", { token: g.data.token, body: { provider: "google" } })).status,
    ).toBe(200);
  });

  it("answers 400 without the provider's token", async () => {
    const u = await seedUser();
    const res = await call("POST", "/auth/linked-accounts", {
      token: u.token,
      body: { provider: "facebook", password: u.password },
    });
    expect(res.status).toBe(400);
    expect((await json(res)).field).toBe("accessToken");
  });
});
