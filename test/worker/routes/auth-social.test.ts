// Google and Facebook sign-in against the fake identity server (real JWKS / Graph API formats), pending links that
// need the account's password, linked accounts and unlinking.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, json, seedUser } from "../../support/api";
import { facebookToken, googleToken, uniqueId } from "../accounts/social-helpers";

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
