// Types of bank-transfer.mjs, for the TypeScript that imports it (the browser tests pay for plans with it).
export interface BankTransfer {
  id: number;
  gateway: string;
  transactionDate: string;
  accountNumber: string | null;
  code: string;
  content: string;
  transferType: "in";
  transferAmount: number;
  accumulated: number;
  subAccount: null;
  referenceCode: string;
  description: string;
}
/** A SePay-style incoming transfer of `amount` VND with the order code as its memo. */
export function bankTransfer(input: {
  code: string;
  amount: number;
  accountNumber?: string | null;
  description: string;
}): BankTransfer;
/** Sends the transfer to the server's /payments/webhook, signed with the webhook secret. */
export function sendBankWebhook(baseURL: string, secret: string, transfer: BankTransfer): Promise<Response>;
