import { describe, expect, it } from "vitest";
import { call, eventually, inUserHub, json, login, seedUser, setPlan } from "../support/api";
import { openSocket } from "../support/socket";

describe("the /ws protocol in the user's Durable Object", () => {
  it("authenticates and answers check_active_sessions with this device marked current and online", async () => {
    const u = await seedUser();
    const sock = await openSocket(u.token);
    sock.send({ type: "authenticate", userId: u.id, token: u.token, session_token: u.sessionToken });
    const auth = await sock.next("authenticated");
    expect(auth.userId).toBe(u.id);
    sock.send({ type: "check_active_sessions" });
    const info = await sock.next("active_sessions_info");
    expect(info.force_logout).toBe(false);
    expect(info.current_session_active).toBe(true);
    expect(info.sessions).toHaveLength(1);
    expect(info.sessions[0]).toMatchObject({ current: true, online: true, user_agent: expect.any(String) });
    sock.ws.close();
  });

  it("ignores unknown and malformed frames and keeps serving", async () => {
    const u = await seedUser();
    const sock = await openSocket(u.token);
    sock.send("not json at all");
    sock.send({ type: "launch_missiles" });
    sock.send({ type: "authenticate" }); // missing userId
    sock.send({ type: "check_active_sessions" });
    const info = await sock.next("active_sessions_info");
    expect(info.current_session_active).toBe(true);
    expect(sock.frames.filter((f) => f.type === "authenticated")).toHaveLength(0);
    sock.ws.close();
  });

  it("rejects an authenticate frame with someone else's token and closes the socket", async () => {
    const u = await seedUser();
    const other = await seedUser();
    const sock = await openSocket(u.token);
    sock.send({ type: "authenticate", userId: u.id, token: other.token });
    const info = await sock.next("active_sessions_info");
    expect(info).toMatchObject({ force_logout: true, current_session_active: false });
    expect((await sock.closed).code).toBe(4001);
  });

  it("pushes force_logout at once to the oldest device when a login goes past the free plan's 2 sessions", async () => {
    const u = await seedUser(); // session 1
    const first = await openSocket(u.token);
    first.send({ type: "authenticate", userId: u.id });
    await first.next("authenticated");
    const second = await login(u.email, u.password, "phone"); // session 2: still within the limit
    expect(first.frames.some((f) => f.type === "active_sessions_info")).toBe(false);
    await login(u.email, u.password, "laptop"); // session 3: ends session 1
    const pushed = await first.next("active_sessions_info");
    expect(pushed).toMatchObject({ force_logout: true, current_session_active: false, reason: "replaced" });
    expect(pushed.message).toMatch(/another device/);
    expect((await first.closed).code).toBe(4001);
    // the replaced session fails every HTTP call at once, the others still work
    const old = await call("GET", "/auth/me", { token: u.token });
    expect(old.status).toBe(401);
    expect((await json(old)).code).toBe("session_expired");
    expect((await call("GET", "/auth/me", { token: second.token })).status).toBe(200);
  });

  it("ends another device from the sessions list: its socket is forced out with reason revoked", async () => {
    const u = await seedUser();
    const other = await login(u.email, u.password, "tablet");
    const sock = await openSocket(other.token);
    sock.send({ type: "authenticate", userId: u.id });
    await sock.next("authenticated");
    const list = await json(await call("GET", "/user-sessions", { token: u.token }));
    const target = list.data.find((s: any) => !s.current);
    const res = await call("DELETE", `/user-sessions/${target.id}`, { token: u.token });
    expect(res.status).toBe(200);
    expect((await sock.next("active_sessions_info")).reason).toBe("revoked");
    expect((await call("GET", "/auth/me", { token: other.token })).status).toBe(401);
  });

  it("notices an expired session on the next heartbeat", async () => {
    const u = await seedUser();
    const sock = await openSocket(u.token);
    sock.send({ type: "authenticate", userId: u.id });
    await sock.next("authenticated");
    await inUserHub(u.id, (_hub, state) => {
      state.storage.sql.exec("UPDATE hot_sessions SET expires_at = ?", Date.now() - 1000);
    });
    sock.send({ type: "heartbeat", userId: u.id });
    const info = await sock.next("active_sessions_info");
    expect(info).toMatchObject({ force_logout: true, current_session_active: false, reason: "expired" });
  });

  it("records the heartbeat as the device's last_seen_at", async () => {
    const u = await seedUser();
    await inUserHub(u.id, (_hub, state) => {
      state.storage.sql.exec("UPDATE hot_sessions SET last_seen_at = 0");
    });
    const sock = await openSocket(u.token);
    sock.send({ type: "heartbeat", userId: u.id });
    // Frames are handled concurrently, so ask until the heartbeat's write is visible.
    const seen = await eventually(async () => {
      sock.send({ type: "check_active_sessions" });
      const info = await sock.next("active_sessions_info");
      return Date.parse(info.sessions[0].last_seen_at) > Date.now() - 60_000 ? info : null;
    });
    expect(seen.sessions[0].current).toBe(true);
    sock.ws.close();
  });

  it("warns a premium user whose plan ends within 3 days", async () => {
    const u = await seedUser();
    await setPlan(u.id, 1, Date.now() + 36 * 3600_000);
    const sock = await openSocket(u.token);
    sock.send({ type: "authenticate", userId: u.id });
    const warn = await sock.next("premium_expiration");
    expect(warn).toMatchObject({ expired: false, days_left: 2 });
    sock.ws.close();
  });
});

describe("GET /ws upgrade", () => {
  it("answers 401 without credentials, 400 without an upgrade and 403 from another origin", async () => {
    expect((await call("GET", "/ws", { headers: { Upgrade: "websocket" } })).status).toBe(401);
    const u = await seedUser();
    expect((await call("GET", "/ws", { token: u.token })).status).toBe(400);
    expect(
      (await call("GET", "/ws", { token: u.token, headers: { Upgrade: "websocket", Origin: "https://evil.example" } }))
        .status,
    ).toBe(403);
  });

  it("answers 401 for a revoked session's token", async () => {
    const u = await seedUser();
    await call("DELETE", `/user-sessions/${u.sessionToken}`, { token: u.token });
    expect((await call("GET", "/ws", { token: u.token, headers: { Upgrade: "websocket" } })).status).toBe(401);
  });
});
