// The payments review queue of the operator console: bank transfers the webhook could not apply by itself (no order
// code, an unknown one, the wrong amount, an order no longer pending, another account) are kept as `review`
// (worker/payments/webhook.ts); an operator applies one to an order (its amount difference shown and accepted), marks
// it refunded, or ignores it, each with a note and an audit row. Applying goes through the webhook's own
// applyPayment (worker/db/payments.ts), so the plan, the history, the commission and the user's object change exactly
// as for a matching transfer, and it is idempotent: a transfer applied once is never applied again, and a second
// click does nothing.
import { and, desc, eq, inArray } from "drizzle-orm";
import { auditStatement } from "./audit";
import type { Db } from "../db/client";
import type { IncomingTransaction } from "../db/payments";
import { bankTransactions, paymentOrders } from "../db/schema";
import type { StateOwners } from "../db/state-owner";
import { AppError } from "../errors";
import { payOrderOnce } from "../payments/webhook";

/** Attempts when the buyer's plan changed under the payment, as the webhook makes them. */
const STALE_RETRIES = 3;
/** Transfers the queue lists at most, newest first. */
const QUEUE_LIMIT = 200;

type Admin = { id: string; email: string };

/** The transfers waiting for a person, each with the order it names (if any) and the amount difference. */
export async function readReviewQueue({ db }: { db: Db }) {
  const rows = await db
    .select()
    .from(bankTransactions)
    .where(eq(bankTransactions.outcome, "review"))
    .orderBy(desc(bankTransactions.receivedAt))
    .limit(QUEUE_LIMIT);
  const orderIds = [...new Set(rows.map((r) => r.orderId).filter((id): id is string => id !== null))];
  const orders = orderIds.length
    ? await db.select().from(paymentOrders).where(inArray(paymentOrders.id, orderIds))
    : [];
  const byId = new Map(orders.map((o) => [o.id, o]));
  return rows.map((tx) => {
    const order = tx.orderId ? byId.get(tx.orderId) : undefined;
    return {
      ...tx,
      order: order
        ? { id: order.id, code: order.code, amount: order.amount, status: order.status, userId: order.userId }
        : null,
      /** What the transfer paid over (positive) or under (negative) the order's amount. */
      amountDifference: order ? tx.transferAmount - order.amount : null,
    };
  });
}

export type ApplyReviewResult =
  | { outcome: "applied"; orderCode: string; amountDifference: number }
  | { outcome: "already_applied" };

/** Applies a transfer kept for review to an order (by its code), as if its amount had been the order's. */
export async function applyReviewedTransfer({
  env,
  db,
  owners,
  txId,
  orderCode,
  admin,
  now = Date.now,
}: {
  env: Env;
  db: Db;
  owners: StateOwners;
  txId: string;
  orderCode: string;
  admin: Admin;
  now?: () => number;
}): Promise<ApplyReviewResult> {
  const row = await db.query.bankTransactions.findFirst({ where: eq(bankTransactions.id, txId) });
  if (!row) throw new AppError("not_found", "No such transfer");
  if (row.outcome === "applied") return { outcome: "already_applied" };
  if (row.outcome !== "review")
    throw new AppError("conflict", `This transfer is ${row.outcome}, not waiting for review`);
  const order = await db.query.paymentOrders.findFirst({ where: eq(paymentOrders.code, orderCode.toUpperCase()) });
  if (!order) throw new AppError("not_found", "No order with this code");
  if (order.status !== "pending") throw new AppError("conflict", "This order is no longer pending");

  // Claim the transfer: review → received; a second operator's click finds it claimed or applied.
  const claimed = await db
    .update(bankTransactions)
    .set({ outcome: "received", orderId: order.id, updatedAt: now() })
    .where(and(eq(bankTransactions.id, txId), eq(bankTransactions.outcome, "review")))
    .returning({ id: bankTransactions.id });
  if (claimed.length === 0) {
    const again = await db.query.bankTransactions.findFirst({ where: eq(bankTransactions.id, txId) });
    if (again?.outcome === "applied") return { outcome: "already_applied" };
    throw new AppError("conflict", "Another operator is resolving this transfer");
  }
  const tx: IncomingTransaction = {
    id: row.id,
    gateway: row.gateway,
    transactionDate: row.transactionDate,
    accountNumber: row.accountNumber,
    subAccount: row.subAccount,
    code: row.code,
    content: row.content,
    description: row.description,
    referenceCode: row.referenceCode,
    transferType: row.transferType,
    // Accepted as the order's amount: the ledger keeps what really arrived (applyPayment never rewrites it).
    transferAmount: order.amount,
  };
  const amountDifference = row.transferAmount - order.amount;
  const applyId = crypto.randomUUID();
  try {
    for (let attempt = 0; attempt < STALE_RETRIES; attempt++) {
      const result = await payOrderOnce({ env, db, owner: owners(order.userId), tx, order, applyId, at: now() });
      if (result.kind === "no_user") throw new AppError("not_found", "The order's user no longer exists");
      if (result.kind === "applied") {
        await db.batch([
          auditStatement({
            db,
            entry: {
              admin,
              action: "transfer_apply",
              target: `transfer:${txId}`,
              before: { outcome: "review", reason: row.reviewReason, amount: row.transferAmount },
              after: { outcome: "applied", order: order.code, orderAmount: order.amount, amountDifference },
            },
          }),
        ]);
        return { outcome: "applied", orderCode: order.code, amountDifference };
      }
      if (result.kind === "duplicate") return { outcome: "already_applied" };
      if (result.kind === "order_not_pending") throw new AppError("conflict", "This order is no longer pending");
    }
    throw new AppError("conflict", "The user's plan kept changing; try again");
  } finally {
    // Not applied (a refusal, a race lost, D1 away): the transfer goes back to the queue as it was.
    await db
      .update(bankTransactions)
      .set({ outcome: "review", orderId: row.orderId, reviewReason: row.reviewReason, updatedAt: now() })
      .where(and(eq(bankTransactions.id, txId), eq(bankTransactions.outcome, "received")));
  }
}

/** Marks a transfer kept for review as refunded or ignored, with the operator's note; a repeat changes nothing. */
export async function resolveReviewedTransfer({
  db,
  txId,
  outcome,
  note,
  admin,
  now = Date.now(),
}: {
  db: Db;
  txId: string;
  outcome: "refunded" | "ignored";
  note: string;
  admin: Admin;
  now?: number;
}): Promise<{ outcome: "refunded" | "ignored"; changed: boolean }> {
  const row = await db.query.bankTransactions.findFirst({ where: eq(bankTransactions.id, txId) });
  if (!row) throw new AppError("not_found", "No such transfer");
  if (row.outcome === outcome) return { outcome, changed: false };
  if (row.outcome !== "review")
    throw new AppError("conflict", `This transfer is ${row.outcome}, not waiting for review`);
  const [changed] = await db.batch([
    db
      .update(bankTransactions)
      .set({ outcome, resolution: note, updatedAt: now })
      .where(and(eq(bankTransactions.id, txId), eq(bankTransactions.outcome, "review")))
      .returning({ id: bankTransactions.id }),
    auditStatement({
      db,
      entry: {
        admin,
        action: outcome === "refunded" ? "transfer_refund" : "transfer_ignore",
        target: `transfer:${txId}`,
        before: { outcome: "review", reason: row.reviewReason },
        after: { outcome, note },
      },
    }),
  ]);
  if (changed.length === 0) throw new AppError("conflict", "Another operator resolved this transfer");
  return { outcome, changed: true };
}
