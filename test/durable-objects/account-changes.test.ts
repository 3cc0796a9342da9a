import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { endUserSessions, userChanged } from "../../worker/auth/sessions";
import { signSessionJwt } from "../../worker/auth/tokens";
import { userHub } from "../../worker/lib/user-hub";
import { call, eventually, inUserHub, json, login, seedUser, setPlan } from "../support/api";
import { openSocket } from "../support/socket";
import { createOrder, pay, periodsOf, premiumInfo, shiftPaidTime } from "../worker/payments/helpers";

describe("account changes through the user's Durable Object", () => {
  it("ends every other session live and keeps the one named", async () => {
    const u = await seedUser();
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
    const u = await seedUser();
    const v = await seedUser();
    const list = await (await call("GET", "/user-sessions", { token: v.token })).json<any>();
    expect(await endUserSessions(env, { userId: u.id, sessionIds: [], reason: "revoked" })).toEqual([]);
    expect(await endUserSessions(env, { userId: u.id, sessionIds: [list.data[0].id], reason: "revoked" })).toEqual([]);
    expect((await call("GET", "/auth/me", { token: v.token })).status).toBe(200);
  });

  it("pushes plan_changed when premium starts, and ends surplus sessions oldest first when it ends", async () => {
    const u = await seedUser(); // oldest
    await env.DB.prepare("UPDATE users SET is_premium = 2, premium_end = ? WHERE id = ?")
      .bind(Date.now() + 86_400_000, u.id)
      .run();
    await userChanged(env, u.id);
    const second = await login(u.email, u.password, "b");
    const third = await login(u.email, u.password, "c");
    const sock = await openSocket(third.token);
    sock.send({ type: "authenticate", userId: u.id });
    await sock.next("authenticated");
    await env.DB.prepare("UPDATE users SET is_premium = 2, premium_end = ? WHERE id = ?")
      .bind(Date.now() - 1000, u.id)
      .run();
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
    const u = await seedUser(); // oldest session: the one the free plan's limit of 2 ends
    // ends soon enough for the test to wait, late enough that the sign-ins below happen first on a loaded machine
    await setPlan(u.id, 2, Date.now() + 1500);
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
    const u = await seedUser();
    const end = Date.now() + 10 * 86_400_000;
    await setPlan(u.id, 1, end);
    const alarm = await inUserHub(u.id, (_hub, state) => state.storage.getAlarm());
    expect(alarm).toBe(end - 3 * 86_400_000);
  });
});

