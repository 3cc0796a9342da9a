// Rotating JWT_SECRET and MODEL_KEYS_SECRET (README, "Rotating secrets") with the old value kept as *_PREVIOUS:
// sessions signed with the old JWT secret stay valid until they expire while new ones carry the new key id; codes,
// links and cookies made under the old secret still check; model keys and connected-app tokens sealed before the
// rotation (with the old key id, or with none, as stored before key ids existed) still open, are sealed again under
// the new secret when used, and resealAllModelKeys seals every remaining one; new values are sealed under the new key.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { sign } from "hono/jwt";
import { describe, expect, it, onTestFinished } from "vitest";
import { signSessionJwt } from "../../../worker/auth/tokens";
import { readLinkingToken, signLinkingToken } from "../../../worker/auth/social";
import { keyIdOf } from "../../../worker/crypto/key-id";
import { toBase64 } from "../../../worker/crypto/base64";
import { open, packSealed, type Sealed, seal, sealedKeyId } from "../../../worker/crypto/secret-box";
import { appTokenBound, readAppTokens } from "../../../worker/db/accounts-apps";
import { createDb } from "../../../worker/db/client";
import { getUserModelKey, modelKeyBound } from "../../../worker/db/model-keys";
import { resealAllModelKeys } from "../../../worker/db/reseal-secrets";
import worker from "../../../worker/index";
import {
  answerInUserHub,
  call,
  eventually,
  expectError,
  holdTheClock,
  inUserHub,
  json,
  makeChat,
  ORIGIN,
  premiumUser,
  seedUser,
  type TestUser,
} from "../../support/api";
import { FAKE_OK_TEXT } from "../../support/fake-upstream-scenarios";
import { requestsWithKey } from "../models/model-helpers";
import { latestCode } from "../accounts/helpers";

const randomHexKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, "0")).join("");

/** One call to the worker with these bindings (the test's own, with the secrets of a rotation). */
async function callWith(
  bindings: Env,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<Response> {
  const headers = new Headers();
  if (opts.token) headers.set("Authorization", `Bearer ${opts.token}`);
  if (opts.body !== undefined) headers.set("Content-Type", "application/json");
  return worker.fetch(
    new Request(ORIGIN + path, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    }),
    bindings,
    createExecutionContext(),
  );
}

const sessionOf = (u: TestUser) => JSON.parse(atob(u.token.split(".")[1]!)) as { sid: string; exp: number };
const headerOf = (token: string) => JSON.parse(atob(token.split(".")[0]!.replace(/-/g, "+").replace(/_/g, "/")));

// ---- JWT_SECRET --------------------------------------------------------------------------------------------------

