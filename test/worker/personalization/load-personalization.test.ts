// Settings and memories as stored, through the routes, reach the personalization the chat turn will use.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "../../../worker/db/client";
import { personalizationFor } from "../../../worker/personalization/load-personalization";
import { AI_STYLE_SPECS } from "../../../worker/personalization/styles";
import { call, registerUser, setPlan } from "../../support/api";

describe("personalizationFor", () => {
  it("is empty for a new user", async () => {
    const u = await registerUser();
    expect(await personalizationFor({ db: createDb(env.DB), userId: u.id, premium: false })).toEqual({ system: "" });
  });

  it("carries the instruction, the style for premium only, the memories and the persona", async () => {
    const u = await registerUser();
    await setPlan(u.id, 1, Date.now() + 86_400_000);
    await call("POST", "/auth/update-chat-customization", { token: u.token, body: { customization: "Call me Minh." } });
    await call("PATCH", "/auth/update-ai-settings", { token: u.token, body: { ai_style: "accurate" } });
    await call("POST", "/auth/memories", { token: u.token, body: { content: "Works as a nurse" } });
    const db = createDb(env.DB);
    const premium = await personalizationFor({ db, userId: u.id, premium: true, persona: "market-analyst" });
    expect(premium.system).toContain("market analyst");
    expect(premium.system).toContain("Call me Minh.");
    expect(premium.system).toContain("- Works as a nurse");
    expect(premium.temperature).toBe(AI_STYLE_SPECS.accurate.temperature);
    // The plan lapsed: the stored style no longer applies.
    const lapsed = await personalizationFor({ db, userId: u.id, premium: false });
    expect(lapsed.system).not.toContain("Style: accurate");
    expect(lapsed.temperature).toBeUndefined();
    await call("PATCH", "/auth/update-ai-settings", { token: u.token, body: { memory_enabled: false } });
    expect((await personalizationFor({ db, userId: u.id, premium: true })).system).not.toContain("nurse");
  });
});