describe("the plan at a paid period's boundary, switched by the user's Durable Object alarm", () => {
  const me = async (token: string) => json(await call("GET", "/auth/me", { token }));
  const models = async (token: string) => (await json(await call("GET", "/api/models", { token }))).data;
  const total = (d: any, endpoint: string) => d.models.find((m: any) => m.endpoint === endpoint).total;
  const storedLevel = async (userId: string) =>
    await env.DB.prepare("SELECT is_premium FROM users WHERE id = ?").bind(userId).first<number>("is_premium");

  /** Lets the paid time pass until `boundary` is `inMs` from now, and has the user's object read it again. */
  async function bringBoundaryTo(userId: string, boundary: number, inMs: number): Promise<number> {
    const target = Date.now() + inMs;
    await shiftPaidTime(userId, boundary - target);
    await userChanged(env, userId);
    return target;
  }

  it("Advanced+ then Basic: at Advanced+'s end the alarm switches to Basic, pushes plan_changed, and Basic's quotas and session limit apply", async () => {
    const u = await seedUser();
    await pay((await createOrder(u, "AD_1T")).order);
    await pay((await createOrder(u, "BS_1T")).order);
    // Advanced+ allows 5 devices: four more sign in, the first two are the oldest
    const second = await login(u.email, u.password, "b");
    const devices = [
      await login(u.email, u.password, "c"),
      await login(u.email, u.password, "d"),
      await login(u.email, u.password, "e"),
    ];
    const newest = devices[2]!;
    const sock = await openSocket(newest.token);
    sock.send({ type: "authenticate", userId: u.id });
    await sock.next("authenticated");

    expect((await me(newest.token)).data.user).toMatchObject({ plan: "advanced", is_premium: 2 });
    expect(total(await models(newest.token), "gpt-4.1")).toBe(600);

    const [advanced, basic] = await periodsOf(u.id);
    const boundary = await bringBoundaryTo(u.id, advanced.end_at, 2500);
    expect(await sock.next("plan_changed")).toMatchObject({ plan: "advanced", is_premium: 2 }); // the reload's own push
    expect(await inUserHub(u.id, (_hub, state) => state.storage.getAlarm())).toBe(boundary);

    await eventually(async () => Date.now() >= boundary);
    await runDurableObjectAlarm(await userHub(env, u.id));

    const basicEnd = new Date(basic.end_at - (advanced.end_at - boundary)).toISOString();
    expect(await sock.next("plan_changed")).toMatchObject({ plan: "basic", is_premium: 1, premium_end: basicEnd });
    expect(await storedLevel(u.id)).toBe(1);
    expect((await me(newest.token)).data.user).toMatchObject({ plan: "basic", is_premium: 1, premium_end: basicEnd });
    expect(await premiumInfo(newest)).toMatchObject({
      plan: "basic",
      is_premium: 1,
      active: true,
      premium_end: basicEnd,
    });
    const quotas = await models(newest.token);
    expect([total(quotas, "gpt-4.1"), total(quotas, "gpt-4.1-mini")]).toEqual([200, 1000]);
    // Basic allows 3 devices: the two oldest are signed out
    expect((await call("GET", "/auth/me", { token: u.token })).status).toBe(401);
    expect((await call("GET", "/auth/me", { token: second.token })).status).toBe(401);
    for (const d of devices) expect((await call("GET", "/auth/me", { token: d.token })).status).toBe(200);
    // the next alarm is Basic's 3-day reminder
    expect(await inUserHub(u.id, (_hub, state) => state.storage.getAlarm())).toBe(
      Date.parse(basicEnd) - 3 * 86_400_000,
    );
    sock.ws.close();
  });

  it("answers with the plan of the period in force from the boundary on, before the alarm has written it", async () => {
    const u = await seedUser();
    await pay((await createOrder(u, "AD_1T")).order);
    await pay((await createOrder(u, "BS_1T")).order);
    const [advanced] = await periodsOf(u.id);
    // Advanced+ ends in 300 ms; the object reads the moved periods but keeps its alarm (set for the old boundary)
    const boundary = Date.now() + 300;
    await shiftPaidTime(u.id, advanced.end_at - boundary);
    await inUserHub(u.id, (hub) => hub.state.reloadUser());
    // the plan it answers with turns at the boundary's very millisecond
    const levelAt = (at: number) => inUserHub(u.id, (hub) => hub.state.user(at).isPremium);
    expect([await levelAt(boundary - 1), await levelAt(boundary)]).toEqual([2, 1]);
    await eventually(async () => Date.now() >= boundary);
    expect((await me(u.token)).data.user).toMatchObject({ plan: "basic", is_premium: 1 });
    expect(total(await models(u.token), "gpt-4.1")).toBe(200);
    expect(await storedLevel(u.id)).toBe(2);
    expect(await runDurableObjectAlarm(await userHub(env, u.id))).toBe(true);
    expect(await storedLevel(u.id)).toBe(1);
  });

  it("Basic, then Advanced+, then Basic's resumed days: the alarm goes back to Basic when Advanced+ ends, and to Free at the very end", async () => {
    const u = await seedUser();
    await pay((await createOrder(u, "BS_1T")).order);
    await pay((await createOrder(u, "AD_1T")).order);
    const sock = await openSocket(u.token);
    sock.send({ type: "authenticate", userId: u.id });
    await sock.next("authenticated");
    const [, advanced, rest] = await periodsOf(u.id);
    expect(rest).toMatchObject({ level: 1, start_at: advanced.end_at });

    let boundary = await bringBoundaryTo(u.id, advanced.end_at, 1500);
    await sock.next("plan_changed");
    await eventually(async () => Date.now() >= boundary);
    await runDurableObjectAlarm(await userHub(env, u.id));
    expect(await sock.next("plan_changed")).toMatchObject({ plan: "basic", is_premium: 1 });
    expect(total(await models(u.token), "gpt-4.1")).toBe(200);

    const [, , resumed] = await periodsOf(u.id);
    boundary = await bringBoundaryTo(u.id, resumed.end_at, 1500);
    await sock.next("plan_changed");
    await eventually(async () => Date.now() >= boundary);
    await runDurableObjectAlarm(await userHub(env, u.id));
    expect(await sock.next("premium_expiration")).toMatchObject({ expired: true, days_left: 0 });
    expect(await sock.next("plan_changed")).toMatchObject({ plan: "free", is_premium: 0 });
    expect(await storedLevel(u.id)).toBe(0);
    expect(total(await models(u.token), "gpt-4.1")).toBe(0);
    expect(await premiumInfo(u)).toMatchObject({
      plan: "free",
      is_premium: 0,
      active: false,
      premium_end: new Date(boundary).toISOString(),
    });
    sock.ws.close();
  });
});

describe("sessions that exist only in D1 (made before the user's object owned them)", () => {
  it("are loaded by the object on first use: an active one works, a revoked or expired one does not", async () => {
    const userId = crypto.randomUUID();
    const now = Date.now();
    await env.DB.prepare("INSERT INTO users (id, name, email) VALUES (?, 'Old', ?)")
      .bind(userId, `old-${userId}@example.com`)
      .run();
    const sessions = { live: crypto.randomUUID(), revoked: crypto.randomUUID(), expired: crypto.randomUUID() };
    const insert = (id: string, expiresAt: number, revokedAt: number | null) =>
      env.DB.prepare(
        "INSERT INTO user_sessions (id, user_id, token_hash, expires_at, revoked_at) VALUES (?, ?, ?, ?, ?)",
      )
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
