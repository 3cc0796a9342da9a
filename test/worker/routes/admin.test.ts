// The operator console's API (worker/routes/admin.ts): the usage figures of the turns that happened, finding a user,
// ending a user's sessions with its audit row, and the audit log that refuses changes.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { quotaDay } from "../../../worker/lib/time";
import {
  ask,
  call,
  expectError,
  json,
  newChat,
  readSse,
  registerUser,
  seedUser,
  type TestUser,
} from "../../support/api";

async function operator(): Promise<TestUser> {
  const u = await seedUser();
  env.ADMIN_EMAILS = u.email;
  return u;
}

const as = (op: TestUser) => ({ token: op.token, sessionToken: op.sessionToken });

afterEach(() => {
  env.ADMIN_EMAILS = "";
});

describe("the operator console's API", () => {
  it("shows today's turns per model and provider, active users and time to first token", async () => {
    const op = await operator();
    const before = (await json(await call("GET", "/admin/api/usage", as(op)))).data;
    const u = await registerUser();
    const chat = await newChat(u);
    await readSse(await ask(u, { question: "Một", chat_id: chat.id }));
    await readSse(await ask(u, { question: "Two", chat_id: chat.id }));
    const res = await call("GET", `/admin/api/usage?from=${quotaDay()}&to=${quotaDay()}`, as(op));
    expect(res.status).toBe(200);
    const after = (await json(res)).data;
    const turns = (d: any) =>
      d.models.find((m: any) => m.day === quotaDay() && m.model === "gpt-4.1-mini" && m.provider === "offline")
        ?.turns ?? 0;
    expect(turns(after) - turns(before)).toBe(2);
    const row = after.models.find((m: any) => m.model === "gpt-4.1-mini" && m.provider === "offline");
    expect(row.ttftP50Ms).toBeGreaterThan(0);
    expect(after.providers).toContainEqual(expect.objectContaining({ day: quotaDay(), provider: "offline" }));
    expect(after.activeUsers).toContainEqual({ day: quotaDay(), users: expect.any(Number) });
    expect(after.activeUsers.find((d: any) => d.day === quotaDay()).users).toBeGreaterThanOrEqual(1);
  });

  it("refuses a span that runs backwards or is longer than 92 days, and a malformed day", async () => {
    const op = await operator();
    await expectError(
      await call("GET", "/admin/api/usage?from=2026-02-01&to=2026-01-01", as(op)),
      400,
      "invalid_input",
    );
    await expectError(
      await call("GET", "/admin/api/usage?from=2025-01-01&to=2026-01-01", as(op)),
      400,
      "invalid_input",
    );
    await expectError(await call("GET", "/admin/api/usage?from=yesterday", as(op)), 400);
  });

  it("finds users by email, name or id", async () => {
    const op = await operator();
    const u = await seedUser({ name: "Nguyễn Văn Tìm" });
    for (const q of [u.email.slice(0, 12), "Văn Tìm", u.id]) {
      const found = (await json(await call("GET", `/admin/api/users?q=${encodeURIComponent(q)}`, as(op)))).data;
      expect(found.map((f: any) => f.id)).toContain(u.id);
    }
    // LIKE's wildcards are matched as themselves
    const none = (await json(await call("GET", "/admin/api/users?q=%25%25", as(op)))).data;
    expect(none).toEqual([]);
  });

  it("ends all of a user's sessions and writes who did it to the audit log", async () => {
    const op = await operator();
    const u = await seedUser();
    expect((await call("GET", "/auth/me", { token: u.token })).status).toBe(200);
    const res = await call("POST", `/admin/api/users/${u.id}/end-sessions`, as(op));
    expect(res.status).toBe(200);
    expect((await json(res)).data).toEqual({ ended: 1 });
    await expectError(await call("GET", "/auth/me", { token: u.token }), 401);
    const audit = (await json(await call("GET", "/admin/api/audit?limit=5", as(op)))).data;
    expect(audit[0]).toMatchObject({
      adminId: op.id,
      adminEmail: op.email,
      action: "end_sessions",
      target: `user:${u.id}`,
      before: { sessions: 1 },
      after: { sessions: 0 },
    });
    await expectError(await call("POST", "/admin/api/users/no-such-user/end-sessions", as(op)), 404, "not_found");
  });

  it("keeps the audit log append-only", async () => {
    const op = await operator();
    const u = await seedUser();
    await call("POST", `/admin/api/users/${u.id}/end-sessions`, as(op));
    await expect(env.DB.prepare("UPDATE admin_audit SET action = 'nothing'").run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare("DELETE FROM admin_audit").run()).rejects.toThrow(/append-only/);
  });
});
