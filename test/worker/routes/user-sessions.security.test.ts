import { describe, expect, it } from "vitest";
import { call, json, seedUser } from "../../support/api";

describe("user sessions are private to their user", () => {
  it("answers 404 when ending another user's session by id or token, and the session keeps working", async () => {
    const alice = await seedUser();
    const bob = await seedUser();
    const bobSessions = await json(await call("GET", "/user-sessions", { token: bob.token }));
    const byId = await call("DELETE", `/user-sessions/${bobSessions.data[0].id}`, { token: alice.token });
    expect(byId.status).toBe(404);
    const byToken = await call("DELETE", `/user-sessions/${bob.sessionToken}`, { token: alice.token });
    expect(byToken.status).toBe(404);
    expect((await call("GET", "/auth/me", { token: bob.token })).status).toBe(200);
  });

  it("never lists another user's sessions", async () => {
    const alice = await seedUser();
    await seedUser();
    const { data } = await json(await call("GET", "/user-sessions", { token: alice.token }));
    expect(data).toHaveLength(1);
  });
});