describe("rotating JWT_SECRET", () => {
  const OLD = `old-jwt-${crypto.randomUUID()}`;
  const NEW = `new-jwt-${crypto.randomUUID()}`;
  const before: Env = { ...env, JWT_SECRET: OLD, JWT_SECRET_PREVIOUS: "" };
  const rotated: Env = { ...env, JWT_SECRET: NEW, JWT_SECRET_PREVIOUS: OLD };
  const oldDropped: Env = { ...env, JWT_SECRET: NEW, JWT_SECRET_PREVIOUS: "" };

  /** The user's session signed with `secret` the way the worker signs it. */
  async function tokenUnder(u: TestUser, secret: string) {
    const { sid, exp } = sessionOf(u);
    return signSessionJwt({ JWT_SECRET: secret }, u.id, sid, exp * 1000);
  }

  it("keeps a session signed with the old secret valid, names its key, and drops it with the old secret", async () => {
    const u = await seedUser();
    const token = await tokenUnder(u, OLD);
    expect(headerOf(token)).toMatchObject({ alg: "HS256", typ: "JWT", kid: await keyIdOf("session-jwt", OLD) });
    expect((await callWith(before, "GET", "/auth/me", { token })).status).toBe(200);
    expect((await callWith(rotated, "GET", "/auth/me", { token })).status).toBe(200);
    await expectError(await callWith(oldDropped, "GET", "/auth/me", { token }), 401);
  });

  it("signs new sessions with the new secret, which need no previous one", async () => {
    const u = await seedUser();
    const res = await callWith(rotated, "POST", "/auth/login", { body: { email: u.email, password: u.password } });
    expect(res.status).toBe(200);
    const { token } = (await json(res)).data;
    expect(headerOf(token).kid).toBe(await keyIdOf("session-jwt", NEW));
    expect(headerOf(token).kid).not.toBe(await keyIdOf("session-jwt", OLD));
    expect((await callWith(oldDropped, "GET", "/auth/me", { token })).status).toBe(200);
    await expectError(await callWith(before, "GET", "/auth/me", { token }), 401);
  });

  it("accepts a session signed before key ids existed (no kid) under the current or the previous secret", async () => {
    const u = await seedUser();
    const { sid, exp } = sessionOf(u);
    const legacy = await sign({ sub: u.id, sid, iat: Math.floor(Date.now() / 1000), exp }, OLD, "HS256");
    expect(headerOf(legacy).kid).toBeUndefined();
    expect((await callWith(before, "GET", "/auth/me", { token: legacy })).status).toBe(200);
    expect((await callWith(rotated, "GET", "/auth/me", { token: legacy })).status).toBe(200);
    await expectError(await callWith(oldDropped, "GET", "/auth/me", { token: legacy }), 401);
  });

  it("refuses a token whose kid names the other secret than the one that signed it", async () => {
    const u = await seedUser();
    const { sid, exp } = sessionOf(u);
    const lying = await sign(
      { sub: u.id, sid, iat: Math.floor(Date.now() / 1000), exp },
      { kty: "oct", k: btoa(OLD).replace(/=+$/, ""), alg: "HS256", kid: await keyIdOf("session-jwt", NEW) },
      "HS256",
    );
    await expectError(await callWith(rotated, "GET", "/auth/me", { token: lying }), 401);
  });

  it("still accepts a reset code mailed before the rotation, and not once the old secret is gone", async () => {
    const u = await seedUser();
    expect((await callWith(before, "POST", "/auth/forgot-password", { body: { email: u.email } })).status).toBe(200);
    const code = await latestCode(u.email);
    const reset = (bindings: Env) =>
      callWith(bindings, "POST", "/auth/reset-password", {
        body: { email: u.email, code, newPassword: "a brand new password" },
      });
    await expectError(await reset(oldDropped), 400, "invalid_code");
    expect((await reset(rotated)).status).toBe(200);
  });

  it("still reads a social linking token issued before the rotation", async () => {
    const identity = {
      provider: "google" as const,
      providerId: "g-123",
      email: "linker@example.com",
      name: "Linker",
      picture: null,
    };
    const token = await signLinkingToken({ JWT_SECRET: OLD }, identity);
    expect(await readLinkingToken(rotated, token)).toMatchObject({ providerId: "g-123", email: "linker@example.com" });
    await expect(readLinkingToken(oldDropped, token)).rejects.toMatchObject({ code: "invalid_social_token" });
  });

  it("keeps a trusted-device cookie issued before the rotation trusted", async () => {
    // the failure budget eases with time (a sliding 15-minute window): every attempt at one moment
    onTestFinished(holdTheClock());
    const u = await seedUser();
    const res = await callWith(before, "POST", "/auth/login", { body: { email: u.email, password: u.password } });
    const cookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith("may_device="))!
      .split(";")[0]!;
    // Ten wrong passwords from one address use up its budget for the account; the owner's browser still gets in.
    const attempt = (bindings: Env, password: string, withCookie: boolean) =>
      worker.fetch(
        new Request(`${ORIGIN}/auth/login`, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "CF-Connecting-IP": "203.0.113.99",
            ...(withCookie ? { Cookie: cookie } : {}),
          },
          body: JSON.stringify({ email: u.email, password }),
        }),
        bindings,
        createExecutionContext(),
      );
    for (let i = 0; i < 10; i++) await (await attempt(rotated, `wrong ${i}`, false)).text();
    expect((await attempt(rotated, u.password, false)).status).toBe(429);
    expect((await attempt(oldDropped, u.password, true)).status).toBe(429);
    expect((await attempt(rotated, u.password, true)).status).toBe(200);
  });
});

// ---- MODEL_KEYS_SECRET -------------------------------------------------------------------------------------------

/** A value sealed as it was before key ids existed: AES-GCM under the raw secret, no "<key id>:" before the bytes. */
async function sealLegacy(secretHex: string, plaintext: string, boundTo: string): Promise<Sealed> {
  const raw = Uint8Array.from(secretHex.match(/../g)!.map((h) => parseInt(h, 16)));
  const key = await crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt"]);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: new TextEncoder().encode(boundTo) },
    key,
    new TextEncoder().encode(plaintext),
  );
  return { iv: toBase64(iv), ciphertext: toBase64(new Uint8Array(ct)) };
}

