// Payment orders, the bank transaction ledger and subscription history. The one write that matters — a bank transfer
// paying an order — is a single D1 batch whose statements are all conditional on this attempt having claimed both the
// transaction (by its id) and the pending order, so replays and concurrent duplicate deliveries of a transaction, and
// two transfers for one order, can upgrade a user at most once. Reads that belong to a user put the user in the WHERE.
import { and, desc, eq, gt } from "drizzle-orm";
import type { Db } from "../env";
import { isoOrNull } from "../lib/time";
import type { PackageType } from "../plans/packages";
import type { PaidPeriod } from "../payments/premium-period";
import { bankTransactions, paymentOrders, subscriptions } from "./schema";

export type OrderRow = typeof paymentOrders.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type BankTransactionRow = typeof bankTransactions.$inferSelect;

/** How many times a fresh order code is drawn when one collides with an existing order (40 random bits each). */
const CODE_ATTEMPTS = 5;

export async function createOrder({
  db,
  userId,
  packageType,
  amount,
  now,
  ttlMs,
  newCode,
}: {
  db: Db;
  userId: string;
  packageType: PackageType;
  amount: number;
  now: number;
  ttlMs: number;
  newCode: () => string;
}): Promise<OrderRow> {
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    const [row] = await db
      .insert(paymentOrders)
      .values({
        id: crypto.randomUUID(),
        userId,
        code: newCode(),
        packageType,
        amount,
        status: "pending",
        createdAt: now,
        expiresAt: now + ttlMs,
      })
      .onConflictDoNothing({ target: paymentOrders.code })
      .returning();
    if (row) return row;
  }
  throw new Error("could not draw a unique order code");
}

export async function getOrderByCode({ db, code, userId }: { db: Db; code: string; userId: string }) {
  return db.query.paymentOrders.findFirst({ where: and(eq(paymentOrders.code, code.toUpperCase()), eq(paymentOrders.userId, userId)) });
}

/** The user's newest order for a package created after `since` (the verify flow reuses it instead of a new one). */
export async function latestOrderFor({ db, userId, packageType, since }: { db: Db; userId: string; packageType: PackageType; since: number }) {
  return db.query.paymentOrders.findFirst({
    where: and(eq(paymentOrders.userId, userId), eq(paymentOrders.packageType, packageType), gt(paymentOrders.createdAt, since)),
    orderBy: [desc(paymentOrders.createdAt)],
  });
}

export async function listOrders({ db, userId, limit }: { db: Db; userId: string; limit: number }) {
  return db.query.paymentOrders.findMany({
    where: eq(paymentOrders.userId, userId),
    orderBy: [desc(paymentOrders.createdAt), desc(paymentOrders.id)],
    limit,
  });
}

/** Looks an order up by the code found in a transfer memo. Only the webhook calls this (it has no user). */
export async function findOrderForTransfer({ db, code }: { db: Db; code: string }) {
  return db.query.paymentOrders.findFirst({ where: eq(paymentOrders.code, code.toUpperCase()) });
}

export async function getBankTransaction({ db, id }: { db: Db; id: string }) {
  return db.query.bankTransactions.findFirst({ where: eq(bankTransactions.id, id) });
}

/** A transaction as the webhook received it (the ledger's columns that come from the bank feed). */
export interface IncomingTransaction {
  id: string;
  gateway: string | null;
  transactionDate: string | null;
  accountNumber: string | null;
  subAccount: string | null;
  code: string | null;
  content: string | null;
  description: string | null;
  referenceCode: string | null;
  transferType: string;
  transferAmount: number;
}

/**
 * Keeps a transaction that pays nothing: `review` (for a person: unknown code, wrong amount...) or `ignored`
 * (money out). A transaction already settled in the ledger is left as it is (returns false); one left `received` by
 * an attempt that stopped half-way is settled now.
 */
export async function recordUnmatchedTransaction({
  db,
  tx,
  outcome,
  reason,
  orderId,
  now,
}: {
  db: Db;
  tx: IncomingTransaction;
  outcome: "review" | "ignored";
  reason: string;
  orderId: string | null;
  now: number;
}): Promise<boolean> {
  const rows = await db
    .insert(bankTransactions)
    .values({ ...tx, orderId, outcome, reviewReason: reason, receivedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: bankTransactions.id,
      set: { outcome, reviewReason: reason, orderId, updatedAt: now },
      setWhere: eq(bankTransactions.outcome, "received"),
    })
    .returning({ id: bankTransactions.id });
  return rows.length > 0;
}

