// The premium package list as GET /payments/packages answers it (public: the upgrade page and the guest landing page
// show its prices), declared once. Apart from payments.ts, which re-exports it, so a page that only shows prices
// loads this schema alone.
import * as v from "valibot";
import { successEnvelope } from "./envelopes";

export const PACKAGE_TYPES = ["BS_1T", "BS_1Y", "AD_1T", "AD_1Y"] as const;
export const PackageTypeSchema = v.picklist(PACKAGE_TYPES);
export type PackageType = v.InferOutput<typeof PackageTypeSchema>;

const DisplayPriceSchema = v.object({ monthly: v.number(), yearly: v.number() });
const PlanPricesSchema = v.object({ basic: DisplayPriceSchema, advanced: DisplayPriceSchema });
const DisplayCurrencySchema = v.picklist(["VND", "USD", "RUB"]);

export const PackagesBodySchema = successEnvelope(
  v.object({
    currency: v.literal("VND"),
    yearly_discount_percent: v.number(),
    packages: v.array(
      v.object({
        type: PackageTypeSchema,
        plan: v.picklist(["basic", "advanced"]),
        level: v.picklist([1, 2]),
        months: v.picklist([1, 12]),
        billing: v.picklist(["monthly", "yearly"]),
        amount: v.number(),
        label: v.string(),
      }),
    ),
    // Spelled out key by key rather than v.record: the same check, and no record validator in the SPA's entry bundle.
    display_prices: v.object({ VND: PlanPricesSchema, USD: PlanPricesSchema, RUB: PlanPricesSchema }),
    currency_by_language: v.object({
      vi: DisplayCurrencySchema,
      en: DisplayCurrencySchema,
      ru: DisplayCurrencySchema,
      zh: DisplayCurrencySchema,
    }),
  }),
);
export type PackagesBody = v.InferInput<typeof PackagesBodySchema>;
