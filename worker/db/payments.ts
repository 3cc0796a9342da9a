// Payment orders, the bank transaction ledger, the user's queue of paid periods and the subscription history. The one
// write that matters — a bank transfer paying an order — is a single D1 batch whose statements are all conditional on
// this attempt having claimed both the transaction (by its id) and the pending order, so replays and concurrent
// duplicate deliveries of a transaction, and two transfers for one order, can upgrade a user at most once. Reads that
// belong to a user put the user in the WHERE.
import { and, asc, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "./client";
import { isoOrNull } from "../lib/time";
import type { PackageType } from "../plans/packages";
import type { PremiumPeriod, PremiumState } from "../plans/premium-period";
import { bankTransactions, paymentOrders, premiumPeriods, subscriptions, users } from "./schema";
import type { StateOwner } from "./state-owner";

export type OrderRow = typeof paymentOrders.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type BankTransactionRow = typeof bankTransactions.$inferSelect;
export type PremiumPeriodRow = typeof premiumPeriods.$inferSelect;

/** The user's paid periods, oldest first (one query, for a batch). */
export function premiumPeriodsQuery(db: Db, userId: string) {
  return db
    .select()
    .from(premiumPeriods)
    .where(eq(premiumPeriods.userId, userId))
    .orderBy(asc(premiumPeriods.startAt), asc(premiumPeriods.endAt));
}

export function toPremiumPeriod(r: PremiumPeriodRow): PremiumPeriod {
  return { id: r.id, level: r.level, start: r.startAt, end: r.endAt, source: r.subscriptionId };
}

/** The user row and their paid periods as one read (one batch), what a payment is computed from. */
export async function readPremiumQueue({ db, userId }: { db: Db; userId: string }) {
  const [userRows, periodRows] = await db.batch([
    db.select().from(users).where(eq(users.id, userId)).limit(1),
    premiumPeriodsQuery(db, userId),
  ]);
  return { user: userRows[0], periods: periodRows.map(toPremiumPeriod) };
}

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
  return db.query.paymentOrders.findFirst({
    where: and(eq(paymentOrders.code, code.toUpperCase()), eq(paymentOrders.userId, userId)),
  });
}