export interface ApplyPaymentInput {
  db: Db;
  /** The raw D1 binding: the batch below is plain SQL with shared numbered parameters. */
  d1: D1Database;
  tx: IncomingTransaction;
  order: OrderRow;
  /** The user's premium fields as read before computing `period`: the batch only applies if they are unchanged. */
  readPremium: { isPremium: number; premiumEnd: number | null };
  period: PaidPeriod;
  /** Commission rate in basis points for the referrer of the order's user, if the user was referred. */
  commissionBps: number;
  commission: number;
  /** Unique per webhook attempt: marks the rows this attempt claimed. */
  applyId: string;
  now: number;
}

export type ApplyOutcome =
  /** This attempt paid the order: premium, history row and commission are written. */
  | { kind: "applied" }
  /** Another delivery of the same transaction owns it (replay or concurrent duplicate): nothing to do. */
  | { kind: "duplicate"; outcome: string }
  /** The order was no longer pending (paid by another transfer); the transaction is kept for review. */
  | { kind: "order_not_pending" }
  /** The user's premium changed between the read and the batch (another order paid at the same moment): retry. */
  | { kind: "stale" };

/**
 * Pays `order` with `tx` in one batch. Statement 1 claims the ledger row (new, or left `received` by an attempt that
 * stopped half-way); statement 2 moves the order from pending to paid only if this attempt holds the claim, the
 * amount matches and the user's premium fields are still the ones `period` was computed from; every later statement
 * runs only if statement 2 marked the order with this attempt's applyId. So at most one attempt ever writes premium,
 * the history row and the commission for an order, whatever arrives twice or at once.
 */
export async function applyPayment(input: ApplyPaymentInput): Promise<ApplyOutcome> {
  const { db, d1, tx, order, readPremium, period, applyId, now } = input;
  // Numbered parameters, shared by the statements of the batch (D1 binds ?NNN).
  const p = {
    txId: 1, applyId: 2, orderId: 3, userId: 4, now: 5, amount: 6, readLevel: 7, readEnd: 8, level: 9, premiumStart: 10,
    premiumEnd: 11, start: 12, end: 13, packageType: 14, price: 15, subId: 16, commissionId: 17, bps: 18, commission: 19,
  } as const;
  const values: Record<keyof typeof p, unknown> = {
    txId: tx.id, applyId, orderId: order.id, userId: order.userId, now, amount: tx.transferAmount, readLevel: readPremium.isPremium,
    readEnd: readPremium.premiumEnd, level: period.isPremium, premiumStart: period.premiumStart, premiumEnd: period.premiumEnd,
    start: period.start, end: period.end, packageType: order.packageType, price: order.amount, subId: crypto.randomUUID(),
    commissionId: crypto.randomUUID(), bps: input.commissionBps, commission: input.commission,
  };
  const params = (Object.keys(p) as (keyof typeof p)[]).sort((a, b) => p[a] - p[b]).map((k) => values[k]);
  const orderClaimed = `EXISTS (SELECT 1 FROM payment_orders WHERE id = ?${p.orderId} AND apply_id = ?${p.applyId})`;
  const statements = [
    // 1. Claim the ledger row: new, or left `received` by an attempt that stopped half-way.
    `INSERT INTO bank_transactions (id, gateway, transaction_date, account_number, sub_account, code, content, description,
       reference_code, transfer_type, transfer_amount, order_id, outcome, apply_id, received_at, updated_at)
     VALUES (?${p.txId}, ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27, ?28, ?${p.amount}, ?${p.orderId}, 'received', ?${p.applyId}, ?${p.now}, ?${p.now})
     ON CONFLICT(id) DO UPDATE SET apply_id = excluded.apply_id, updated_at = excluded.updated_at
     WHERE bank_transactions.outcome = 'received'`,
    // 2. Pending → paid, only for the claim holder, the exact amount and the premium fields `period` was computed from.
    `UPDATE payment_orders SET status = 'paid', transaction_id = ?${p.txId}, paid_at = ?${p.now}, apply_id = ?${p.applyId}
     WHERE id = ?${p.orderId} AND status = 'pending' AND amount = ?${p.amount}
       AND EXISTS (SELECT 1 FROM bank_transactions WHERE id = ?${p.txId} AND apply_id = ?${p.applyId} AND outcome = 'received')
       AND EXISTS (SELECT 1 FROM users WHERE id = ?${p.userId} AND is_premium = ?${p.readLevel} AND premium_end IS ?${p.readEnd})`,
    // 3-6 run only if statement 2 marked the order with this attempt's applyId.
    `UPDATE users SET is_premium = ?${p.level}, premium_start = ?${p.premiumStart}, premium_end = ?${p.premiumEnd}, updated_at = ?${p.now}
     WHERE id = ?${p.userId} AND ${orderClaimed}`,
    `INSERT INTO subscriptions (id, user_id, plan, start_date, end_date, price, transaction_id, status, method, order_id, created_at)
     SELECT ?${p.subId}, ?${p.userId}, ?${p.packageType}, ?${p.start}, ?${p.end}, ?${p.price}, ?${p.txId}, 'active', 'bank_transfer',
       ?${p.orderId}, ?${p.now}
     WHERE ${orderClaimed}`,
    // The referrer's commission, if the buyer was referred (never to themselves).
    `INSERT INTO affiliate_commissions (id, referrer_id, referred_user_id, order_id, order_amount, rate_bps, commission, status, created_at)
     SELECT ?${p.commissionId}, r.referrer_id, r.referred_user_id, ?${p.orderId}, ?${p.price}, ?${p.bps}, ?${p.commission}, 'pending', ?${p.now}
     FROM affiliate_referrals r
     WHERE r.referred_user_id = ?${p.userId} AND r.referrer_id != ?${p.userId} AND ?${p.commission} > 0 AND ${orderClaimed}`,
    `UPDATE bank_transactions SET outcome = 'applied', order_id = ?${p.orderId}, updated_at = ?${p.now}
     WHERE id = ?${p.txId} AND apply_id = ?${p.applyId} AND ${orderClaimed}`,
  ];
  const ledgerFields = [tx.gateway, tx.transactionDate, tx.accountNumber, tx.subAccount, tx.code, tx.content, tx.description, tx.referenceCode, tx.transferType];
  await d1.batch(
    statements.map((q, i) => {
      // SQLite numbers parameters up to the highest one a statement uses; bind exactly that many.
      const used = Math.max(...[...q.matchAll(/\?(\d+)/g)].map((m) => Number(m[1])));
      const all = i === 0 ? [...params, ...ledgerFields] : params;
      return d1.prepare(q).bind(...all.slice(0, used));
    }),
  );

  const [ledger, after] = await Promise.all([
    getBankTransaction({ db, id: tx.id }),
    db.query.paymentOrders.findFirst({ where: eq(paymentOrders.id, order.id) }),
  ]);
  if (after?.applyId === applyId) return { kind: "applied" };
  if (!ledger || ledger.applyId !== applyId || ledger.outcome !== "received") {
    return { kind: "duplicate", outcome: ledger?.outcome ?? "unknown" };
  }
  if (after && after.status !== "pending") {
    await markForReview({ db, txId: tx.id, applyId, reason: "order_not_pending", now });
    return { kind: "order_not_pending" };
  }
  return { kind: "stale" };
}

