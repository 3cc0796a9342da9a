// The bank's transaction webhook, SePay's format (https://docs.sepay.vn/tich-hop-webhooks.html): a JSON POST per
// bank transaction with `Authorization: Apikey <secret>`, answered 200 {"success": true} once handled (anything else
// is retried by the sender). A transfer pays an order only when it is money in, its memo (code, else content, else
// description) carries a known order code, and the amount is exactly the order's; anything else changes nothing and
// is kept in the ledger for review. Idempotent by the transaction id (see applyPayment in worker/db/payments.ts).
import * as v from "valibot";
import {
  applyPayment,
  findOrderForTransfer,
  getBankTransaction,
  markForReview,
  readPremiumQueue,
  recordUnmatchedTransaction,
  type ApplyOutcome,
  type IncomingTransaction,
  type OrderRow,
} from "../db/payments";
import type { Db } from "../db/client";
import type { StateOwner, StateOwners } from "../db/state-owner";
import { PACKAGES } from "../plans/packages";
import { bankAccount, commissionOf, commissionRateBps } from "./config";
import { findOrderCode } from "./order-code";
import { addPaidPeriod, premiumFields, queueOf } from "../plans/premium-period";
import { matchesSharedSecret } from "../auth/shared-secret";

const Text = (max: number) => v.nullish(v.pipe(v.string(), v.maxLength(max)), null);

/** SePay's webhook body. Unknown fields are dropped; `id` and `transferAmount` may come as numbers or numeric strings. */
export const SepayWebhookSchema = v.object({
  id: v.pipe(
    v.union(
      [
        v.pipe(v.number(), v.integer(), v.minValue(0)),
        v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9_.:-]{1,100}$/)),
      ],
      "id must be the transaction id",
    ),
    v.transform(String),
  ),
  gateway: Text(100),
  transactionDate: Text(50),
  accountNumber: Text(50),
  subAccount: Text(50),
  code: Text(100),
  content: Text(1000),
  description: Text(2000),
  referenceCode: Text(100),
  transferType: v.picklist(["in", "out"], "transferType must be 'in' or 'out'"),
  transferAmount: v.pipe(
    v.union(
      [v.number(), v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number))],
      "transferAmount must be a whole number",
    ),
    v.integer("transferAmount must be a whole number"),
    v.minValue(0, "transferAmount must not be negative"),
  ),
  accumulated: v.optional(v.unknown()),
});
export type SepayWebhook = v.InferOutput<typeof SepayWebhookSchema>;

/** Constant-time check of `Authorization: Apikey <secret>` (auth/shared-secret.ts). */
export function isAuthorizedWebhook(header: string | undefined, secret: string | null): Promise<boolean> {
  return matchesSharedSecret(header, "Apikey", secret);
}

export type WebhookResult =
  | { outcome: "applied"; order_code: string }
  | { outcome: "duplicate" }
  | { outcome: "review"; reason: string; order_code: string | null }
  | { outcome: "ignored"; reason: string };

/** Attempts when the buyer's premium changed under a payment (two orders paid at the same instant, or the plan switching). */
const STALE_RETRIES = 3;

/**
 * One attempt at paying `order` with `tx` (the webhook's, or an operator's from the review queue): the user's queue of
 * paid periods read, the package's time added after any running or scheduled time of its level or higher, and
 * applyPayment's guarded batch. "stale" asks for another attempt; "no_user" when the order's user is gone.
 */
export async function payOrderOnce({
  env,
  db,
  owner,
  tx,
  order,
  applyId,
  at,
}: {
  env: Env;
  db: Db;
  owner: StateOwner;
  tx: IncomingTransaction;
  order: OrderRow;
  applyId: string;
  at: number;
}): Promise<ApplyOutcome | { kind: "no_user" }> {
  const { user, periods } = await readPremiumQueue({ db, userId: order.userId });
  if (!user) return { kind: "no_user" };
  const before = queueOf(periods, user, at);
  const { periods: after, added } = addPaidPeriod(before, PACKAGES[order.packageType], at);
  const bps = commissionRateBps(env);
  return applyPayment({
    db,
    owner,
    d1: env.DB,
    tx,
    order,
    read: {
      isPremium: user.isPremium,
      premiumStart: user.premiumStart,
      premiumEnd: user.premiumEnd,
      periodCount: periods.length,
    },
    queue: { before, after, added },
    fields: premiumFields(after, at)!,
    commissionBps: bps,
    commission: commissionOf(order.amount, bps),
    applyId,
    now: at,
  });
}

export async function handleBankTransaction({
  env,
  db,
  body,
  owners,
  now = Date.now,
}: {
  env: Env;
  db: Db;
  body: SepayWebhook;
  /** The paying user's object, told once the payment has committed. */
  owners: StateOwners;
  now?: () => number;
}): Promise<WebhookResult> {
  const tx: IncomingTransaction = {
    id: body.id,
    gateway: body.gateway,
    transactionDate: body.transactionDate,
    accountNumber: body.accountNumber,
    subAccount: body.subAccount,
    code: body.code,
    content: body.content,
    description: body.description,
    referenceCode: body.referenceCode,
    transferType: body.transferType,
    transferAmount: body.transferAmount,
  };

  const seen = await getBankTransaction({ db, id: tx.id });
  if (seen && seen.outcome !== "received") return { outcome: "duplicate" };

  const keep = async (
    outcome: "review" | "ignored",
    reason: string,
    orderId: string | null,
    code: string | null,
  ): Promise<WebhookResult> => {
    const added = await recordUnmatchedTransaction({ db, tx, outcome, reason, orderId, now: now() });
    if (!added) return { outcome: "duplicate" };
    return outcome === "ignored" ? { outcome, reason } : { outcome, reason, order_code: code };
  };

  if (tx.transferType !== "in") return keep("ignored", "money_out", null, null);

  const account = bankAccount(env);
  // The feed names the receiving account (and a virtual sub-account, if any); a transfer to another one pays nothing.
  const named = [tx.accountNumber, tx.subAccount].filter((a): a is string => a !== null && a !== "");
  const toUs = named.length === 0 || named.includes(account.accountNumber);
  const code = findOrderCode(tx.code, tx.content, tx.description);
  if (!toUs) return keep("review", "account_mismatch", null, code);
  if (!code) return keep("review", "no_order_code", null, null);
  const order = await findOrderForTransfer({ db, code });
  if (!order) return keep("review", "unknown_order_code", null, code);
  if (order.amount !== tx.transferAmount) return keep("review", "amount_mismatch", order.id, code);
  if (order.status !== "pending") return keep("review", "order_not_pending", order.id, code);

  const owner = owners(order.userId);
  const applyId = crypto.randomUUID();
  for (let attempt = 0; attempt < STALE_RETRIES; attempt++) {
    const result = await payOrderOnce({ env, db, owner, tx, order, applyId, at: now() });
    if (result.kind === "no_user") return keep("review", "unknown_order_code", null, code);
    // The user's object has reloaded the plan, pushed plan_changed to open tabs and applied the new session limit.
    if (result.kind === "applied") return { outcome: "applied", order_code: order.code };
    if (result.kind === "duplicate") return { outcome: "duplicate" };
    if (result.kind === "order_not_pending")
      return { outcome: "review", reason: "order_not_pending", order_code: order.code };
  }
  await markForReview({ db, txId: tx.id, applyId, reason: "concurrent_update", now: now() });
  return { outcome: "review", reason: "concurrent_update", order_code: order.code };
}
