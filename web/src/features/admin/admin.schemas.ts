// The operator console's view of the worker's /admin/api answers (worker/routes/admin*.ts), checked with valibot at the
// edge like every other answer (lib/api.ts apiBody): a field the pages read that is missing or of the wrong type fails
// the call with invalid_response instead of drawing nonsense. Objects are loose: fields the pages do not read may come
// and go without breaking the console.
import * as v from "valibot";

const Num = v.number();
const Str = v.string();
/** Times are milliseconds since the epoch; a column that may be empty is null. */
// Only schema kinds the app already uses elsewhere (optional ∘ nullable, not nullish; no record, union, unknown or
// transform): valibot lives in the framework chunk every page loads, and each function the console alone used would be
// one more export of it. Fields of any shape (an audit entry's before and after) pass through the loose objects.
const MaybeNum = v.optional(v.nullable(Num));
const MaybeStr = v.optional(v.nullable(Str));
/** Counts by key (failed turns by error code): an object; usage-figures.ts adds up the numbers in it. */
const Counts = v.looseObject({});

/** The worker's success envelope around `data`. */
export const envelope = <S extends v.GenericSchema>(data: S) => v.object({ status: v.literal("success"), data });

export const MeSchema = envelope(v.object({ id: Str, email: Str }));

const Totals = {
  turns: Num,
  failed: Num,
  tokensIn: Num,
  tokensOut: Num,
  searches: Num,
  images: Num,
  /** Answers rated up / down (0 from a worker that does not count them yet). */
  thumbsUp: v.optional(Num, 0),
  thumbsDown: v.optional(Num, 0),
};
export const ModelUsageSchema = v.looseObject({
  day: Str,
  model: Str,
  provider: Str,
  ...Totals,
  errors: Counts,
  ttftP50Ms: v.nullable(Num),
  ttftP95Ms: v.nullable(Num),
});
export type ModelUsage = v.InferOutput<typeof ModelUsageSchema>;
export const UsageSchema = envelope(
  v.object({
    from: Str,
    to: Str,
    models: v.array(ModelUsageSchema),
    providers: v.array(v.looseObject({ day: Str, provider: Str, ...Totals })),
    activeUsers: v.array(v.looseObject({ day: Str, users: Num })),
  }),
);
export type Usage = v.InferOutput<typeof UsageSchema>["data"];

export const UserRowSchema = v.looseObject({
  id: Str,
  email: Str,
  name: MaybeStr,
  isPremium: Num,
  premiumEnd: MaybeNum,
  createdAt: Num,
});
export const UserSearchSchema = envelope(v.array(UserRowSchema));
export type UserRow = v.InferOutput<typeof UserRowSchema>;

export const PACKAGES = ["BS_1T", "BS_1Y", "AD_1T", "AD_1Y"] as const;
export type PackageType = (typeof PACKAGES)[number];

const OrderSchema = v.looseObject({
  id: Str,
  code: Str,
  packageType: MaybeStr,
  amount: Num,
  status: Str,
  createdAt: MaybeNum,
  paidAt: MaybeNum,
  email: MaybeStr,
});
export type Order = v.InferOutput<typeof OrderSchema>;

export const UserDetailSchema = envelope(
  v.object({
    user: v.looseObject({
      id: Str,
      email: Str,
      name: MaybeStr,
      createdAt: Num,
      plan: Str,
      isPremium: Num,
      premiumEnd: MaybeNum,
      referredBy: MaybeStr,
      affiliateCode: MaybeStr,
      blockedAt: MaybeNum,
      blockedReason: MaybeStr,
    }),
    periods: v.array(
      v.looseObject({
        id: Str,
        plan: Str,
        start: Num,
        end: Num,
        price: Num,
        transactionId: MaybeStr,
        status: Str,
        method: Str,
      }),
    ),
    orders: v.array(OrderSchema),
    usageToday: v.array(v.looseObject({ bucket: Str, count: Num })),
    sessions: Num,
  }),
);
export type UserDetail = v.InferOutput<typeof UserDetailSchema>["data"];

export const EndSessionsSchema = envelope(v.looseObject({ ended: Num }));
export const AnySuccessSchema = envelope(v.looseObject({}));

