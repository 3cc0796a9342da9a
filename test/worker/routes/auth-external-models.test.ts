// Bring-your-own model keys: premium only, tried once against the provider (the fake speaks each one's auth),
// stored AES-GCM encrypted, shown as the last 4 characters, used only toward the provider's own host.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "../../../worker/db/client";
import { getUserModelKey } from "../../../worker/db/model-keys";
import { EXTERNAL_PROVIDERS } from "../../../worker/external-models/providers";
import { EXTERNAL_MODEL_PROVIDERS } from "../../../worker/protocol/settings";
import { call, json, premiumUser, seedUser } from "../../support/api";

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
