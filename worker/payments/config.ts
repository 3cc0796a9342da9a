// Payment settings read from the Worker's configuration: the receiving bank account (wrangler.toml [vars]), the
// bank webhook's shared secret (a Worker secret; `npm start` writes a random one into .dev.vars) and the affiliate
// commission rate. Read through valibot, so a bad value is a clear server_misconfigured error, never a bad QR code.
import * as v from "valibot";
import { AppError } from "../errors";

const BankAccountSchema = v.object({
  BANK_BIN: v.pipe(v.string(), v.regex(/^\d{6}$/, "BANK_BIN must be the bank's 6-digit NAPAS BIN")),
  BANK_ACCOUNT_NUMBER: v.pipe(
    v.string(),
    v.regex(/^[A-Za-z0-9]{1,19}$/, "BANK_ACCOUNT_NUMBER must be 1-19 letters or digits"),
  ),
  BANK_ACCOUNT_NAME: v.pipe(v.string(), v.trim(), v.nonEmpty("BANK_ACCOUNT_NAME is required"), v.maxLength(100)),
  BANK_NAME: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ""),
});

export interface BankAccount {
  bin: string;
  accountNumber: string;
  accountName: string;
  bankName: string;
}

export function bankAccount(env: Env): BankAccount {
  const parsed = v.safeParse(BankAccountSchema, {
    BANK_BIN: env.BANK_BIN,
    BANK_ACCOUNT_NUMBER: env.BANK_ACCOUNT_NUMBER,
    BANK_ACCOUNT_NAME: env.BANK_ACCOUNT_NAME,
    BANK_NAME: env.BANK_NAME,
  });
  if (!parsed.success) {
    throw new AppError(
      "server_misconfigured",
      `Payment account is not configured: ${parsed.issues[0]?.message ?? "invalid"}`,
    );
  }
  const o = parsed.output;
  return {
    bin: o.BANK_BIN,
    accountNumber: o.BANK_ACCOUNT_NUMBER,
    accountName: o.BANK_ACCOUNT_NAME,
    bankName: o.BANK_NAME,
  };
}

/** The webhook secret, or null when none is configured (then every webhook call is refused). */
export function webhookSecret(env: Env): string | null {
  const s = env.PAYMENT_WEBHOOK_SECRET?.trim();
  return s ? s : null;
}

/** Default commission when AFFILIATE_COMMISSION_RATE is unset: 20% of the order amount. */
export const DEFAULT_COMMISSION_BPS = 2000;

/** The affiliate commission rate in basis points, from AFFILIATE_COMMISSION_RATE (a fraction from 0 to 1, e.g. "0.2"). */
export function commissionRateBps(env: Env): number {
  const raw = env.AFFILIATE_COMMISSION_RATE?.trim();
  if (!raw) return DEFAULT_COMMISSION_BPS;
  const rate = Number(raw);
  if (!/^\d*\.?\d+$/.test(raw) || !(rate >= 0 && rate <= 1)) {
    throw new AppError("server_misconfigured", "AFFILIATE_COMMISSION_RATE must be a fraction from 0 to 1, e.g. 0.2");
  }
  return Math.round(rate * 10_000);
}

/** Whole VND of commission on `amount` at `bps` basis points, rounded down. */
export function commissionOf(amount: number, bps: number): number {
  return Math.floor((amount * bps) / 10_000);
}