/** Moves a transaction this attempt claimed (still `received`) to the review queue. */
export async function markForReview({ db, txId, applyId, reason, now }: { db: Db; txId: string; applyId: string; reason: string; now: number }) {
  await db
    .update(bankTransactions)
    .set({ outcome: "review", reviewReason: reason, updatedAt: now })
    .where(and(eq(bankTransactions.id, txId), eq(bankTransactions.applyId, applyId), eq(bankTransactions.outcome, "received")));
}

export async function listSubscriptions({ db, userId, limit }: { db: Db; userId: string; limit: number }) {
  return db.query.subscriptions.findMany({
    where: eq(subscriptions.userId, userId),
    orderBy: [desc(subscriptions.startDate), desc(subscriptions.createdAt)],
    limit,
  });
}

/** The status an order shows: a pending order past its expiry reads as expired (it can still be paid late). */
export function orderStatus(o: OrderRow, now: number): "pending" | "paid" | "expired" | "cancelled" {
  if (o.status === "pending" && o.expiresAt > 0 && o.expiresAt <= now) return "expired";
  return o.status;
}

export function publicOrder(o: OrderRow, now: number) {
  return {
    id: o.id,
    code: o.code,
    package_type: o.packageType,
    amount: o.amount,
    currency: "VND" as const,
    status: orderStatus(o, now),
    created_at: isoOrNull(o.createdAt),
    expires_at: isoOrNull(o.expiresAt),
    paid_at: isoOrNull(o.paidAt),
    transaction_id: o.transactionId,
  };
}

/** A history row's status: cancelled stays cancelled, otherwise active until its end date, then expired. */
export function subscriptionStatus(s: SubscriptionRow, now: number): "active" | "expired" | "cancelled" {
  if (s.status === "cancelled") return "cancelled";
  return s.endDate > now ? "active" : "expired";
}

export function publicSubscription(s: SubscriptionRow, now: number) {
  return {
    id: s.id,
    plan: s.plan,
    start_date: isoOrNull(s.startDate),
    end_date: isoOrNull(s.endDate),
    price: s.price,
    currency: "VND" as const,
    transaction_id: s.transactionId,
    status: subscriptionStatus(s, now),
    method: s.method,
  };
}
