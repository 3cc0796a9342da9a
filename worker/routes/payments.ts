// /payments: the package list, creating an order (its VietQR payload, account and memo), checking an order
// (POST /payments/verify), the user's order history, and the bank's webhook that pays orders. Amounts always come
// from worker/plans/packages.ts, never from the client; another user's order is a 404.
import { Hono, type MiddlewareHandler } from "hono";
import * as v from "valibot";
import { userHub } from "../../durable-objects/user-hub-stub";
import { assertOwnUserId, requireAuth } from "../http/auth-middleware";
import {
  createOrder,
  getOrderByCode,
  latestOrderFor,
  listOrders,
  orderStatus,
  publicOrder,
  type OrderRow,
} from "../db/payments";
import { hitRateLimit } from "../db/rate-limits";
import type { AppEnv } from "../http/app-env";
import type { Db } from "../db/client";
import type { SessionUser } from "../db/users";
import { AppError } from "../errors";
import { isoOrNull } from "../lib/time";
import { valid } from "../lib/validate";
import { ORDER_TTL_MS, ORDERS_PER_HOUR, paymentInstructions } from "../payments/checkout";
import { webhookSecret } from "../payments/config";
import { newOrderCode } from "../payments/order-code";
import { handleBankTransaction, isAuthorizedWebhook, SepayWebhookSchema } from "../payments/webhook";
import { planOf } from "../plans/entitlements";
import { PACKAGES, packagesResponse, type PackageType } from "../plans/packages";
import { NewOrderSchema, OrderCodeSchema, PaymentVerifySchema } from "../protocol/payment-requests";
import type { CreateOrderBody, OrdersBody, PackagesBody, PaymentCheckBody } from "../protocol/payments";

/** Orders listed per page of history: the newest 50. */
const HISTORY_LIMIT = 50;
const HOUR_MS = 60 * 60 * 1000;

const CodeParam = v.object({ code: OrderCodeSchema });

const requireWebhookSecret: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!(await isAuthorizedWebhook(c.req.header("Authorization"), webhookSecret(c.env)))) {
    throw new AppError("unauthorized", "Invalid webhook credentials");
  }
  await next();
};

async function newOrder(db: Db, user: SessionUser, packageType: PackageType): Promise<OrderRow> {
  const ok = await hitRateLimit({ db, key: `payments:create:${user.id}`, max: ORDERS_PER_HOUR, windowMs: HOUR_MS });
  if (!ok) throw new AppError("rate_limited", "Too many payment orders. Please try again later.");
  return createOrder({
    db,
    userId: user.id,
    packageType,
    amount: PACKAGES[packageType].amount,
    now: Date.now(),
    ttlMs: ORDER_TTL_MS,
    newCode: newOrderCode,
  });
}

function premiumOf(user: SessionUser) {
  return {
    is_premium: user.isPremium,
    premium_start: isoOrNull(user.premiumStart),
    premium_end: isoOrNull(user.premiumEnd),
    plan: planOf(user),
  };
}

export const paymentRoutes = new Hono<AppEnv>()
  .get("/packages", (c) => c.json({ status: "success", data: packagesResponse() } satisfies PackagesBody, 200))
  .post("/create", requireAuth, valid("json", NewOrderSchema), async (c) => {
    const { packageType } = c.req.valid("json");
    const order = await newOrder(c.var.db, c.var.user, packageType);
    return c.json(
      {
        status: "success",
        data: { order: publicOrder(order, Date.now()), payment: paymentInstructions(c.env, order) },
      } satisfies CreateOrderBody,
      201,
    );
  })
  /**
   * The verify call existing clients make, {userId, packageType, amount}: answers the order's state, pending or paid
   * (expired once its QR is no longer offered). With an orderCode it checks that order; without one, the user's newest
   * order for the package from the last 15 minutes, and when there is none it starts one (the verify flow's first
   * call).
   */
  .post("/verify", requireAuth, valid("json", PaymentVerifySchema), async (c) => {
    const body = c.req.valid("json");
    const { db, user } = c.var;
    assertOwnUserId(body.userId, user.id);
    const pkg = PACKAGES[body.packageType];
    if (body.amount !== pkg.amount) {
      throw new AppError("amount_mismatch", `The amount for ${pkg.type} is ${pkg.amount} VND`, {
        field: "amount",
        expected: pkg.amount,
      });
    }
    const now = Date.now();
    let order: OrderRow | undefined;
    let created = false;
    if (body.orderCode) {
      order = await getOrderByCode({ db, code: body.orderCode, userId: user.id });
      if (!order) throw new AppError("not_found", "Order not found");
      if (order.packageType !== body.packageType) {
        throw new AppError("invalid_input", "packageType does not match the order", { field: "packageType" });
      }
    } else {
      order = await latestOrderFor({ db, userId: user.id, packageType: body.packageType, since: now - ORDER_TTL_MS });
      if (!order) {
        order = await newOrder(db, user, body.packageType);
        created = true;
      }
    }
    const status = orderStatus(order, now);
    return c.json(
      {
        status: "success",
        data: {
          payment_status: status,
          order: publicOrder(order, now),
          payment: status === "pending" ? paymentInstructions(c.env, order) : null,
          premium: premiumOf(user),
        },
      } satisfies PaymentCheckBody,
      created ? 201 : 200,
    );
  })
  .get("/orders", requireAuth, async (c) => {
    const rows = await listOrders({ db: c.var.db, userId: c.var.user.id, limit: HISTORY_LIMIT });
    const now = Date.now();
    return c.json(
      { status: "success", data: { orders: rows.map((o) => publicOrder(o, now)) } } satisfies OrdersBody,
      200,
    );
  })
  .get("/orders/:code", requireAuth, valid("param", CodeParam), async (c) => {
    const order = await getOrderByCode({ db: c.var.db, code: c.req.valid("param").code, userId: c.var.user.id });
    if (!order) throw new AppError("not_found", "Order not found");
    const now = Date.now();
    const status = orderStatus(order, now);
    return c.json(
      {
        status: "success",
        data: {
          payment_status: status,
          order: publicOrder(order, now),
          payment: status === "pending" ? paymentInstructions(c.env, order) : null,
          premium: premiumOf(c.var.user),
        },
      } satisfies PaymentCheckBody,
      200,
    );
  })
  /** The bank feed's webhook: its shared secret is checked before the body is read. */
  .post("/webhook", requireWebhookSecret, valid("json", SepayWebhookSchema), async (c) => {
    const result = await handleBankTransaction({
      env: c.env,
      db: c.var.db,
      body: c.req.valid("json"),
      owners: (userId) => userHub(c.env, userId),
    });
    // SePay treats 200 with {"success": true} as delivered; the envelope's fields ride along.
    return c.json({ status: "success", success: true, data: result }, 200);
  });
