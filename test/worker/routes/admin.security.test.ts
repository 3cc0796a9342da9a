// The wall around the operator console (worker/http/admin-wall.ts): every /admin/api route answers a normal user, a
// guest, a signed-out session and another site's request with the same 404 as a path that does not exist, and
// passes an operator named by ADMIN_EMAILS; ADMIN_FIRST_ACCOUNT makes the first account registered an operator.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { call, expectError, json, ORIGIN, seedUser, type TestUser } from "../../support/api";

const ROUTES: [method: string, path: string][] = [
  ["GET", "/admin/api/me"],
  ["GET", "/admin/api/usage"],
  ["GET", "/admin/api/audit"],
  ["GET", "/admin/api/users?q=user"],
  ["POST", "/admin/api/users/some-user/end-sessions"],
  ["GET", "/admin/api/users/some-user"],
  ["POST", "/admin/api/users/some-user/grant"],
  ["POST", "/admin/api/users/some-user/block"],
  ["POST", "/admin/api/users/some-user/unblock"],
  ["GET", "/admin/api/payments/orders"],
  ["GET", "/admin/api/payments/review"],
  ["POST", "/admin/api/payments/review/some-transfer/apply"],
  ["POST", "/admin/api/payments/review/some-transfer/resolve"],
  ["GET", "/admin/api/payments/revenue?from=2026-01-01&to=2026-01-02"],
  ["GET", "/admin/api/payments/commissions"],
  ["POST", "/admin/api/payments/commissions/some-commission/paid"],
  ["POST", "/admin/api/secrets/reseal"],
  ["GET", "/admin/api/prompts"],
  ["PUT", "/admin/api/prompts/some-prompt"],
  ["DELETE", "/admin/api/prompts/some-prompt"],
  ["GET", "/admin/api/feeds"],
  ["POST", "/admin/api/feeds"],
  ["PATCH", "/admin/api/feeds/some-item"],
  ["PUT", "/admin/api/feeds/maintenance/news"],
  ["GET", "/admin/api/no-such-page"],
];

async function operator(): Promise<TestUser> {
  const u = await seedUser();
  env.ADMIN_EMAILS = `someone@example.com, ${u.email.toUpperCase()}`;
  return u;
}

afterEach(() => {
  env.ADMIN_EMAILS = "";
  env.ADMIN_FIRST_ACCOUNT = "";
});

describe("the operator console's wall", () => {
  it("answers 404 to a guest on every route", async () => {
    for (const [method, path] of ROUTES) await expectError(await call(method, path), 404, "not_found");
  });

  it("answers 404 to a signed-in user who is not an operator on every route", async () => {
    await operator();
    const u = await seedUser();
    for (const [method, path] of ROUTES) {
      await expectError(await call(method, path, { token: u.token, sessionToken: u.sessionToken }), 404, "not_found");
    }
  });

  it("answers 404 to an operator's ended session", async () => {
    const op = await operator();
    const out = await call("DELETE", "/user-sessions/current", { token: op.token, sessionToken: op.sessionToken });
    expect(out.status).toBe(200);
    await expectError(await call("GET", "/admin/api/me", { token: op.token }), 404, "not_found");
  });

  it("answers 404 to an operator's request made from another site, GET or POST", async () => {
    const op = await operator();
    const auth = { token: op.token, sessionToken: op.sessionToken };
    await expectError(
      await call("GET", "/admin/api/me", { ...auth, headers: { Origin: "https://evil.example" } }),
      404,
      "not_found",
    );
    await expectError(
      await call("POST", "/admin/api/users/x/end-sessions", { ...auth, headers: { "Sec-Fetch-Site": "cross-site" } }),
      404,
      "not_found",
    );
    const same = await call("GET", "/admin/api/me", {
      ...auth,
      headers: { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" },
    });
    expect(same.status).toBe(200);
  });

  it("lets an operator named in ADMIN_EMAILS in, whatever the address's case", async () => {
    const op = await operator();
    const res = await call("GET", "/admin/api/me", { token: op.token, sessionToken: op.sessionToken });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toEqual({ id: op.id, email: op.email.toLowerCase() });
    // a path under the wall that does not exist is still the plain 404
    await expectError(await call("GET", "/admin/api/no-such-page", { token: op.token }), 404, "not_found");
  });

  it("with ADMIN_FIRST_ACCOUNT, lets the first account registered in and no other", async () => {
    const first = await env.DB.prepare(
      "SELECT id FROM users WHERE id != 'deleted-account' ORDER BY created_at, id LIMIT 1",
    ).first<{ id: string }>();
    const u = await seedUser();
    env.ADMIN_FIRST_ACCOUNT = "1";
    expect((await call("GET", "/admin/api/me", { token: u.token })).status).toBe(first?.id === u.id ? 200 : 404);
    env.ADMIN_FIRST_ACCOUNT = "";
    await expectError(await call("GET", "/admin/api/me", { token: u.token }), 404, "not_found");
  });
});
