// The console's "re-seal all secrets" action (POST /admin/api/secrets/reseal, worker/routes/admin.ts): every model key
// still sealed without the current key id is sealed again under the current MODEL_KEYS_SECRET, and the audit log keeps
// who ran it and what it did. The re-sealing itself is tested in key-rotation.test.ts.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { keyIdOf } from "../../../worker/crypto/key-id";
import { toBase64 } from "../../../worker/crypto/base64";
import { sealedKeyId } from "../../../worker/crypto/secret-box";
import { modelKeyBound } from "../../../worker/db/model-keys";
import { call, json, seedUser } from "../../support/api";

const secretBytes = (hex: string) => Uint8Array.from(hex.match(/../g)!.map((h) => parseInt(h, 16)));

/** A model key sealed as before key ids existed: AES-GCM under the raw secret, no "<key id>:" before the bytes. */
async function storeLegacyKey(userId: string, provider: string, plaintext: string) {
  const key = await crypto.subtle.importKey("raw", secretBytes(env.MODEL_KEYS_SECRET!), "AES-GCM", false, ["encrypt"]);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: new TextEncoder().encode(modelKeyBound(userId, provider)) },
    key,
    new TextEncoder().encode(plaintext),
  );
  await env.DB.prepare(
    "INSERT INTO user_model_keys (user_id, provider, ciphertext, iv, last4, created_at) VALUES (?, ?, ?, ?, 'xxxx', ?)",
  )
    .bind(userId, provider, toBase64(new Uint8Array(ct)), toBase64(iv), Date.now())
    .run();
}

afterEach(() => {
  env.ADMIN_EMAILS = "";
});

describe("re-sealing all secrets from the console", () => {
  it("seals a key left under no key id again under the current one and writes the audit row", async () => {
    const op = await seedUser();
    env.ADMIN_EMAILS = op.email;
    const u = await seedUser();
    await storeLegacyKey(u.id, "grok", "sk-legacy");

    const res = await call("POST", "/admin/api/secrets/reseal", { token: op.token, sessionToken: op.sessionToken });
    expect(res.status).toBe(200);
    const report = (await json(res)).data;
    expect(report.modelKeys.resealed).toBeGreaterThanOrEqual(1);

    const row = await env.DB.prepare(
      "SELECT iv, ciphertext FROM user_model_keys WHERE user_id = ? AND provider = 'grok'",
    )
      .bind(u.id)
      .first<{ iv: string; ciphertext: string }>();
    expect(sealedKeyId(row!)).toBe(await keyIdOf("model-keys", secretBytes(env.MODEL_KEYS_SECRET!)));

    const audit = (await json(await call("GET", "/admin/api/audit?limit=1", { token: op.token }))).data[0];
    expect(audit).toMatchObject({
      action: "reseal_secrets",
      adminId: op.id,
      target: "secret:MODEL_KEYS_SECRET",
      after: { modelKeys: { resealed: report.modelKeys.resealed } },
    });
  });
});
