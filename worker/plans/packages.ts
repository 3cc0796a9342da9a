// The premium packages a user can buy, as data: what each costs (the bank transfer amount, VND), how long it runs and
// which plan level it grants, plus the prices the upgrade page shows per currency. Orders take their amount from
// here, never from the client. Change a price here and the order, the QR code, the webhook check and the page follow.
import { PACKAGE_TYPES, type PackageType, type PackagesBody } from "../protocol/payments";
import type { Plan } from "./entitlements";

export { PACKAGE_TYPES, type PackageType };

export type PaidPlan = Exclude<Plan, "free">;

export interface PremiumPackage {
  type: PackageType;
  plan: PaidPlan;
  /** users.is_premium while the package runs: 1 Basic, 2 Advanced+. */
  level: 1 | 2;
  /** Calendar months the package runs: 1 (monthly) or 12 (yearly). */
  months: 1 | 12;
  billing: "monthly" | "yearly";
  /** What the user transfers, in whole VND (the published prices). */
  amount: number;
  /** The package's name as clients show it: "Basic" or "Advanced", "1 month" or "1 year". */
  label: string;
}

export const PACKAGES: Record<PackageType, PremiumPackage> = {
  BS_1T: {
    type: "BS_1T",
    plan: "basic",
    level: 1,
    months: 1,
    billing: "monthly",
    amount: 149_000,
    label: "Basic - 1 month",
  },
  BS_1Y: {
    type: "BS_1Y",
    plan: "basic",
    level: 1,
    months: 12,
    billing: "yearly",
    amount: 1_428_000,
    label: "Basic - 1 year",
  },
  AD_1T: {
    type: "AD_1T",
    plan: "advanced",
    level: 2,
    months: 1,
    billing: "monthly",
    amount: 399_000,
    label: "Advanced - 1 month",
  },
  AD_1Y: {
    type: "AD_1Y",
    plan: "advanced",
    level: 2,
    months: 12,
    billing: "yearly",
    amount: 3_828_000,
    label: "Advanced - 1 year",
  },
};

/** Payment is by bank transfer in VND whatever currency the page shows. */
export const PAYMENT_CURRENCY = "VND" as const;

/** Yearly billing carries this discount against twelve monthly payments (the displayed per-month price). */
export const YEARLY_DISCOUNT_PERCENT = 20;

export type DisplayCurrency = "VND" | "USD" | "RUB";

/** Per-month prices the upgrade page shows: billed monthly, and the per-month equivalent when billed yearly. */
export interface DisplayPrice {
  monthly: number;
  yearly: number;
}

/**
 * The published prices per month. VND and USD come from the price list; RUB is what the Russian texts show
 * (Basic 450 / 350, Advanced+ 1200 / 950). Only VND is ever charged.
 */
export const DISPLAY_PRICES: Record<DisplayCurrency, Record<PaidPlan, DisplayPrice>> = {
  VND: { basic: { monthly: 149_000, yearly: 119_000 }, advanced: { monthly: 399_000, yearly: 319_000 } },
  USD: { basic: { monthly: 6, yearly: 4.5 }, advanced: { monthly: 16, yearly: 12.5 } },
  RUB: { basic: { monthly: 450, yearly: 350 }, advanced: { monthly: 1200, yearly: 950 } },
};

/** Which currency the page shows in each language: Vietnamese in VND, Russian in its own prices, others in USD. */
export const CURRENCY_BY_LANGUAGE: Record<"vi" | "en" | "ru" | "zh", DisplayCurrency> = {
  vi: "VND",
  en: "USD",
  ru: "RUB",
  zh: "USD",
};

export function isPackageType(x: string): x is PackageType {
  return (PACKAGE_TYPES as readonly string[]).includes(x);
}

/** The package list as GET /payments/packages answers it. */
export function packagesResponse(): PackagesBody["data"] {
  return {
    currency: PAYMENT_CURRENCY,
    yearly_discount_percent: YEARLY_DISCOUNT_PERCENT,
    packages: PACKAGE_TYPES.map((t) => {
      const p = PACKAGES[t];
      return {
        type: p.type,
        plan: p.plan,
        level: p.level,
        months: p.months,
        billing: p.billing,
        amount: p.amount,
        label: p.label,
      };
    }),
    display_prices: DISPLAY_PRICES,
    currency_by_language: CURRENCY_BY_LANGUAGE,
  };
}