export const ReviewItemSchema = v.looseObject({
  id: Str,
  transferAmount: Num,
  code: MaybeStr,
  content: MaybeStr,
  reviewReason: MaybeStr,
  receivedAt: Num,
  order: v.nullable(v.looseObject({ id: Str, code: Str, amount: Num, status: Str, userId: Str })),
  amountDifference: v.nullable(Num),
});
export type ReviewItem = v.InferOutput<typeof ReviewItemSchema>;
export const ReviewQueueSchema = envelope(v.array(ReviewItemSchema));
export const ApplyResultSchema = envelope(
  v.variant("outcome", [
    v.looseObject({ outcome: v.literal("applied"), orderCode: Str, amountDifference: Num }),
    v.looseObject({ outcome: v.literal("already_applied") }),
  ]),
);

export const ORDER_STATUSES = ["pending", "paid", "expired", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const OrdersSchema = envelope(v.array(OrderSchema));

export const RevenueSchema = envelope(
  v.looseObject({ days: v.array(v.looseObject({ day: Str, plan: Str, orders: Num, revenue: Num })) }),
);
export type RevenueDay = v.InferOutput<typeof RevenueSchema>["data"]["days"][number];

export const CommissionsSchema = envelope(
  v.object({
    commissions: v.array(
      v.looseObject({
        id: Str,
        referrerId: Str,
        referrerEmail: Str,
        orderId: MaybeStr,
        orderAmount: Num,
        commission: Num,
        status: Str,
        createdAt: Num,
      }),
    ),
    referrers: v.array(v.looseObject({ referrerId: Str, referrerEmail: Str, owed: Num, count: Num })),
  }),
);

export const FEED_TABS = ["offers", "store", "news"] as const;
export type FeedTab = (typeof FEED_TABS)[number];
export const FEED_LANGS = ["vi", "en", "ru", "zh"] as const;
export type FeedLang = (typeof FEED_LANGS)[number];
export const FeedItemSchema = v.looseObject({
  id: Str,
  tab: v.picklist(FEED_TABS),
  lang: v.picklist(FEED_LANGS),
  title: Str,
  body: v.optional(Str, ""),
  url: MaybeStr,
  image: MaybeStr,
  publishedAt: Num,
  draft: v.boolean(),
});
export type FeedItem = v.InferOutput<typeof FeedItemSchema>;
export const FeedsSchema = envelope(
  v.array(v.looseObject({ tab: v.picklist(FEED_TABS), maintenance: v.boolean(), items: v.array(FeedItemSchema) })),
);
export const FeedItemAnswerSchema = envelope(FeedItemSchema);

export const AuditEntrySchema = v.looseObject({
  id: Str,
  adminId: Str,
  adminEmail: Str,
  action: Str,
  target: Str,
  at: Num,
});
export type AuditEntry = v.InferOutput<typeof AuditEntrySchema>;
export const AuditSchema = envelope(v.array(AuditEntrySchema));

export const BlockSchema = envelope(v.looseObject({ blocked: v.boolean() }));

/** A prompt's texts in one language: [title, one-line description, the text put into the chat input]. */
const PromptTexts = v.array(Str);
export const AdminPromptSchema = v.looseObject({
  id: Str,
  category: Str,
  weight: Num,
  texts: v.object({ vi: PromptTexts, en: PromptTexts, ru: PromptTexts, zh: PromptTexts }),
  hidden: v.boolean(),
  /** catalogue: as shipped; edited: the operator's texts over the catalogue's; added: the operator's own prompt. */
  source: v.picklist(["catalogue", "edited", "added"]),
});
export type AdminPrompt = v.InferOutput<typeof AdminPromptSchema>;
export const AdminPromptsSchema = envelope(
  v.object({
    categories: v.array(v.looseObject({ id: Str, name: v.object({ vi: Str, en: Str, ru: Str, zh: Str }) })),
    prompts: v.array(AdminPromptSchema),
  }),
);
export type AdminPrompts = v.InferOutput<typeof AdminPromptsSchema>["data"];

const ResealCountSchema = v.looseObject({ resealed: Num, unreadable: Num });
export const ResealSchema = envelope(v.looseObject({ modelKeys: ResealCountSchema, appTokens: ResealCountSchema }));
export type ResealReport = v.InferOutput<typeof ResealSchema>["data"];
