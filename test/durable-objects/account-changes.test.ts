import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { endUserSessions, userChanged } from "../../worker/auth/sessions";
import { signSessionJwt } from "../../worker/auth/tokens";
import { call, inUserHub, login, registerUser, setPlan } from "../support/api";
import { openSocket } from "../support/socket";

describe("account changes through the user's Durable Object", () => {
  it("ends every other session live and keeps the one named", async () => {
    const u = await registerUser();
    const other = await login(u.email, u.password, "phone");
    const sock = await openSocket(other.token);
    sock.send({ type: "authenticate", userId: u.id });
    await sock.next("authenticated");
    const me = await (await call("GET", "/user-sessions", { token: u.token })).json<any>();
    const current = me.data.find((s: any) => s.current).id;
    const ended = await endUserSessions(env, { userId: u.id, allExcept: current, reason: "password_changed" });
    expect(ended).toHaveLength(1);
    expect((await sock.next("active_sessions_info")).reason).toBe("password_changed");
    expect((await call("GET", "/auth/me", { token: other.token })).status).toBe(401);
    expect((await call("GET", "/auth/me", { token: u.token })).status).toBe(200);
  });

  it("ends nothing for an empty list or another user's session ids", async () => {
    const u = await registerUser();
    const v = await registerUser();
    const list = await (await call("GET", "/user-sessions", { token: v.token })).json<any>();
    expect(await endUserSessions(env, { userId: u.id, sessionIds: [] , reason: "revoked" })).toEqual([]);
    expect(await endUserSessions(env, { userId: u.id, sessionIds: [list.data[0].id], reason: "revoked" })).toEqual([]);
    expect((await call("GET", "/auth/me", { token: v.token })).status).toBe(200);
  });

  it("pushes plan_changed when premium starts, and ends surplus sessions oldest first when it ends", async () => {
    const u = await registerUser(); // oldest
    await env.DB.prepare("UPDATE users SET is_premium = 2, premium_end = ? WHERE id = ?").bind(Date.now() + 86_400_000, u.id).run();
    await userChanged(env, u.id);
    const second = await login(u.email, u.password, "b");
    const third = await login(u.email, u.password, "c");
    const sock = await openSocket(third.token);
    sock.send({ type: "authenticate", userId: u.id });
    await sock.next("authenticated");
    await env.DB.prepare("UPDATE users SET is_premium = 2, premium_end = ? WHERE id = ?").bind(Date.now() - 1000, u.id).run();
    await userChanged(env, u.id);
    expect(await sock.next("plan_changed")).toMatchObject({ plan: "free", is_premium: 2 });
    expect((await call("GET", "/auth/me", { token: u.token })).status).toBe(401); // free allows 2: the oldest goes
    expect((await call("GET", "/auth/me", { token: second.token })).status).toBe(200);
    expect((await call("GET", "/auth/me", { token: third.token })).status).toBe(200);
    sock.ws.close();
  });
});

describe("premium reminders on the user's Durable Object alarm", () => {
  it("tells open tabs when premium has ended and falls back to the free plan's limits at once", async () => {
    const u = await registerUser(); // oldest session: the one the free plan's limit of 2 ends
    await setPlan(u.id, 2, Date.now() + 400);
    const second = await login(u.email, u.password, "b");
    const third = await login(u.email, u.password, "c");
    const sock = await openSocket(third.token);
    sock.send({ type: "authenticate", userId: u.id });
    await sock.next("authenticated");
    expect(await sock.next("premium_expiration")).toMatchObject({ expired: false }); // it ends within 3 days
    // The alarm armed for the end of premium fires by itself.
    expect(await sock.next("premium_expiration")).toMatchObject({ expired: true, days_left: 0 });
    expect(await sock.next("plan_changed")).toMatchObject({ plan: "free" });
    expect((await call("GET", "/auth/me", { token: u.token })).status).toBe(401);
    expect((await call("GET", "/auth/me", { token: second.token })).status).toBe(200);
    sock.ws.close();
  });

  it("arms the alarm for the next reminder when premium starts", async () => {
    const u = await registerUser();
    const end = Date.now() + 10 * 86_400_000;
    await setPlan(u.id, 1, end);
    const alarm = await inUserHub(u.id, (_hub, state) => state.storage.getAlarm());
    expect(alarm).toBe(end - 3 * 86_400_000);
  });
});

describe("sessions that exist only in D1 (made before the user's object owned them)", () => {
  it("are loaded by the object on first use: an active one works, a revoked or expired one does not", async () => {
    const userId = crypto.randomUUID();
    const now = Date.now();
    await env.DB.prepare("INSERT INTO users (id, name, email) VALUES (?, 'Old', ?)").bind(userId, `old-${userId}@example.com`).run();
    const sessions = { live: crypto.randomUUID(), revoked: crypto.randomUUID(), expired: crypto.randomUUID() };
    const insert = (id: string, expiresAt: number, revokedAt: number | null) =>
      env.DB.prepare("INSERT INTO user_sessions (id, user_id, token_hash, expires_at, revoked_at) VALUES (?, ?, ?, ?, ?)")
        .bind(id, userId, `hash-${id}`, expiresAt, revokedAt)
        .run();
    await insert(sessions.live, now + 86_400_000, null);
    await insert(sessions.revoked, now + 86_400_000, now - 1000);
    await insert(sessions.expired, now - 1000, null);
    const tokenFor = (sid: string) => signSessionJwt(env, userId, sid, now + 86_400_000);
    expect((await call("GET", "/auth/me", { token: await tokenFor(sessions.live) })).status).toBe(200);
    expect((await call("GET", "/auth/me", { token: await tokenFor(sessions.revoked) })).status).toBe(401);
    expect((await call("GET", "/auth/me", { token: await tokenFor(sessions.expired) })).status).toBe(401);
  });
});
