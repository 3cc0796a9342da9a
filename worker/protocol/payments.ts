// The payments, premium and affiliate answers as the SPA reads them, declared once: package list, orders and their
// VietQR instructions, the verify answer, premium info, subscription history, the affiliate dashboard and the FAQ.
// The worker types its answers with these schemas' input types; the SPA validates what it receives with them. What
// the SPA sends is payment-requests.ts.
import * as v from "valibot";
import { successEnvelope } from "./envelopes";

// The package list (GET /payments/packages) is declared in packages.ts, apart, so the guest landing page can check it
// without loading every payment schema; it is re-exported here for everyone else.
export { PACKAGE_TYPES, PackageTypeSchema, PackagesBodySchema, type PackageType, type PackagesBody } from "./packages";
import { PackageTypeSchema } from "./packages";

const PlanSchema = v.picklist(["free", "basic", "advanced"]);
const IsoDate = v.string();

/** pending: waiting for the transfer; expired: its QR is no longer offered (a late transfer still pays it). */
export const OrderStatusSchema = v.picklist(["pending", "paid", "expired", "cancelled"]);
export type OrderStatus = v.InferOutput<typeof OrderStatusSchema>;

export const OrderSchema = v.object({
  id: v.string(),
  /** The transfer memo. */
  code: v.string(),
  package_type: PackageTypeSchema,
  amount: v.number(),
  currency: v.literal("VND"),
  status: OrderStatusSchema,
  created_at: v.nullable(IsoDate),
  expires_at: v.nullable(IsoDate),
  paid_at: v.nullable(IsoDate),
  transaction_id: v.nullable(v.string()),
});
export type Order = v.InferOutput<typeof OrderSchema>;

/** What the QR dialog shows: the payload to draw as a QR code, and the same transfer spelled out. */
export const PaymentInstructionsSchema = v.object({
  qr_payload: v.string(),
  bank_bin: v.string(),
  bank_name: v.string(),
  account_number: v.string(),
  account_name: v.string(),
  amount: v.number(),
  currency: v.literal("VND"),
  memo: v.string(),
});

export const CreateOrderBodySchema = successEnvelope(
  v.object({ order: OrderSchema, payment: PaymentInstructionsSchema }),
);
export type CreateOrderBody = v.InferInput<typeof CreateOrderBodySchema>;

const PremiumSchema = v.object({
  is_premium: v.number(),
  premium_start: v.nullable(IsoDate),
  premium_end: v.nullable(IsoDate),
  plan: PlanSchema,
});

/** POST /payments/verify and GET /payments/orders/:code. `payment` is set while the order is pending. */
export const PaymentCheckBodySchema = successEnvelope(
  v.object({
    payment_status: OrderStatusSchema,
    order: OrderSchema,
    payment: v.nullable(PaymentInstructionsSchema),
    premium: PremiumSchema,
  }),
);
export type PaymentCheckBody = v.InferInput<typeof PaymentCheckBodySchema>;

export const OrdersBodySchema = successEnvelope(v.object({ orders: v.array(OrderSchema) }));
export type OrdersBody = v.InferInput<typeof OrdersBodySchema>;

export const PremiumInfoBodySchema = successEnvelope(
  v.object({
    ...PremiumSchema.entries,
    active: v.boolean(),
    /** Whole days of paid time left, to premium_end (the end of the last queued period). */
    days_left: v.number(),
    /** The plan that takes over before premium_end (a lower plan queued after the one in force), and when; else null. */
    next_plan: v.nullable(PlanSchema),
    next_plan_at: v.nullable(IsoDate),
  }),
);
export type PremiumInfoBody = v.InferInput<typeof PremiumInfoBodySchema>;
export type PremiumInfo = v.InferOutput<typeof PremiumInfoBodySchema>["data"];

/** scheduled: paid time queued after the running period (a renewal, a lower plan, a lower plan's resumed days). */
export const SubscriptionStatusSchema = v.picklist(["active", "scheduled", "expired", "cancelled"]);
export type SubscriptionStatus = v.InferOutput<typeof SubscriptionStatusSchema>;

/** One period of paid time in the history, with the purchase that paid for it (plan, price, transaction, method). */
export const SubscriptionSchema = v.object({
  id: v.string(),
  plan: PackageTypeSchema,
  start_date: v.nullable(IsoDate),
  end_date: v.nullable(IsoDate),
  price: v.number(),
  currency: v.literal("VND"),
  transaction_id: v.nullable(v.string()),
  status: SubscriptionStatusSchema,
  method: v.string(),
  /** The unused rest of a purchase whose time a higher plan bought later interrupted: it resumes after that plan. */
  resumed: v.boolean(),
});
export const SubscriptionHistoryBodySchema = successEnvelope(v.object({ subscriptions: v.array(SubscriptionSchema) }));
export type SubscriptionHistoryBody = v.InferInput<typeof SubscriptionHistoryBodySchema>;

export const JoinAffiliateBodySchema = successEnvelope(
  v.object({ user: v.looseObject({ id: v.string() }), affiliate_code: v.string(), referral_link: v.string() }),
);
export type JoinAffiliateBody = v.InferInput<typeof JoinAffiliateBodySchema>;

export const AffiliateDashboardBodySchema = successEnvelope(
  v.object({
    joined: v.boolean(),
    affiliate_code: v.nullable(v.string()),
    referral_link: v.nullable(v.string()),
    /** Fraction of each paid order, e.g. 0.2. */
    commission_rate: v.number(),
    clicks: v.number(),
    signups: v.number(),
    paid_referrals: v.number(),
    paid_orders: v.number(),
    /** Whole VND, all commissions not cancelled; pending_earnings is the part not yet paid out. */
    earnings: v.number(),
    pending_earnings: v.number(),
    currency: v.literal("VND"),
    recent_commissions: v.array(
      v.object({
        order_amount: v.number(),
        commission: v.number(),
        rate: v.number(),
        status: v.picklist(["pending", "approved", "paid", "cancelled"]),
        created_at: v.nullable(IsoDate),
      }),
    ),
  }),
);
export type AffiliateDashboardBody = v.InferInput<typeof AffiliateDashboardBodySchema>;

export const FAQ_SORTS = ["recent", "popular", "alphabetical"] as const;

export const FaqQuestionSchema = v.object({
  id: v.string(),
  category: v.string(),
  question: v.string(),
  answer: v.string(),
  /** YYYY-MM-DD of the last edit. */
  updated_at: v.string(),
  views: v.number(),
  related: v.array(v.string()),
});

export const FaqListBodySchema = successEnvelope(
  v.object({
    lang: v.picklist(["vi", "en", "ru", "zh"]),
    sort: v.picklist(FAQ_SORTS),
    categories: v.array(v.object({ id: v.string(), name: v.string(), count: v.number() })),
    questions: v.array(FaqQuestionSchema),
    total: v.number(),
  }),
);
export type FaqListBody = v.InferInput<typeof FaqListBodySchema>;

export const FaqEntryBodySchema = successEnvelope(
  v.object({
    question: FaqQuestionSchema,
    related: v.array(v.object({ id: v.string(), category: v.string(), question: v.string() })),
  }),
);
export type FaqEntryBody = v.InferInput<typeof FaqEntryBodySchema>;
