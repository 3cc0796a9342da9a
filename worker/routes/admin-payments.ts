// The operator console's payments, /admin/api/payments (mounted behind the wall by admin.ts): orders by status, the
// review queue of transfers the webhook could not apply (worker/admin/review-queue.ts: apply to an order with the
// amount difference shown, mark refunded, ignore, each with a note), revenue per day and plan, and the affiliate
// commissions owed with a "mark paid" action. Every change writes its audit row.
import { and, desc, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import * as v from "valibot";
import { auditStatement } from "../admin/audit";
import { applyReviewedTransfer, readReviewQueue, resolveReviewedTransfer } from "../admin/review-queue";
import { userHub } from "../../durable-objects/user-hub-stub";
import { affiliateCommissions, paymentOrders, subscriptions, users } from "../db/schema";
import { orderStatus } from "../db/payments";
import { AppError } from "../errors";
import type { AppEnv } from "../http/app-env";
import { valid } from "../lib/validate";

/** Orders one page lists, newest first. */
const ORDERS_LIMIT = 100;
/** Quota days are Asia/Ho_Chi_Minh: UTC+7 all year, in seconds for SQLite's date(). */
const QUOTA_DAY_OFFSET_S = 7 * 3600;
const DAY_MS = 86_400_000;
/** The longest revenue span one call reads, in days. */
const MAX_REVENUE_DAYS = 366;

const OrdersQuery = v.object({
  status: v.optional(
    v.picklist(["pending", "paid", "expired", "cancelled"], "status must be pending, paid, expired or cancelled"),
  ),
});
const Day = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, "days are YYYY-MM-DD"));
const RevenueQuery = v.object({ from: Day, to: Day });
const ApplySchema = v.strictObject({
  order_code: v.pipe(
    v.string("order_code is required"),
    v.trim(),
    v.regex(/^[A-Za-z0-9]{4,40}$/, "order_code is an order's code"),
  ),
});
const ResolveSchema = v.strictObject({
  outcome: v.picklist(["refunded", "ignored"], "outcome must be refunded or ignored"),
  note: v.pipe(v.string("note is required"), v.trim(), v.nonEmpty("note is required"), v.maxLength(1_000)),
});

const adminOf = (c: { var: AppEnv["Variables"] }) => ({ id: c.var.user.id, email: c.var.user.email });

export const adminPaymentRoutes = new Hono<AppEnv>()
  .get("/orders", valid("query", OrdersQuery), async (c) => {
    const { status } = c.req.valid("query");
    const now = Date.now();
    // Expired is a pending order past its time: read pending ones and tell them apart as the user's page does.
    const stored = status === "expired" ? "pending" : status;
    const rows = await c.var.db
      .select({ order: paymentOrders, email: users.email })
      .from(paymentOrders)
      .innerJoin(users, eq(users.id, paymentOrders.userId))
      .where(stored ? eq(paymentOrders.status, stored) : undefined)
      .orderBy(desc(paymentOrders.createdAt))
      .limit(ORDERS_LIMIT);
    const orders = rows
      .map(({ order, email }) => ({ ...order, email, status: orderStatus(order, now) }))
      .filter((o) => !status || o.status === status);
    return c.json({ status: "success", data: orders }, 200);
  })
  .get("/review", async (c) => c.json({ status: "success", data: await readReviewQueue({ db: c.var.db }) }, 200))
  .post("/review/:id/apply", valid("json", ApplySchema), async (c) => {
    const result = await applyReviewedTransfer({
      env: c.env,
      db: c.var.db,
      owners: (userId) => userHub(c.env, userId),
      txId: c.req.param("id"),
      orderCode: c.req.valid("json").order_code,
      admin: adminOf(c),
    });
    return c.json({ status: "success", data: result }, 200);
  })
  .post("/review/:id/resolve", valid("json", ResolveSchema), async (c) => {
    const { outcome, note } = c.req.valid("json");
    const result = await resolveReviewedTransfer({
      db: c.var.db,
      txId: c.req.param("id"),
      outcome,
      note,
      admin: adminOf(c),
    });
    return c.json({ status: "success", data: result }, 200);
  })
  .get("/revenue", valid("query", RevenueQuery), async (c) => {
    const { from, to } = c.req.valid("query");
    const span = (Date.parse(to) - Date.parse(from)) / DAY_MS;
    if (span < 0) throw new AppError("invalid_input", "from must not be after to", { field: "from" });
    if (span >= MAX_REVENUE_DAYS)
      throw new AppError("invalid_input", `At most ${MAX_REVENUE_DAYS} days at once`, { field: "from" });
    const day = sql<string>`date(${subscriptions.createdAt} / 1000 + ${QUOTA_DAY_OFFSET_S}, 'unixepoch')`;
    const rows = await c.var.db
      .select({
        day,
        plan: subscriptions.plan,
        orders: sql<number>`count(*)`,
        revenue: sql<number>`sum(${subscriptions.price})`,
      })
      .from(subscriptions)
      .where(and(eq(subscriptions.method, "bank_transfer"), sql`${day} BETWEEN ${from} AND ${to}`))
      .groupBy(day, subscriptions.plan)
      .orderBy(day, subscriptions.plan);
    return c.json({ status: "success", data: { from, to, days: rows } }, 200);
  })
  .get("/commissions", async (c) => {
    const owed = await c.var.db
      .select({
        id: affiliateCommissions.id,
        referrerId: affiliateCommissions.referrerId,
        referrerEmail: users.email,
        orderId: affiliateCommissions.orderId,
        orderAmount: affiliateCommissions.orderAmount,
        commission: affiliateCommissions.commission,
        status: affiliateCommissions.status,
        createdAt: affiliateCommissions.createdAt,
      })
      .from(affiliateCommissions)
      .innerJoin(users, eq(users.id, affiliateCommissions.referrerId))
      .where(sql`${affiliateCommissions.status} IN ('pending', 'approved')`)
      .orderBy(desc(affiliateCommissions.createdAt));
    const byReferrer = new Map<string, { referrerId: string; referrerEmail: string; owed: number; count: number }>();
    for (const o of owed) {
      const sum = byReferrer.get(o.referrerId) ?? {
        referrerId: o.referrerId,
        referrerEmail: o.referrerEmail,
        owed: 0,
        count: 0,
      };
      sum.owed += o.commission;
      sum.count++;
      byReferrer.set(o.referrerId, sum);
    }
    return c.json({ status: "success", data: { commissions: owed, referrers: [...byReferrer.values()] } }, 200);
  })
  .post("/commissions/:id/paid", async (c) => {
    const db = c.var.db;
    const id = c.req.param("id");
    const row = await db.query.affiliateCommissions.findFirst({ where: eq(affiliateCommissions.id, id) });
    if (!row) throw new AppError("not_found", "No such commission");
    if (row.status === "paid") return c.json({ status: "success", data: { id, status: "paid", changed: false } }, 200);
    if (row.status === "cancelled") throw new AppError("conflict", "This commission was cancelled");
    await db.batch([
      db
        .update(affiliateCommissions)
        .set({ status: "paid" })
        .where(and(eq(affiliateCommissions.id, id), sql`${affiliateCommissions.status} IN ('pending', 'approved')`)),
      auditStatement({
        db,
        entry: {
          admin: adminOf(c),
          action: "commission_paid",
          target: `commission:${id}`,
          before: { status: row.status, commission: row.commission },
          after: { status: "paid" },
        },
      }),
    ]);
    return c.json({ status: "success", data: { id, status: "paid", changed: true } }, 200);
  });
