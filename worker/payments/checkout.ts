// What the payment dialog needs for an order: the VietQR payload for the configured bank account with the order's
// amount and its code as the memo, and the same facts spelled out for a user who types the transfer by hand.
import type { OrderRow } from "../db/payments";
import { bankAccount } from "./config";
import { buildVietQrPayload } from "./vietqr";

/** How long the dialog offers an order's QR code: 15 minutes. A transfer that arrives later still pays the order. */
export const ORDER_TTL_MS = 15 * 60 * 1000;

/** Orders a user may create per hour (each is a row and a QR code): 30. */
export const ORDERS_PER_HOUR = 30;

export function paymentInstructions(env: Env, order: OrderRow) {
  const account = bankAccount(env);
  return {
    qr_payload: buildVietQrPayload({
      bankBin: account.bin,
      accountNumber: account.accountNumber,
      amount: order.amount,
      memo: order.code,
    }),
    bank_bin: account.bin,
    bank_name: account.bankName,
    account_number: account.accountNumber,
    account_name: account.accountName,
    amount: order.amount,
    currency: "VND" as const,
    memo: order.code,
  };
}
