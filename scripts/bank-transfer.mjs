// The bank's webhook for a test transfer, as SePay sends it: shared by `npm run pay:test` (scripts/pay-test.mjs) and
// the browser tests' payForPlan (test/browser/support/seed.ts), so both pay exactly the way the bank would.
import { randomInt } from "node:crypto";

/**
 * A SePay-style incoming transfer of `amount` VND with the order `code` as its memo. A fresh random transaction id
 * each time (the webhook is idempotent by it); the date in Vietnam time (UTC+7), as SePay writes it.
 */
export function bankTransfer({ code, amount, accountNumber = null, description }) {
  return {
    id: randomInt(1, 2 ** 47),
    gateway: "Vietcombank",
    transactionDate: new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 19).replace("T", " "),
    accountNumber,
    code,
    content: `${code} thanh toan May`,
    transferType: "in",
    transferAmount: amount,
    accumulated: amount,
    subAccount: null,
    referenceCode: `TEST.${randomInt(1e9)}`,
    description,
  };
}

/** Sends `transfer` to the server at `baseURL` signed with the webhook secret; the server's answer. */
export function sendBankWebhook(baseURL, secret, transfer) {
  return fetch(`${baseURL}/payments/webhook`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Apikey ${secret}` },
    body: JSON.stringify(transfer),
  });
}
