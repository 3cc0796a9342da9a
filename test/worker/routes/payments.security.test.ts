import { describe, expect, it } from "vitest";
import { call, json, seedUser } from "../../support/api";
import { createOrder, history, ledger, premiumInfo, sendWebhook, transfer, WEBHOOK_SECRET } from "../payments/helpers";

describe("orders are private to their user", () => {
  it("answers 404 for another user's order by code, on verify and on the order itself", async () => {
    const alice = await seedUser();
    const bob = await seedUser();
    const { order } = await createOrder(bob, "BS_1T");
    const verify = await call("POST", "/payments/verify", {
      token: alice.token,
      body: { packageType: "BS_1T", amount: 149_000, orderCode: order.code },
    });
    expect(verify.status).toBe(404);
    expect(await json(verify)).toMatchObject({ status: "error", code: "not_found" });
    expect((await call("GET", `/payments/orders/${order.code}`, { token: alice.token })).status).toBe(404);
    expect((await call("GET", `/payments/orders/${order.code}`, { token: bob.token })).status).toBe(200);
  });

  it("never lists another user's orders or subscriptions", async () => {
    const alice = await seedUser();
    const bob = await seedUser();
    await createOrder(bob, "AD_1T");
    const { data } = await json(await call("GET", "/payments/orders", { token: alice.token }));
    expect(data.orders).toEqual([]);
    expect(await history(alice)).toEqual([]);
  });

  it("refuses a verify call naming another user's id with 403", async () => {
    const alice = await seedUser();
    const bob = await seedUser();
    const res = await call("POST", "/payments/verify", {
      token: alice.token,
      body: { userId: bob.id, packageType: "BS_1T", amount: 149_000 },
    });
    expect(res.status).toBe(403);
  });

  it("needs a signed-in user for orders, history and premium info", async () => {
    for (const [method, path] of [
      ["POST", "/payments/create"],
      ["POST", "/payments/verify"],
      ["GET", "/payments/orders"],
      ["GET", "/auth/premium-info"],
      ["GET", "/auth/subscription-history"],
    ] as const) {
      expect(
        (await call(method, path, { body: method === "POST" ? { packageType: "BS_1T", amount: 149_000 } : undefined }))
          .status,
        path,
      ).toBe(401);
    }
  });
});

describe("the webhook only trusts the bank's shared secret", () => {
  async function attempt(opts: Parameters<typeof sendWebhook>[1]) {
    const u = await seedUser();
    const { order } = await createOrder(u, "BS_1T");
    const body = transfer({ amount: order.amount, code: order.code });
    const res = await sendWebhook(body, opts);
    return { res, u, order, body };
  }

  async function expectNothingChanged({ res, u, order, body }: Awaited<ReturnType<typeof attempt>>) {
    expect(res.status).toBe(401);
    expect(await json(res)).toMatchObject({ status: "error", code: "unauthorized" });
    expect(await premiumInfo(u)).toMatchObject({ is_premium: 0, plan: "free" });
    expect(await history(u)).toEqual([]);
    expect((await ledger(body.id)).results).toEqual([]);
    const check = await json(await call("GET", `/payments/orders/${order.code}`, { token: u.token }));
    expect(check.data.payment_status).toBe("pending");
  }

  it("answers 401 without an Authorization header, and changes nothing", async () => {
    await expectNothingChanged(await attempt({ secret: null }));
  });

  it("answers 401 for a wrong secret, and changes nothing", async () => {
    await expectNothingChanged(await attempt({ secret: `${WEBHOOK_SECRET}x` }));
    await expectNothingChanged(await attempt({ secret: WEBHOOK_SECRET.slice(0, -1) }));
  });

  it("answers 401 for the right secret in another scheme", async () => {
    await expectNothingChanged(await attempt({ authorization: `Bearer ${WEBHOOK_SECRET}` }));
    await expectNothingChanged(await attempt({ authorization: WEBHOOK_SECRET }));
  });

  it("refuses every call when no secret is configured", async () => {
    await expectNothingChanged(await attempt({ authorization: "Apikey ", env: { PAYMENT_WEBHOOK_SECRET: "" } }));
    await expectNothingChanged(await attempt({ secret: WEBHOOK_SECRET, env: { PAYMENT_WEBHOOK_SECRET: undefined } }));
  });

  it("is not reachable with a user's session instead of the secret", async () => {
    const u = await seedUser();
    const { order } = await createOrder(u, "BS_1T");
    const res = await call("POST", "/payments/webhook", {
      token: u.token,
      body: transfer({ amount: order.amount, code: order.code }),
    });
    expect(res.status).toBe(401);
    expect(await premiumInfo(u)).toMatchObject({ plan: "free" });
  });

  it("accepts the scheme name in any case, as SePay's header is 'Apikey'", async () => {
    const u = await seedUser();
    const { order } = await createOrder(u, "BS_1T");
    const res = await sendWebhook(transfer({ amount: order.amount, code: order.code }), {
      authorization: `APIKEY ${WEBHOOK_SECRET}`,
    });
    expect(res.status).toBe(200);
    expect(await premiumInfo(u)).toMatchObject({ plan: "basic" });
  });
});
