// The operator console's payments (worker/routes/admin-payments.ts, worker/admin/review-queue.ts): a transfer with the
// wrong amount or no known code waits in the review queue with its amount difference; applied to an order it pays it
// exactly as a matching transfer would (plan, history, ledger), once however often it is clicked; refunded or ignored
// with a note; revenue per day and plan; affiliate commissions owed and marked paid. Every change has its audit row.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { quotaDay } from "../../../worker/lib/time";
import { call, expectError, json, seedUser, type TestUser } from "../../support/api";
import { createOrder, ledger, premiumInfo, sendWebhook, transfer } from "../../worker/payments/helpers";

async function operator(): Promise<TestUser> {
  const u = await seedUser();
  env.ADMIN_EMAILS = u.email;
  return u;
}

const as = (op: TestUser, body?: unknown) => ({ token: op.token, sessionToken: op.sessionToken, body });

async function kept(body: ReturnType<typeof transfer>) {
  const res = await sendWebhook(body);
  expect(res.status).toBe(200);
  expect((await json(res)).data.outcome).toBe("review");
  return String(body.id);
}

async function lastAudit(op: TestUser) {
  return (await json(await call("GET", "/admin/api/audit?limit=1", as(op)))).data[0];
}

afterEach(() => {
  env.ADMIN_EMAILS = "";
});

describe("the payments review queue", () => {
  it("applies a wrong-amount transfer to its order once, showing the difference", async () => {
    const op = await operator();
    const buyer = await seedUser();
    const { order } = await createOrder(buyer, "BS_1T");
    const txId = await kept(transfer({ amount: order.amount - 1_000, code: order.code }));

    const queue = (await json(await call("GET", "/admin/api/payments/review", as(op)))).data;
    const waiting = queue.find((t: any) => t.id === txId);
    expect(waiting).toMatchObject({ reviewReason: "amount_mismatch", amountDifference: -1_000 });
    expect(waiting.order).toMatchObject({ code: order.code, status: "pending" });

    const applied = await call("POST", `/admin/api/payments/review/${txId}/apply`, as(op, { order_code: order.code }));
    expect(applied.status).toBe(200);
    expect((await json(applied)).data).toEqual({ outcome: "applied", orderCode: order.code, amountDifference: -1_000 });
    expect(await premiumInfo(buyer)).toMatchObject({ plan: "basic" });
    const [row] = (await ledger(txId)).results as any[];
    // the ledger keeps what really arrived
    expect(row).toMatchObject({ outcome: "applied", transfer_amount: order.amount - 1_000 });
    expect(await lastAudit(op)).toMatchObject({
      action: "transfer_apply",
      target: `transfer:${txId}`,
      after: { order: order.code, amountDifference: -1_000 },
    });
    const end = (await env.DB.prepare("SELECT premium_end FROM users WHERE id = ?").bind(buyer.id).first())!
      .premium_end;

    // twice does nothing
    const again = await call("POST", `/admin/api/payments/review/${txId}/apply`, as(op, { order_code: order.code }));
    expect((await json(again)).data).toEqual({ outcome: "already_applied" });
    const endAfter = (await env.DB.prepare("SELECT premium_end FROM users WHERE id = ?").bind(buyer.id).first())!
      .premium_end;
    expect(endAfter).toBe(end);
    expect(
      (await json(await call("GET", "/admin/api/payments/review", as(op)))).data.map((t: any) => t.id),
    ).not.toContain(txId);
  });

  it("applies a transfer without a code to the order the operator names", async () => {
    const op = await operator();
    const buyer = await seedUser();
    const { order } = await createOrder(buyer, "AD_1T");
    const txId = await kept(transfer({ amount: order.amount, code: null, content: "chuyen tien mua goi" }));
    const res = await call("POST", `/admin/api/payments/review/${txId}/apply`, as(op, { order_code: order.code }));
    expect((await json(res)).data).toMatchObject({ outcome: "applied", amountDifference: 0 });
    expect(await premiumInfo(buyer)).toMatchObject({ plan: "advanced" });
  });

  it("marks a transfer refunded or ignored with a note, once, and then refuses to apply it", async () => {
    const op = await operator();
    const buyer = await seedUser();
    const { order } = await createOrder(buyer, "BS_1T");
    const txId = await kept(transfer({ amount: 5_000, code: order.code }));
    const refund = { outcome: "refunded", note: "Sent back to the sender's account on 28/11" };
    const res = await call("POST", `/admin/api/payments/review/${txId}/resolve`, as(op, refund));
    expect((await json(res)).data).toEqual({ outcome: "refunded", changed: true });
    expect((await ledger(txId)).results[0]).toMatchObject({ outcome: "refunded", resolution: refund.note });
    expect(await lastAudit(op)).toMatchObject({ action: "transfer_refund", after: { outcome: "refunded" } });
    const twice = await call("POST", `/admin/api/payments/review/${txId}/resolve`, as(op, refund));
    expect((await json(twice)).data).toEqual({ outcome: "refunded", changed: false });
    await expectError(
      await call("POST", `/admin/api/payments/review/${txId}/apply`, as(op, { order_code: order.code })),
      409,
      "conflict",
    );
    await expectError(
      await call("POST", `/admin/api/payments/review/${txId}/resolve`, as(op, { outcome: "ignored", note: "x" })),
      409,
      "conflict",
    );

    const other = await kept(transfer({ amount: 7_000, code: null, content: "tien nham" }));
    const ignored = await call(
      "POST",
      `/admin/api/payments/review/${other}/resolve`,
      as(op, { outcome: "ignored", note: "Test transfer" }),
    );
    expect((await json(ignored)).data).toEqual({ outcome: "ignored", changed: true });
  });

  it("refuses an unknown transfer or order, a paid order and bad input", async () => {
    const op = await operator();
    const buyer = await seedUser();
    const { order } = await createOrder(buyer, "BS_1T");
    const txId = await kept(transfer({ amount: 1, code: order.code }));
    await expectError(
      await call("POST", "/admin/api/payments/review/nope/apply", as(op, { order_code: order.code })),
      404,
    );
    await expectError(
      await call("POST", `/admin/api/payments/review/${txId}/apply`, as(op, { order_code: "NOSUCH1" })),
      404,
    );
    await expectError(await call("POST", `/admin/api/payments/review/${txId}/apply`, as(op, {})), 400);
    await expectError(
      await call("POST", `/admin/api/payments/review/${txId}/resolve`, as(op, { outcome: "kept", note: "x" })),
      400,
    );
    await expectError(
      await call("POST", `/admin/api/payments/review/${txId}/resolve`, as(op, { outcome: "ignored" })),
      400,
    );
    // the order is paid by a matching transfer meanwhile: the kept one can no longer pay it
    await sendWebhook(transfer({ amount: order.amount, code: order.code }));
    await expectError(
      await call("POST", `/admin/api/payments/review/${txId}/apply`, as(op, { order_code: order.code })),
      409,
      "conflict",
    );
    expect((await ledger(txId)).results[0]).toMatchObject({ outcome: "review" });
  });
});

