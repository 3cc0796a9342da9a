// AI settings (defaults, custom instruction limit, premium-only styles) and remembered facts.
import { describe, expect, it } from "vitest";
import { CUSTOM_INSTRUCTION_MAX_CHARS } from "../../../worker/protocol/settings";
import { call, inUserHub, json, seedUser, setPlan } from "../../support/api";

const DAY = 24 * 60 * 60 * 1000;

describe("GET /auth/ai-settings", () => {
  it("answers the spec's defaults for a new user", async () => {
    const u = await seedUser();
    const res = await call("GET", "/auth/ai-settings", { token: u.token });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toEqual({
      chat_customization: "",
      enable_search: true,
      enable_ai_custom: true,
      allow_new_chats: true,
      ai_style: null,
      memory_enabled: true,
      custom_instruction_max_chars: CUSTOM_INSTRUCTION_MAX_CHARS,
    });
  });

  it("needs a signed-in user", async () => {
    expect((await call("GET", "/auth/ai-settings")).status).toBe(401);
  });
});

describe("PATCH /auth/update-ai-settings", () => {
  it("changes only the fields sent and keeps them", async () => {
    const u = await seedUser();
    const res = await call("PATCH", "/auth/update-ai-settings", {
      token: u.token,
      body: { enable_search: false, memory_enabled: false },
    });
    expect(res.status).toBe(200);
    await call("PATCH", "/auth/update-ai-settings", {
      token: u.token,
      body: { chat_customization: "Answer briefly." },
    });
    const data = (await json(await call("GET", "/auth/ai-settings", { token: u.token }))).data;
    expect(data).toMatchObject({
      enable_search: false,
      memory_enabled: false,
      chat_customization: "Answer briefly.",
      enable_ai_custom: true,
    });
  });

  it("refuses an AI style to a Free user with 403 premium_required, and lets a premium user pick one", async () => {
    const u = await seedUser();
    const free = await call("PATCH", "/auth/update-ai-settings", {
      token: u.token,
      body: { ai_style: "creativeLite" },
    });
    expect(free.status).toBe(403);
    expect((await json(free)).code).toBe("premium_required");
    await setPlan(u.id, 1, Date.now() + 30 * DAY);
    const paid = await call("PATCH", "/auth/update-ai-settings", {
      token: u.token,
      body: { ai_style: "creativeLite" },
    });
    expect(paid.status).toBe(200);
    expect((await json(paid)).data.ai_style).toBe("creativeLite");
    // Clearing the style is always allowed.
    await setPlan(u.id, 0, null);
    const cleared = await call("PATCH", "/auth/update-ai-settings", { token: u.token, body: { ai_style: null } });
    expect((await json(cleared)).data.ai_style).toBeNull();
  });

  it("treats an expired plan as Free", async () => {
    const u = await seedUser();
    await setPlan(u.id, 2, Date.now() - DAY);
    expect(
      (await call("PATCH", "/auth/update-ai-settings", { token: u.token, body: { ai_style: "accurate" } })).status,
    ).toBe(403);
  });

  it.each([
    [{ ai_style: "wild" }, "ai_style"],
    [{ enable_search: "yes" }, "enable_search"],
    [{ chat_customization: "x".repeat(CUSTOM_INSTRUCTION_MAX_CHARS + 1) }, "chat_customization"],
  ])("answers 400 for %j", async (body, field) => {
    const u = await seedUser();
    const res = await call("PATCH", "/auth/update-ai-settings", { token: u.token, body });
    expect(res.status).toBe(400);
    expect((await json(res)).field).toBe(field);
  });

  it("counts the limit in characters: 1,500 emoji fit", async () => {
    const u = await seedUser();
    const res = await call("PATCH", "/auth/update-ai-settings", {
      token: u.token,
      body: { chat_customization: "🙂".repeat(CUSTOM_INSTRUCTION_MAX_CHARS) },
    });
    expect(res.status).toBe(200);
  });
});

describe("POST /auth/update-chat-customization", () => {
  it("saves the instruction and the 'allow for new chats' switch", async () => {
    const u = await seedUser();
    const res = await call("POST", "/auth/update-chat-customization", {
      token: u.token,
      body: { customization: "Call me Lan.", allow_new_chats: false },
    });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toMatchObject({
      chat_customization: "Call me Lan.",
      allow_new_chats: false,
      enable_search: true,
    });
    const alt = await call("POST", "/auth/update-chat-customization", {
      token: u.token,
      body: { chat_customization: "Be brief." },
    });
    expect((await json(alt)).data).toMatchObject({ chat_customization: "Be brief.", allow_new_chats: false });
  });

  it("refuses an instruction over the limit", async () => {
    const u = await seedUser();
    const res = await call("POST", "/auth/update-chat-customization", {
      token: u.token,
      body: { customization: "a".repeat(1501) },
    });
    expect(res.status).toBe(400);
  });
});

describe("/auth/memories", () => {
  it("adds, lists and deletes remembered facts", async () => {
    const u = await seedUser();
    const a = await json(
      await call("POST", "/auth/memories", { token: u.token, body: { content: "Lives in Hà Nội" } }),
    );
    await call("POST", "/auth/memories", { token: u.token, body: { content: "Is learning English" } });
    const list = (await json(await call("GET", "/auth/memories", { token: u.token }))).data;
    expect(list.limit).toBe(20);
    expect(list.memories.map((m: any) => m.content)).toEqual(["Lives in Hà Nội", "Is learning English"]);
    expect((await call("DELETE", `/auth/memories/${a.data.id}`, { token: u.token })).status).toBe(200);
    expect((await json(await call("GET", "/auth/memories", { token: u.token }))).data.memories).toHaveLength(1);
    expect((await json(await call("DELETE", "/auth/memories", { token: u.token }))).data.deleted).toBe(1);
    expect((await json(await call("GET", "/auth/memories", { token: u.token }))).data.memories).toHaveLength(0);
  });

  it("stops at the plan's limit with 403", async () => {
    const u = await seedUser();
    for (let i = 0; i < 20; i++)
      expect((await call("POST", "/auth/memories", { token: u.token, body: { content: `fact ${i}` } })).status).toBe(
        201,
      );
    const full = await call("POST", "/auth/memories", { token: u.token, body: { content: "one more" } });
    expect(full.status).toBe(403);
    expect((await json(full)).code).toBe("quota_exhausted");
  });

  it("answers 400 for an empty fact", async () => {
    const u = await seedUser();
    expect((await call("POST", "/auth/memories", { token: u.token, body: { content: "  " } })).status).toBe(400);
  });
});

describe("settings reach the user's object for the next answer", () => {
  it("after each write through the routes", async () => {
    const u = await seedUser();
    await call("POST", "/auth/update-chat-customization", {
      token: u.token,
      body: { customization: "Speak like a poet." },
    });
    const fact = (
      await json(await call("POST", "/auth/memories", { token: u.token, body: { content: "Has a cat named Mướp" } }))
    ).data;
    let kept = await inUserHub(u.id, (hub) => hub.state.personalization());
    expect(kept.settings.chatCustomization).toBe("Speak like a poet.");
    expect(kept.memories).toEqual(["Has a cat named Mướp"]);
    await call("PATCH", "/auth/update-ai-settings", { token: u.token, body: { memory_enabled: false } });
    await call("DELETE", `/auth/memories/${fact.id}`, { token: u.token });
    kept = await inUserHub(u.id, (hub) => hub.state.personalization());
    expect(kept.settings.memoryEnabled).toBe(false);
    expect(kept.memories).toEqual([]);
  });
});