async function storeModelKey(userId: string, provider: string, sealed: Sealed) {
  await env.DB.prepare(
    "INSERT OR REPLACE INTO user_model_keys (user_id, provider, ciphertext, iv, last4, created_at) VALUES (?, ?, ?, ?, 'xxxx', ?)",
  )
    .bind(userId, provider, sealed.ciphertext, sealed.iv, Date.now())
    .run();
}

async function storedModelKey(userId: string, provider: string): Promise<Sealed> {
  const row = await env.DB.prepare("SELECT iv, ciphertext FROM user_model_keys WHERE user_id = ? AND provider = ?")
    .bind(userId, provider)
    .first<Sealed>();
  if (!row) throw new Error("no stored key");
  return row;
}

async function boxKeyId(secretHex: string) {
  return keyIdOf("model-keys", Uint8Array.from(secretHex.match(/../g)!.map((h) => parseInt(h, 16))));
}

describe("rotating MODEL_KEYS_SECRET", () => {
  const OLD = env.MODEL_KEYS_SECRET!;
  const NEW = randomHexKey();
  const rotated: Env = { ...env, MODEL_KEYS_SECRET: NEW, MODEL_KEYS_SECRET_PREVIOUS: OLD };
  const oldDropped: Env = { ...env, MODEL_KEYS_SECRET: NEW, MODEL_KEYS_SECRET_PREVIOUS: "" };
  const db = createDb(env.DB);

  it("seals new values under the new key, named by its key id", async () => {
    const sealed = await seal(rotated, "sk-new", "place");
    expect(sealedKeyId(sealed)).toBe(await boxKeyId(NEW));
    expect(await open(oldDropped, sealed, "place")).toBe("sk-new");
    expect(await open({ MODEL_KEYS_SECRET: OLD }, sealed, "place")).toBeNull();
  });

  it("opens values sealed under the old key, with its key id or with none, while the old key is kept", async () => {
    const u = await seedUser();
    await storeModelKey(u.id, "grok", await sealLegacy(OLD, "sk-legacy", modelKeyBound(u.id, "grok")));
    await storeModelKey(
      u.id,
      "claude",
      await seal({ MODEL_KEYS_SECRET: OLD }, "sk-old", modelKeyBound(u.id, "claude")),
    );
    expect(sealedKeyId(await storedModelKey(u.id, "grok"))).toBeNull();
    expect(sealedKeyId(await storedModelKey(u.id, "claude"))).toBe(await boxKeyId(OLD));
    // before the rotation, and after it with the old key kept
    for (const bindings of [env, rotated]) {
      expect(await getUserModelKey({ db, env: bindings, userId: u.id, provider: "grok" })).toBe("sk-legacy");
      expect(await getUserModelKey({ db, env: bindings, userId: u.id, provider: "claude" })).toBe("sk-old");
    }
    expect(await getUserModelKey({ db, env: oldDropped, userId: u.id, provider: "claude" })).toBeNull();
  });

  it("seals a model key again under the new key when a turn uses it, and the user's object takes the new value", async () => {
    const u = await premiumUser();
    const apiKey = `good-${crypto.randomUUID()}`;
    // connected before the rotation, under the old key (the test configuration's)
    expect((await call("PUT", "/auth/external-models/grok", { token: u.token, body: { apiKey } })).status).toBe(200);
    expect(sealedKeyId(await storedModelKey(u.id, "grok"))).toBe(await boxKeyId(OLD));
    const onFake: Env = {
      ...rotated,
      EXTERNAL_MODEL_BASE_URLS: JSON.stringify({ xai: `${env.FAKE_UPSTREAM_URL}/xai` }),
    };
    const { events } = await answerInUserHub(
      u,
      { endpoint: "ext-grok", chatId: await makeChat(u.id), question: "Hi" },
      onFake,
    );
    expect(
      events
        .filter((e) => e.content)
        .map((e) => e.content)
        .join(""),
    ).toBe(FAKE_OK_TEXT);
    expect((await requestsWithKey(apiKey)).length).toBe(1);
    const newId = await boxKeyId(NEW);
    await eventually(async () => sealedKeyId(await storedModelKey(u.id, "grok")) === newId);
    await eventually(() =>
      inUserHub(u.id, (hub) =>
        hub.state.personalization.get().modelKeys.every((k) => k.ciphertext.startsWith(`${newId}:`)),
      ),
    );
    // the old key can go: the next turn opens the key under the new one alone
    const next = await answerInUserHub(
      u,
      { endpoint: "ext-grok", chatId: await makeChat(u.id), question: "Again" },
      { ...onFake, MODEL_KEYS_SECRET_PREVIOUS: "" },
    );
    expect(
      next.events
        .filter((e) => e.content)
        .map((e) => e.content)
        .join(""),
    ).toBe(FAKE_OK_TEXT);
    expect((await requestsWithKey(apiKey)).length).toBe(2);
  });

  it("seals a connected app's tokens again under the new key when they are read for use", async () => {
    const u = await seedUser();
    const sealed = (plain: string, kind: "access" | "refresh") =>
      sealLegacy(OLD, plain, appTokenBound(u.id, "google-drive", kind)).then(packSealed);
    await env.DB.prepare(
      "INSERT INTO connected_apps (user_id, app, access_token, refresh_token, expires_at, scope) VALUES (?, 'google-drive', ?, ?, NULL, 'drive')",
    )
      .bind(u.id, await sealed("at-1", "access"), await sealed("rt-1", "refresh"))
      .run();
    expect(await readAppTokens({ db, env: rotated, userId: u.id, app: "google-drive" })).toMatchObject({
      accessToken: "at-1",
      refreshToken: "rt-1",
    });
    expect(await readAppTokens({ db, env: oldDropped, userId: u.id, app: "google-drive" })).toMatchObject({
      accessToken: "at-1",
      refreshToken: "rt-1",
    });
  });

  it("reseals every remaining value with resealAllModelKeys, leaves what no key opens, and tells the users' objects", async () => {
    const legacyUser = await seedUser();
    const oldUser = await seedUser();
    const currentUser = await seedUser();
    const lostUser = await seedUser();
    const appUser = await seedUser();
    await storeModelKey(legacyUser.id, "grok", await sealLegacy(OLD, "k-legacy", modelKeyBound(legacyUser.id, "grok")));
    await storeModelKey(
      oldUser.id,
      "claude",
      await seal({ MODEL_KEYS_SECRET: OLD }, "k-old", modelKeyBound(oldUser.id, "claude")),
    );
    await storeModelKey(
      currentUser.id,
      "grok",
      await seal(rotated, "k-current", modelKeyBound(currentUser.id, "grok")),
    );
    const lost = await seal({ MODEL_KEYS_SECRET: randomHexKey() }, "k-lost", modelKeyBound(lostUser.id, "grok"));
    await storeModelKey(lostUser.id, "grok", lost);
    const currentBefore = await storedModelKey(currentUser.id, "grok");
    await env.DB.prepare(
      "INSERT INTO connected_apps (user_id, app, access_token, refresh_token, expires_at, scope) VALUES (?, 'onedrive', ?, NULL, NULL, 'files')",
    )
      .bind(
        appUser.id,
        packSealed(await seal({ MODEL_KEYS_SECRET: OLD }, "at-2", appTokenBound(appUser.id, "onedrive", "access"))),
      )
      .run();
    // the objects hold their users' keys as they are now
    for (const u of [legacyUser, oldUser]) await inUserHub(u.id, (hub) => hub.settingsChanged());

    const report = await resealAllModelKeys(rotated, db);
    expect(report.modelKeys.resealed).toBeGreaterThanOrEqual(2);
    expect(report.modelKeys.unreadable).toBeGreaterThanOrEqual(1);
    expect(report.appTokens.resealed).toBeGreaterThanOrEqual(1);

    const newId = await boxKeyId(NEW);
    expect(sealedKeyId(await storedModelKey(legacyUser.id, "grok"))).toBe(newId);
    expect(sealedKeyId(await storedModelKey(oldUser.id, "claude"))).toBe(newId);
    expect(await storedModelKey(currentUser.id, "grok")).toEqual(currentBefore);
    expect(await storedModelKey(lostUser.id, "grok")).toEqual(lost);
    expect(await getUserModelKey({ db, env: oldDropped, userId: legacyUser.id, provider: "grok" })).toBe("k-legacy");
    expect(await getUserModelKey({ db, env: oldDropped, userId: oldUser.id, provider: "claude" })).toBe("k-old");
    expect(await readAppTokens({ db, env: oldDropped, userId: appUser.id, app: "onedrive" })).toMatchObject({
      accessToken: "at-2",
      refreshToken: null,
    });
    for (const u of [legacyUser, oldUser]) {
      const kept = await inUserHub(u.id, (hub) => hub.state.personalization.get().modelKeys);
      expect(kept.map((k) => sealedKeyId(k))).toEqual([newId]);
    }

    // Run again: nothing left to do but the value no key opens.
    const again = await resealAllModelKeys(rotated, db);
    expect(again.modelKeys.resealed).toBe(0);
    expect(again.appTokens.resealed).toBe(0);
  });
});