describe("orders, revenue and commissions", () => {
  it("lists orders by status and today's revenue per plan", async () => {
    const op = await operator();
    const buyer = await seedUser();
    const { order } = await createOrder(buyer, "AD_1Y");
    const pending = (await json(await call("GET", "/admin/api/payments/orders?status=pending", as(op)))).data;
    expect(pending.map((o: any) => o.code)).toContain(order.code);
    const before = (
      await json(await call("GET", `/admin/api/payments/revenue?from=${quotaDay()}&to=${quotaDay()}`, as(op)))
    ).data.days;
    const revenueOf = (days: any[]) => days.find((d) => d.plan === "AD_1Y")?.revenue ?? 0;
    await sendWebhook(transfer({ amount: order.amount, code: order.code }));
    const paid = (await json(await call("GET", "/admin/api/payments/orders?status=paid", as(op)))).data;
    expect(paid.map((o: any) => o.code)).toContain(order.code);
    const after = (
      await json(await call("GET", `/admin/api/payments/revenue?from=${quotaDay()}&to=${quotaDay()}`, as(op)))
    ).data.days;
    expect(revenueOf(after) - revenueOf(before)).toBe(order.amount);
    await expectError(await call("GET", "/admin/api/payments/revenue?from=2026-02-01&to=2026-01-01", as(op)), 400);
    await expectError(await call("GET", "/admin/api/payments/orders?status=lost", as(op)), 400);
  });

  it("shows the commissions owed per referrer and marks one paid, once", async () => {
    const op = await operator();
    const referrer = await seedUser();
    const buyer = await seedUser();
    await env.DB.prepare("INSERT INTO affiliate_referrals (referred_user_id, referrer_id) VALUES (?, ?)")
      .bind(buyer.id, referrer.id)
      .run();
    const { order } = await createOrder(buyer, "BS_1T");
    await sendWebhook(transfer({ amount: order.amount, code: order.code }));
    const listed = (await json(await call("GET", "/admin/api/payments/commissions", as(op)))).data;
    const owed = listed.referrers.find((r: any) => r.referrerId === referrer.id);
    expect(owed).toMatchObject({ referrerEmail: referrer.email, count: 1 });
    expect(owed.owed).toBeGreaterThan(0);
    const commission = listed.commissions.find((x: any) => x.referrerId === referrer.id);
    const paid = await call("POST", `/admin/api/payments/commissions/${commission.id}/paid`, as(op));
    expect((await json(paid)).data).toEqual({ id: commission.id, status: "paid", changed: true });
    expect(await lastAudit(op)).toMatchObject({ action: "commission_paid", target: `commission:${commission.id}` });
    const again = await call("POST", `/admin/api/payments/commissions/${commission.id}/paid`, as(op));
    expect((await json(again)).data.changed).toBe(false);
    const after = (await json(await call("GET", "/admin/api/payments/commissions", as(op)))).data;
    expect(after.referrers.find((r: any) => r.referrerId === referrer.id)).toBeUndefined();
    await expectError(await call("POST", "/admin/api/payments/commissions/nope/paid", as(op)), 404);
  });
});
