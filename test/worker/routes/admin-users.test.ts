// The operator console's users (worker/routes/admin.ts, worker/admin/grant-plan.ts): a user's page (plan, paid time,
// orders, today's use, sessions), and a grant of paid time through the same queue of periods a bank payment uses,
// kept in the history as a grant, written to the audit log, exact when grants race.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { addCalendarMonths } from "../../../worker/plans/premium-period";
import { ask, call, expectError, json, login, seedUser, type TestUser } from "../../support/api";

async function operator(): Promise<TestUser> {
  const u = await seedUser();
  env.ADMIN_EMAILS = u.email;
  return u;
}

const as = (op: TestUser, body?: unknown) => ({ token: op.token, sessionToken: op.sessionToken, body });

async function plan(userId: string) {
  return env.DB.prepare("SELECT is_premium, premium_start, premium_end FROM users WHERE id = ?")
    .bind(userId)
    .first<{ is_premium: number; premium_start: number | null; premium_end: number | null }>();
}

afterEach(() => {
  env.ADMIN_EMAILS = "";
});

describe("users in the operator console", () => {
  it("grants a month of Basic: the plan changes at once, the history says grant, the audit log says who", async () => {
    const op = await operator();
    const u = await seedUser();
    const before = Date.now();
    const res = await call("POST", `/admin/api/users/${u.id}/grant`, as(op, { package: "BS_1T" }));
    expect(res.status).toBe(200);
    const granted = (await json(res)).data;
    const row = await plan(u.id);
    expect(row!.is_premium).toBe(1);
    expect(row!.premium_end).toBe(granted.end);
    expect(granted.end).toBeGreaterThanOrEqual(addCalendarMonths(before, 1));
    expect(granted.end).toBeLessThanOrEqual(addCalendarMonths(Date.now(), 1));

    const page = (await json(await call("GET", `/admin/api/users/${u.id}`, as(op)))).data;
    expect(page.user).toMatchObject({ id: u.id, plan: "basic" });
    expect(page.periods[0]).toMatchObject({ plan: "BS_1T", method: "grant", price: 0 });
    expect(page.sessions).toBe(1);

    const audit = (await json(await call("GET", "/admin/api/audit?limit=1", as(op)))).data[0];
    expect(audit).toMatchObject({
      action: "grant_plan",
      adminId: op.id,
      target: `user:${u.id}`,
      before: { isPremium: 0 },
      after: { isPremium: 1, package: "BS_1T", end: granted.end },
    });
    // the user's own session sees the plan (the object reloaded it)
    const me = await json(await call("GET", "/auth/me", { token: u.token }));
    expect(JSON.stringify(me)).toMatch(/"is_premium":1|"isPremium":1/);
  });

  it("extends paid time: a second month starts where the first ends", async () => {
    const op = await operator();
    const u = await seedUser();
    const first = (await json(await call("POST", `/admin/api/users/${u.id}/grant`, as(op, { package: "BS_1T" })))).data;
    const second = (await json(await call("POST", `/admin/api/users/${u.id}/grant`, as(op, { package: "BS_1T" }))))
      .data;
    expect(second.start).toBe(first.end);
    expect((await plan(u.id))!.premium_end).toBe(second.end);
  });

  it("puts Advanced+ first and moves the rest of a Basic month after it, as a payment does", async () => {
    const op = await operator();
    const u = await seedUser();
    await call("POST", `/admin/api/users/${u.id}/grant`, as(op, { package: "BS_1T" }));
    const advanced = (await json(await call("POST", `/admin/api/users/${u.id}/grant`, as(op, { package: "AD_1T" }))))
      .data;
    expect(advanced.level).toBe(2);
    expect((await plan(u.id))!.is_premium).toBe(2);
    const periods = await env.DB.prepare(
      "SELECT level, start_at, end_at FROM premium_periods WHERE user_id = ? ORDER BY start_at",
    )
      .bind(u.id)
      .all<{ level: number; start_at: number; end_at: number }>();
    expect(periods.results.map((p) => p.level)).toEqual([1, 2, 1]);
    expect(periods.results[2]!.start_at).toBe(advanced.end);
  });

  it("applies two grants made at the same moment, both of them", async () => {
    const op = await operator();
    const u = await seedUser();
    const results = await Promise.all(
      [0, 1].map(() => call("POST", `/admin/api/users/${u.id}/grant`, as(op, { package: "BS_1T" }))),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const periods = await env.DB.prepare(
      "SELECT start_at, end_at FROM premium_periods WHERE user_id = ? ORDER BY start_at",
    )
      .bind(u.id)
      .all<{ start_at: number; end_at: number }>();
    expect(periods.results).toHaveLength(2);
    expect(periods.results[1]!.start_at).toBe(periods.results[0]!.end_at);
  });

  it("blocks an account: its sessions end, every call and every sign-in is a 403; unblocked, it signs in again", async () => {
    const op = await operator();
    const u = await seedUser();
    const res = await call("POST", `/admin/api/users/${u.id}/block`, as(op, { reason: "Chargeback fraud" }));
    expect(res.status).toBe(200);
    expect((await json(res)).data).toEqual({ blocked: true, ended: 1 });
    await expectError(await call("GET", "/auth/me", { token: u.token }), 403, "account_blocked");
    await expectError(await ask(u, { question: "Hi", chat_id: crypto.randomUUID() }), 403, "account_blocked");
    const signIn = await call("POST", "/auth/login", { body: { email: u.email, password: u.password } });
    await expectError(signIn, 403, "account_blocked");
    // a wrong password is still just a wrong password
    await expectError(await call("POST", "/auth/login", { body: { email: u.email, password: "not it at all" } }), 401);
    const page = (await json(await call("GET", `/admin/api/users/${u.id}`, as(op)))).data;
    expect(page.user).toMatchObject({ blockedReason: "Chargeback fraud", blockedAt: expect.any(Number) });
    expect((await json(await call("GET", "/admin/api/audit?limit=1", as(op)))).data[0]).toMatchObject({
      action: "block_user",
      target: `user:${u.id}`,
      after: { blocked: true, reason: "Chargeback fraud" },
    });
    // blocking again writes nothing new
    await call("POST", `/admin/api/users/${u.id}/block`, as(op, { reason: "again" }));
    expect((await json(await call("GET", "/admin/api/audit?limit=1", as(op)))).data[0].after.reason).toBe(
      "Chargeback fraud",
    );

    expect((await call("POST", `/admin/api/users/${u.id}/unblock`, as(op))).status).toBe(200);
    const back = await login(u.email, u.password);
    expect((await call("GET", "/auth/me", { token: back.token })).status).toBe(200);
    expect((await json(await call("GET", "/admin/api/audit?limit=1", as(op)))).data[0].action).toBe("unblock_user");
  });

  it("keeps a blocked operator out of the console, and an operator cannot block themself", async () => {
    const op = await seedUser();
    const other = await seedUser();
    env.ADMIN_EMAILS = `${op.email} ${other.email}`;
    await expectError(await call("POST", `/admin/api/users/${op.id}/block`, as(op, { reason: "x" })), 400);
    await call("POST", `/admin/api/users/${other.id}/block`, as(op, { reason: "Left the company" }));
    await expectError(await call("GET", "/admin/api/me", as(other)), 404, "not_found");
    await expectError(await call("POST", `/admin/api/users/${other.id}/block`, as(op, {})), 400);
  });

  it("refuses an unknown package with a 400 and an unknown user with a 404", async () => {
    const op = await operator();
    const u = await seedUser();
    await expectError(await call("POST", `/admin/api/users/${u.id}/grant`, as(op, { package: "GOLD" })), 400);
    await expectError(await call("POST", `/admin/api/users/${u.id}/grant`, as(op, {})), 400);
    await expectError(
      await call("POST", "/admin/api/users/no-such-user/grant", as(op, { package: "BS_1T" })),
      404,
      "not_found",
    );
    await expectError(await call("GET", "/admin/api/users/no-such-user", as(op)), 404, "not_found");
  });
});
