// Another user's remembered facts and settings are out of reach.
import { describe, expect, it } from "vitest";
import { call, json, seedUser } from "../../support/api";

describe("settings and memories belong to their user", () => {
  it("answers 404 when deleting another user's fact, and leaves it", async () => {
    const a = await seedUser();
    const b = await seedUser();
    const fact = (await json(await call("POST", "/auth/memories", { token: a.token, body: { content: "secret" } })))
      .data;
    const res = await call("DELETE", `/auth/memories/${fact.id}`, { token: b.token });
    expect(res.status).toBe(404);
    expect((await json(await call("GET", "/auth/memories", { token: a.token }))).data.memories).toHaveLength(1);
    expect((await json(await call("GET", "/auth/memories", { token: b.token }))).data.memories).toHaveLength(0);
    await call("DELETE", "/auth/memories", { token: b.token });
    expect((await json(await call("GET", "/auth/memories", { token: a.token }))).data.memories).toHaveLength(1);
  });

  it("keeps each user's AI settings apart", async () => {
    const a = await seedUser();
    const b = await seedUser();
    await call("POST", "/auth/update-chat-customization", { token: a.token, body: { customization: "A's rules" } });
    expect((await json(await call("GET", "/auth/ai-settings", { token: b.token }))).data.chat_customization).toBe("");
  });
});
