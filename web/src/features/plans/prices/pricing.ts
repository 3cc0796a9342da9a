// The upgrade page's price logic: which package a plan and billing period buy, what the page shows per month in the
// user's language (VND for Vietnamese, the Russian texts' own prices, USD otherwise — all from GET /payments/packages),
// and how a price is written. Payment itself is always the package's VND amount.
import type { PackagesBody, PackageType } from "../../../../../worker/protocol/packages";

export type Packages = PackagesBody["data"];
export type PaidPlan = "basic" | "advanced";
export type Billing = "monthly" | "yearly";
export type DisplayCurrency = keyof Packages["display_prices"];

export const PAID_PLANS: readonly PaidPlan[] = ["basic", "advanced"];

export function packageFor(data: Packages, plan: PaidPlan, billing: Billing) {
  const pkg = data.packages.find((p) => p.plan === plan && p.billing === billing);
  if (!pkg) throw new Error(`no ${billing} package for ${plan}`);
  return pkg;
}

export function packageTypeFor(data: Packages, plan: PaidPlan, billing: Billing): PackageType {
  return packageFor(data, plan, billing).type;
}

export function currencyFor(data: Packages, language: string): DisplayCurrency {
  const byLanguage: Partial<Record<string, DisplayCurrency>> = data.currency_by_language;
  return byLanguage[language.split("-")[0] ?? ""] ?? "USD";
}

export interface ShownPrice {
  /** Per month, in the display currency. */
  perMonth: number;
  currency: DisplayCurrency;
  /** What one billing period costs in the display currency (12 × the per-month price when yearly). */
  perPeriod: number;
  /** The bank transfer: whole VND. */
  chargeVnd: number;
}

export function shownPrice(data: Packages, plan: PaidPlan, billing: Billing, language: string): ShownPrice {
  const currency = currencyFor(data, language);
  const perMonth = data.display_prices[currency][plan][billing];
  const pkg = packageFor(data, plan, billing);
  return { perMonth, currency, perPeriod: Math.round(perMonth * pkg.months * 100) / 100, chargeVnd: pkg.amount };
}

const LOCALES: Record<string, string> = { vi: "vi-VN", en: "en-US", ru: "ru-RU", zh: "zh-CN" };

/** 149000 VND in Vietnamese → "149.000 ₫"; 4.5 USD → "$4.50"; whole amounts without decimals. */
export function formatMoney(amount: number, currency: string, language: string): string {
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat(LOCALES[language.split("-")[0] ?? "en"] ?? "en-US", {
    style: "currency",
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount);
}

export function formatDate(iso: string | null, language: string): string {
  if (!iso) return "—";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "—";
  return new Intl.DateTimeFormat(LOCALES[language.split("-")[0] ?? "en"] ?? "en-US", { dateStyle: "medium" }).format(d);
}

/** Plan levels, to tell an upgrade from a plan already included in the user's. */
const RANK = { free: 0, basic: 1, advanced: 2 } as const;

export type PlanAction = "current" | "included" | "buy";

/** What a plan card offers the user on `current`: their own plan (renewable while premium), a lower one, or a purchase. */
export function planAction(current: keyof typeof RANK, plan: keyof typeof RANK): PlanAction {
  if (plan === current) return "current";
  return RANK[plan] < RANK[current] ? "included" : "buy";
}
