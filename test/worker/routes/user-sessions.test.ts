import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ORIGIN, call, json, login, seedUser, setPlan } from "../../support/api";

describe("/user-sessions", () => {
  it("starts another session for a signed-in client and answers jwt_token and session_token", async () => {
    const u = await seedUser();
    const res = await call("POST", "/user-sessions", { token: u.token, body: { user_id: u.id, user_agent: "cli" } });
    expect(res.status).toBe(201);
    const { data } = await json(res);
    expect(data.session_token).toMatch(/^[0-9a-f]{64}$/);
    expect((await call("GET", "/auth/me", { token: data.jwt_token })).status).toBe(200);
  });

  it("refuses to start a session for another user id with 403", async () => {
    const u = await seedUser();
    const other = await seedUser();
    const res = await call("POST", "/user-sessions", { token: u.token, body: { user_id: other.id } });
    expect(res.status).toBe(403);
  });

  it("validates a token: 200 with the user for a live one, 401 for a revoked or garbage one", async () => {
    const u = await seedUser();
    const ok = await call("POST", "/user-sessions/validate-token", { body: { jwt_token: u.token } });
    expect(ok.status).toBe(200);
    expect((await json(ok)).data).toMatchObject({ valid: true, user: { id: u.id } });
    expect((await call("POST", "/user-sessions/validate-token", { body: { jwt_token: "garbage" } })).status).toBe(401);
    const missing = await call("POST", "/user-sessions/validate-token", { body: {} });
    expect(missing.status).toBe(400);
    expect((await json(missing)).message).toMatch(/token is required/i);
    await call("DELETE", `/user-sessions/${u.sessionToken}`, { token: u.token });
    expect((await call("POST", "/user-sessions/validate-token", { body: { jwt_token: u.token } })).status).toBe(401);
  });

  it("lists the active devices, marking the current one", async () => {
    const u = await seedUser();
    await login(u.email, u.password, "Firefox on Linux");
    const res = await call("GET", "/user-sessions", { token: u.token });
    const { data } = await json(res);
    expect(data).toHaveLength(2);
    expect(data.filter((s: any) => s.current)).toHaveLength(1);
    expect(data.map((s: any) => s.user_agent)).toContain("Firefox on Linux");
  });

  it("logs out by session token: the session stops working at once and the cookies are cleared", async () => {
    const u = await seedUser();
    const res = await call("DELETE", `/user-sessions/${u.sessionToken}`, { token: u.token });
    expect(res.status).toBe(200);
    expect((await json(res)).data.current).toBe(true);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("jwt_token=;") || /jwt_token=.*Max-Age=0/.test(c))).toBe(
      true,
    );
    const after = await call("GET", "/chat-sessions", { token: u.token });
    expect(after.status).toBe(401);
  });

  it("logs the browser out by cookie with DELETE /user-sessions/current: only that session ends", async () => {
    const u = await seedUser();
    const other = await login(u.email, u.password);
    const cookie = `jwt_token=${u.token}; session_token=${u.sessionToken}`;
    const res = await call("DELETE", "/user-sessions/current", { headers: { Cookie: cookie, Origin: ORIGIN } });
    expect(res.status).toBe(200);
    expect((await json(res)).data.current).toBe(true);
    expect(
      res.headers.getSetCookie().some((c) => /^session_token=;/.test(c) || /session_token=.*Max-Age=0/.test(c)),
    ).toBe(true);
    expect((await call("GET", "/auth/me", { headers: { Cookie: cookie } })).status).toBe(401);
    expect((await call("GET", "/auth/me", { token: other.token })).status).toBe(200);
  });

  it("refuses a cookie logout from another origin (403)", async () => {
    const u = await seedUser();
    const cookie = `jwt_token=${u.token}; session_token=${u.sessionToken}`;
    const res = await call("DELETE", "/user-sessions/current", {
      headers: { Cookie: cookie, Origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect((await call("GET", "/auth/me", { headers: { Cookie: cookie } })).status).toBe(200);
  });

  it("rejects a session token that does not belong to the token's session", async () => {
    const u = await seedUser();
    const other = await login(u.email, u.password);
    const res = await call("GET", "/auth/me", { token: u.token, sessionToken: other.sessionToken });
    expect(res.status).toBe(401);
  });

  it("keeps at most the plan's limit of active sessions (Advanced+: 5)", async () => {
    const u = await seedUser();
    await setPlan(u.id, 2, Date.now() + 86_400_000);
    const sessions = [];
    for (let i = 0; i < 6; i++) sessions.push(await login(u.email, u.password, `device ${i}`));
    const active = await env.DB.prepare(
      "SELECT count(*) AS n FROM user_sessions WHERE user_id = ? AND revoked_at IS NULL",
    )
      .bind(u.id)
      .first<any>();
    expect(active.n).toBe(5);
    // the registration session and device 0 went; device 1 onwards still work
    expect((await call("GET", "/auth/me", { token: u.token })).status).toBe(401);
    expect((await call("GET", "/auth/me", { token: sessions[0]!.token })).status).toBe(401);
    expect((await call("GET", "/auth/me", { token: sessions[1]!.token })).status).toBe(200);
  });

  it("never leaves more than the limit active under concurrent logins", async () => {
    const u = await seedUser();
    await Promise.all(Array.from({ length: 5 }, (_, i) => login(u.email, u.password, `c${i}`)));
    const active = await env.DB.prepare(
      "SELECT count(*) AS n FROM user_sessions WHERE user_id = ? AND revoked_at IS NULL",
    )
      .bind(u.id)
      .first<any>();
    expect(active.n).toBe(2);
  });
});