/** The user's newest order for a package created after `since` (the verify flow reuses it instead of a new one). */
export async function latestOrderFor({
  db,
  userId,
  packageType,
  since,
}: {
  db: Db;
  userId: string;
  packageType: PackageType;
  since: number;
}) {
  return db.query.paymentOrders.findFirst({
    where: and(
      eq(paymentOrders.userId, userId),
      eq(paymentOrders.packageType, packageType),
      gt(paymentOrders.createdAt, since),
    ),
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
  /** The paying user's object, told once the payment has committed (it reloads the plan and tells open tabs). */
  owner: StateOwner;
  /** The raw D1 binding: the batch below is plain SQL with shared numbered parameters. */
  d1: D1Database;
  tx: IncomingTransaction;
  order: OrderRow;
  /**
   * The user's premium fields and how many periods they had, as read before computing `queue`: the batch only applies
   * if they are unchanged (another payment or the plan switching at a boundary in between means: compute again).
   */
  read: PremiumState & { periodCount: number };
  /** The queue the payment was computed from (as read) and the queue after it, with the period bought. */
  queue: { before: readonly PremiumPeriod[]; after: readonly PremiumPeriod[]; added: PremiumPeriod };
  /** The user's premium fields at `now` with the new queue. */
  fields: PremiumState;
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
 * amount matches and the user's premium fields and periods are still the ones `queue` was computed from; every later
 * statement runs only if statement 2 marked the order with this attempt's applyId. So at most one attempt ever writes
 * premium, the history row, the periods and the commission for an order, whatever arrives twice or at once.
 */
export async function applyPayment(input: ApplyPaymentInput): Promise<ApplyOutcome> {
  const { db, owner, d1, tx, order, read, queue, fields, applyId, now } = input;
  const subId = crypto.randomUUID();
  // Numbered parameters, shared by the statements of the batch (D1 binds ?NNN); a statement's own values follow
  // from ?20 on (OWN).
  const p = {
    txId: 1,
    applyId: 2,
    orderId: 3,
    userId: 4,
    now: 5,
    amount: 6,
    readLevel: 7,
    readEnd: 8,
    level: 9,
    premiumStart: 10,
    premiumEnd: 11,
    start: 12,
    end: 13,
    packageType: 14,
    price: 15,
    subId: 16,
    commissionId: 17,
    bps: 18,
    commission: 19,
    readStart: 20,
    readCount: 21,
  } as const;
  const OWN = 22;
  const values: Record<keyof typeof p, unknown> = {
    txId: tx.id,
    applyId,
    orderId: order.id,
    userId: order.userId,
    now,
    amount: tx.transferAmount,
    readLevel: read.isPremium,
    readEnd: read.premiumEnd,
    level: fields.isPremium,
    premiumStart: fields.premiumStart,
    premiumEnd: fields.premiumEnd,
    start: queue.added.start,
    end: queue.added.end,
    packageType: order.packageType,
    price: order.amount,
    subId,
    commissionId: crypto.randomUUID(),
    bps: input.commissionBps,
    commission: input.commission,
    readStart: read.premiumStart,
    readCount: read.periodCount,
  };
  const params = (Object.keys(p) as (keyof typeof p)[]).sort((a, b) => p[a] - p[b]).map((k) => values[k]);
  const own = (i: number) => `?${OWN + i}`;
  const orderClaimed = `EXISTS (SELECT 1 FROM payment_orders WHERE id = ?${p.orderId} AND apply_id = ?${p.applyId})`;
  const statements: { sql: string; own?: unknown[] }[] = [
    // 1. Claim the ledger row: new, or left `received` by an attempt that stopped half-way.
    {
      sql: `INSERT INTO bank_transactions (id, gateway, transaction_date, account_number, sub_account, code, content, description,
       reference_code, transfer_type, transfer_amount, order_id, outcome, apply_id, received_at, updated_at)
     VALUES (?${p.txId}, ${own(0)}, ${own(1)}, ${own(2)}, ${own(3)}, ${own(4)}, ${own(5)}, ${own(6)}, ${own(7)}, ${own(8)}, ?${p.amount},
       ?${p.orderId}, 'received', ?${p.applyId}, ?${p.now}, ?${p.now})
     ON CONFLICT(id) DO UPDATE SET apply_id = excluded.apply_id, updated_at = excluded.updated_at
     WHERE bank_transactions.outcome = 'received'`,
      own: [
        tx.gateway,
        tx.transactionDate,
        tx.accountNumber,
        tx.subAccount,
        tx.code,
        tx.content,
        tx.description,
        tx.referenceCode,
        tx.transferType,
      ],
    },
    // 2. Pending → paid, only for the claim holder, the exact amount and the premium the queue was computed from.
    {
      sql: `UPDATE payment_orders SET status = 'paid', transaction_id = ?${p.txId}, paid_at = ?${p.now}, apply_id = ?${p.applyId}
     WHERE id = ?${p.orderId} AND status = 'pending' AND amount = ?${p.amount}
       AND EXISTS (SELECT 1 FROM bank_transactions WHERE id = ?${p.txId} AND apply_id = ?${p.applyId} AND outcome = 'received')
       AND EXISTS (SELECT 1 FROM users WHERE id = ?${p.userId} AND is_premium = ?${p.readLevel} AND premium_start IS ?${p.readStart}
         AND premium_end IS ?${p.readEnd})
       AND (SELECT count(*) FROM premium_periods WHERE user_id = ?${p.userId}) = ?${p.readCount}`,
    },
    // Every later statement runs only if statement 2 marked the order with this attempt's applyId.
    {
      sql: `UPDATE users SET is_premium = ?${p.level}, premium_start = ?${p.premiumStart}, premium_end = ?${p.premiumEnd}, updated_at = ?${p.now}
     WHERE id = ?${p.userId} AND ${orderClaimed}`,
    },
    {
      sql: `INSERT INTO subscriptions (id, user_id, plan, start_date, end_date, price, transaction_id, status, method, order_id, created_at)
     SELECT ?${p.subId}, ?${p.userId}, ?${p.packageType}, ?${p.start}, ?${p.end}, ?${p.price}, ?${p.txId}, 'active', 'bank_transfer',
       ?${p.orderId}, ?${p.now}
     WHERE ${orderClaimed}`,
    },
    // The queue: periods that moved or were cut short, then the new ones (the one bought, a split period's rest).
    ...periodWrites(queue).map(({ kind, period }) =>
      kind === "update"
        ? {
            sql: `UPDATE premium_periods SET start_at = ${own(1)}, end_at = ${own(2)} WHERE id = ${own(0)} AND user_id = ?${p.userId} AND ${orderClaimed}`,
            own: [period.id, period.start, period.end],
          }
        : {
            sql: `INSERT INTO premium_periods (id, user_id, subscription_id, level, start_at, end_at, created_at)
     SELECT ${own(0)}, ?${p.userId}, ${own(1)}, ${own(2)}, ${own(3)}, ${own(4)}, ?${p.now} WHERE ${orderClaimed}`,
            own: [
              crypto.randomUUID(),
              period === queue.added ? subId : period.source,
              period.level,
              period.start,
              period.end,
            ],
          },
    ),
    // A history row's dates span its periods (first start, last end), so they stay true when its time moves.
    {
      sql: `UPDATE subscriptions SET
       start_date = (SELECT min(start_at) FROM premium_periods WHERE subscription_id = subscriptions.id),
       end_date = (SELECT max(end_at) FROM premium_periods WHERE subscription_id = subscriptions.id)
     WHERE user_id = ?${p.userId} AND EXISTS (SELECT 1 FROM premium_periods WHERE subscription_id = subscriptions.id) AND ${orderClaimed}`,
    },
    // The referrer's commission, if the buyer was referred (never to themselves).
    {
      sql: `INSERT INTO affiliate_commissions (id, referrer_id, referred_user_id, order_id, order_amount, rate_bps, commission, status, created_at)
     SELECT ?${p.commissionId}, r.referrer_id, r.referred_user_id, ?${p.orderId}, ?${p.price}, ?${p.bps}, ?${p.commission}, 'pending', ?${p.now}
     FROM affiliate_referrals r
     WHERE r.referred_user_id = ?${p.userId} AND r.referrer_id != ?${p.userId} AND ?${p.commission} > 0 AND ${orderClaimed}`,
    },
    {
      sql: `UPDATE bank_transactions SET outcome = 'applied', order_id = ?${p.orderId}, updated_at = ?${p.now}
     WHERE id = ?${p.txId} AND apply_id = ?${p.applyId} AND ${orderClaimed}`,
    },
  ];
  await d1.batch(
    statements.map(({ sql: q, own: mine = [] }) => {
      // SQLite numbers parameters up to the highest one a statement uses; bind exactly that many.
      const used = Math.max(...[...q.matchAll(/\?(\d+)/g)].map((m) => Number(m[1])));
      return d1.prepare(q).bind(...[...params, ...mine].slice(0, used));
    }),
  );

  const [ledger, after] = await Promise.all([
    getBankTransaction({ db, id: tx.id }),
    db.query.paymentOrders.findFirst({ where: eq(paymentOrders.id, order.id) }),
  ]);
  if (after?.applyId === applyId) {
    // The payment is committed either way: a failed call to the object must not make the bank send it again (the
    // object reads the paid periods again at its next load or boundary).
    await owner.userChanged().catch((err) => console.error("the user's object missed a payment", order.userId, err));
    return { kind: "applied" };
  }
  if (!ledger || ledger.applyId !== applyId || ledger.outcome !== "received") {
    return { kind: "duplicate", outcome: ledger?.outcome ?? "unknown" };
  }
  if (after && after.status !== "pending") {
    await markForReview({ db, txId: tx.id, applyId, reason: "order_not_pending", now });
    return { kind: "order_not_pending" };
  }
  return { kind: "stale" };
}

/** What changes in D1 from `before` to `after`: stored periods whose dates changed, and periods to insert. */
export function periodWrites(
  queue: ApplyPaymentInput["queue"],
): { kind: "update" | "insert"; period: PremiumPeriod }[] {
  const stored = new Map(queue.before.filter((x) => x.id !== null).map((x) => [x.id, x]));
  return queue.after.flatMap((period): { kind: "update" | "insert"; period: PremiumPeriod }[] => {
    const was = period.id === null ? undefined : stored.get(period.id);
    if (!was) return [{ kind: "insert", period }];
    return was.start !== period.start || was.end !== period.end ? [{ kind: "update", period }] : [];
  });
}

/** Moves a transaction this attempt claimed (still `received`) to the review queue. */
export async function markForReview({
  db,
  txId,
  applyId,
  reason,
  now,
}: {
  db: Db;
  txId: string;
  applyId: string;
  reason: string;
  now: number;
}) {
  await db
    .update(bankTransactions)
    .set({ outcome: "review", reviewReason: reason, updatedAt: now })
    .where(
      and(
        eq(bankTransactions.id, txId),
        eq(bankTransactions.applyId, applyId),
        eq(bankTransactions.outcome, "received"),
      ),
    );
}

/**
 * The subscription history as periods, newest start first: one row per period of paid time (a purchase whose time
 * was split by a higher plan shows both parts, the later one `resumed`), and a purchase without periods (cancelled,
 * paid for nothing) as itself.
 */
export async function listPaidPeriods({ db, userId, limit }: { db: Db; userId: string; limit: number }) {
  const start = sql<number>`coalesce(${premiumPeriods.startAt}, ${subscriptions.startDate})`;
  return db
    .select({
      id: sql<string>`coalesce(${premiumPeriods.id}, ${subscriptions.id})`,
      plan: subscriptions.plan,
      start,
      end: sql<number>`coalesce(${premiumPeriods.endAt}, ${subscriptions.endDate})`,
      price: subscriptions.price,
      transactionId: subscriptions.transactionId,
      status: subscriptions.status,
      method: subscriptions.method,
      resumed: sql<number>`exists (SELECT 1 FROM premium_periods earlier
        WHERE earlier.subscription_id = ${subscriptions.id} AND earlier.start_at < ${premiumPeriods.startAt})`,
    })
    .from(subscriptions)
    .leftJoin(
      premiumPeriods,
      and(eq(premiumPeriods.subscriptionId, subscriptions.id), eq(premiumPeriods.userId, userId)),
    )
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(start), desc(subscriptions.createdAt))
    .limit(limit);
}

export type PaidPeriodRow = Awaited<ReturnType<typeof listPaidPeriods>>[number];

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

/** A history row's status: cancelled stays cancelled, otherwise scheduled before its start, active until its end, then expired. */
export function periodStatus(
  s: Pick<PaidPeriodRow, "status" | "start" | "end">,
  now: number,
): "active" | "scheduled" | "expired" | "cancelled" {
  if (s.status === "cancelled") return "cancelled";
  if (s.start > now) return "scheduled";
  return s.end > now ? "active" : "expired";
}

export function publicPaidPeriod(s: PaidPeriodRow, now: number) {
  return {
    id: s.id,
    plan: s.plan,
    start_date: isoOrNull(s.start),
    end_date: isoOrNull(s.end),
    price: s.price,
    currency: "VND" as const,
    transaction_id: s.transactionId,
    status: periodStatus(s, now),
    method: s.method,
    resumed: Boolean(s.resumed),
  };
}

/**
 * Writes the premium fields of the period now in force onto the user row (the user's object, at a period's boundary),
 * only if the row still holds `from`: a payment that changed it meanwhile wins, and tells the object itself.
 * True when written.
 */
export async function savePremiumFields({
  db,
  userId,
  from,
  to,
  now,
}: {
  db: Db;
  userId: string;
  from: PremiumState;
  to: PremiumState;
  now: number;
}) {
  const is = (column: typeof users.premiumStart | typeof users.premiumEnd, value: number | null) =>
    value === null ? isNull(column) : eq(column, value);
  const rows = await db
    .update(users)
    .set({ isPremium: to.isPremium, premiumStart: to.premiumStart, premiumEnd: to.premiumEnd, updatedAt: now })
    .where(
      and(
        eq(users.id, userId),
        eq(users.isPremium, from.isPremium),
        is(users.premiumStart, from.premiumStart),
        is(users.premiumEnd, from.premiumEnd),
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}
