// One user's model keys are never another's: not listed, not decryptable from another row, not deletable.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "../../../worker/db/client";
import { getUserModelKey } from "../../../worker/db/model-keys";
import { call, json, seedUser, setPlan } from "../../support/api";

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
