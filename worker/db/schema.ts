// The D1 schema for the whole product, declared once with drizzle. `npm run db:generate` turns changes here into
// SQL files under migrations/, which wrangler applies (locally on `npm start`, remotely on `npm run deploy`).
// Times are integers in milliseconds since the epoch (UTC); the API formats them at the edge.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { AttachmentRef } from "../protocol/resources";

const now = sql`(unixepoch('subsec') * 1000)`;

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** PBKDF2-SHA256 hash and salt, base64; null for accounts created by social sign-in only. */
    passwordHash: text("password_hash"),
    passwordSalt: text("password_salt"),
    passwordIterations: integer("password_iterations"),
    /** 0 free, 1 Basic, 2 Advanced+; premium is active only while premium_end is in the future. */
    isPremium: integer("is_premium").notNull().default(0),
    premiumStart: integer("premium_start"),
    premiumEnd: integer("premium_end"),
    affiliateCode: text("affiliate_code"),
    avatar: text("avatar"),
    phoneNumber: text("phone_number"),
    /** ISO date, YYYY-MM-DD. */
    birthday: text("birthday"),
    gender: text("gender", { enum: ["male", "female", "other"] }),
    referralCode: text("referral_code"),
    referredBy: text("referred_by"),
    language: text("language"),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
    /** Set while an operator has blocked the account (worker/routes/admin.ts): no sign-in, every call a 403. */
    blockedAt: integer("blocked_at"),
    blockedReason: text("blocked_reason"),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_affiliate_code_unique").on(t.affiliateCode),
  ],
);

/**
 * The directory of chat shards (worker/db/shards.ts): the D1 database holding each user's chats, messages, their
 * search indexes and image records, by its binding name ("CHATS_1", ...). A user without a row was placed before
 * shards existed: their chats are in this main database's own chat tables.
 */
export const userShards = sqliteTable(
  "user_shards",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    shard: text("shard").notNull(),
    assignedAt: integer("assigned_at").notNull().default(now),
  },
  (t) => [index("user_shards_shard").on(t.shard)],
);

/**
 * Who owns each chat id a client picked for itself (the media API's initialize), and each chat made before shards,
 * whichever shard holds the chat: a chat id names one chat across all shards, so a client can never create a second
 * chat under another user's id. Ids the server draws need no row (worker/db/chats.ts newChatId).
 */
export const chatOwners = sqliteTable("chat_owners", {
  chatId: text("chat_id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
});

/** How many users each chat shard holds, kept with the directory so sign-up picks the least full without a count. */
export const chatShards = sqliteTable("chat_shards", {
  name: text("name").primaryKey(),
  users: integer("users").notNull().default(0),
});

/** Google and Facebook identities linked to a user. */
export const linkedAccounts = sqliteTable(
  "linked_accounts",
  {
    provider: text("provider", { enum: ["google", "facebook"] }).notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.providerId] }),
    index("linked_accounts_user").on(t.userId),
    uniqueIndex("linked_accounts_user_provider").on(t.userId, t.provider),
  ],
);

/** One row per signed-in device. The raw session token is never stored, only its SHA-256. */
export const userSessions = sqliteTable(
  "user_sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    userAgent: text("user_agent").notNull().default(""),
    ip: text("ip"),
    createdAt: integer("created_at").notNull().default(now),
    lastSeenAt: integer("last_seen_at").notNull().default(now),
    expiresAt: integer("expires_at").notNull(),
    revokedAt: integer("revoked_at"),
    /** Why the session ended: logout, replaced (past the plan's limit), revoked (from Settings), password_changed. */
    revokedReason: text("revoked_reason"),
  },
  (t) => [
    uniqueIndex("user_sessions_token_hash").on(t.tokenHash),
    index("user_sessions_user_active").on(t.userId, t.revokedAt, t.createdAt),
  ],
);

export const chatSessions = sqliteTable(
  "chat_sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull().default("New Chat"),
    status: text("status", { enum: ["active", "deleted"] })
      .notNull()
      .default("active"),
    isStarred: integer("is_starred", { mode: "boolean" }).notNull().default(false),
    /** The expert persona the chat was started with (worker/personalization/personas.ts), or null. */
    persona: text("persona"),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
    lastMessageAt: integer("last_message_at").notNull().default(now),
    /** The project the chat belongs to (projects.id, in the main database), or null. */
    projectId: text("project_id"),
    /** The chat's own settings, sent with each turn; null where the chat keeps the user's defaults. */
    systemPrompt: text("system_prompt"),
    /** Sampling temperature, 0 to 2 (premium, as the AI styles are). */
    temperature: real("temperature"),
    /** Longest answer in tokens (premium). */
    maxTokens: integer("max_tokens"),
  },
  (t) => [
    index("chat_sessions_user_list").on(t.userId, t.status, t.lastMessageAt),
    index("chat_sessions_project").on(t.userId, t.projectId),
  ],
);

// History search (migrations/0004_history_search.sql) adds the FTS5 tables message_fts and chat_title_fts and their
// triggers on messages and chat_sessions. Drizzle cannot express virtual tables or triggers, so they live only in the
// migration; worker/db/history-search.ts queries them with raw SQL.

/** One row per chat message, user or bot. `message_id` is the client-visible id; saves upsert by it. */
export const messages = sqliteTable(
  "messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    chatId: text("chat_id")
      .notNull()
      .references(() => chatSessions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    messageId: text("message_id").notNull(),
    sender: text("sender", { enum: ["user", "bot"] }).notNull(),
    message: text("message").notNull().default(""),
    model: text("model"),
    endpoint: text("endpoint"),
    source: text("source"),
    /** JSON array of citations ({url, title, ...}). */
    citations: text("citations", { mode: "json" }).$type<unknown[]>(),
    edited: integer("edited", { mode: "boolean" }).notNull().default(false),
    editedAt: integer("edited_at"),
    originalMessage: text("original_message"),
    isEditResponse: integer("is_edit_response", { mode: "boolean" }).notNull().default(false),
    forEditedMessageId: text("for_edited_message_id"),
    stopped: integer("stopped", { mode: "boolean" }).notNull().default(false),
    /** Error code when the answer failed (partial text is kept). */
    error: text("error"),
    /**
     * A failed answer's request id (X-Request-Id, in the turn's log line and its error event): the id the user quotes
     * to support, shown again after a reload. Null for every answer that did not fail.
     */
    requestId: text("request_id"),
    isSearchMode: integer("is_search_mode", { mode: "boolean" }).notNull().default(false),
    isImageMode: integer("is_image_mode", { mode: "boolean" }).notNull().default(false),
    safetyViolation: integer("safety_violation", { mode: "boolean" }).notNull().default(false),
    /** The built-in offline model wrote this answer (no provider key configured). */
    offline: integer("offline", { mode: "boolean" }).notNull().default(false),
    /** JSON array of the files a user message carried ({id, name, type, group, size, url}); bytes in R2. */
    attachments: text("attachments", { mode: "json" }).$type<AttachmentRef[]>(),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
    /**
     * The message this one follows (its message_id in the same chat); null for the chat's first message. A chat's
     * messages form a tree: an edited question and a regenerated answer are siblings of what they replace.
     */
    parentId: text("parent_id"),
    /** On the branch the chat shows and the model is sent (worker/db/message-tree.ts); every message of a one-path chat. */
    onPath: integer("on_path", { mode: "boolean" }).notNull().default(true),
  },
  (t) => [
    uniqueIndex("messages_chat_message_id").on(t.chatId, t.messageId),
    index("messages_chat_created").on(t.chatId, t.createdAt, t.id),
    index("messages_user_created").on(t.userId, t.createdAt),
    // a message's versions in order, and the newest answer under a message (message-tree.ts): without the order in
    // the index, SQLite walked the chat's whole history per message of a page (136 ms against 42 for 1,000 messages)
    index("messages_chat_parent").on(t.chatId, t.parentId, t.createdAt, t.id),
  ],
);

/** Images in R2 (generated, edited or uploaded by the bot flow); only the owner can read them. */
export const images = sqliteTable(
  "images",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    chatId: text("chat_id"),
    messageId: text("message_id"),
    r2Key: text("r2_key").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    prompt: text("prompt"),
    model: text("model"),
    /** An edit of another image (migration 0006), and the image it was made from. */
    isEdit: integer("is_edit", { mode: "boolean" }).notNull().default(false),
    originalImageId: text("original_image_id"),
    /** Drawn by the built-in offline model (no image provider configured). */
    offline: integer("offline", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("images_user_created").on(t.userId, t.createdAt)],
);

/** Daily counters per user and bucket (a model endpoint, "search" or "image"); the day is Asia/Ho_Chi_Minh. */
export const dailyUsage = sqliteTable(
  "daily_usage",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    bucket: text("bucket").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.bucket] })],
);

/**
 * What the service did per day and model, for the operator's usage figures (worker/db/usage-rollups.ts): one row per
 * quota day (Asia/Ho_Chi_Minh), endpoint and provider ("offline" when the built-in model answered, the external
 * provider for a user's own key), added to by each turn at its end in the batch it already writes.
 */
export const usageRollups = sqliteTable(
  "usage_rollups",
  {
    day: text("day").notNull(),
    model: text("model").notNull(),
    provider: text("provider").notNull(),
    turns: integer("turns").notNull().default(0),
    /** Turns that ended with an error code (usage_errors has them by kind). */
    failed: integer("failed").notNull().default(0),
    /** Tokens as the provider reported them (0 where it reports none). */
    tokensIn: integer("tokens_in").notNull().default(0),
    tokensOut: integer("tokens_out").notNull().default(0),
    searches: integer("searches").notNull().default(0),
    images: integer("images").notNull().default(0),
    /** Answers rated up or down (message_feedback), counted on the day of the answer's rating. */
    thumbsUp: integer("thumbs_up").notNull().default(0),
    thumbsDown: integer("thumbs_down").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.model, t.provider] })],
);

/** Turns that ended in an error, per day, model, provider and error code. */
export const usageErrors = sqliteTable(
  "usage_errors",
  {
    day: text("day").notNull(),
    model: text("model").notNull(),
    provider: text("provider").notNull(),
    code: text("code").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.model, t.provider, t.code] })],
);

/**
 * Time to first token as a histogram per day, model and provider: `upToMs` is the bucket's upper bound in
 * milliseconds (worker/db/usage-rollups.ts TTFT_BUCKETS_MS), so p50 and p95 are read from the counts.
 */
export const usageLatency = sqliteTable(
  "usage_latency",
  {
    day: text("day").notNull(),
    model: text("model").notNull(),
    provider: text("provider").notNull(),
    upToMs: integer("up_to_ms").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.model, t.provider, t.upToMs] })],
);

/**
 * The operator console's audit log (worker/admin/audit.ts): every change an operator makes, who, what, on what, the
 * value before and after (JSON), and when. Append-only: triggers in its migration refuse updates and deletes, and
 * it keeps no foreign key, so it outlives the accounts it names.
 */
export const adminAudit = sqliteTable(
  "admin_audit",
  {
    id: text("id").primaryKey(),
    adminId: text("admin_id").notNull(),
    adminEmail: text("admin_email").notNull(),
    action: text("action").notNull(),
    target: text("target").notNull(),
    before: text("before", { mode: "json" }).$type<unknown>(),
    after: text("after", { mode: "json" }).$type<unknown>(),
    at: integer("at").notNull().default(now),
  },
  (t) => [index("admin_audit_at").on(t.at)],
);

export const aiSettings = sqliteTable("ai_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  chatCustomization: text("chat_customization").notNull().default(""),
  enableSearch: integer("enable_search", { mode: "boolean" }).notNull().default(true),
  enableAiCustom: integer("enable_ai_custom", { mode: "boolean" }).notNull().default(true),
  allowNewChats: integer("allow_new_chats", { mode: "boolean" }).notNull().default(true),
  /** accurate, practical, creativeLite, superCreative or spontaneous (premium only). */
  aiStyle: text("ai_style"),
  /** Whether remembered facts (user_memories) reach the model. */
  memoryEnabled: integer("memory_enabled", { mode: "boolean" }).notNull().default(true),
  updatedAt: integer("updated_at").notNull().default(now),
});

/** Sliding-window counters for rate limits (worker/db/rate-limits.ts): login attempts per account and per IP, etc. */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  /** The current fixed window's start (ms) and the attempts counted in it. */
  windowStart: integer("window_start").notNull(),
  count: integer("count").notNull().default(0),
  /** The attempts of the window just before it, weighted by their overlap with the last window's length. */
  previousCount: integer("previous_count").notNull().default(0),
});

/** Payment orders for bank QR transfers; the order code is the transfer memo. */
export const paymentOrders = sqliteTable(
  "payment_orders",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    packageType: text("package_type", { enum: ["BS_1T", "BS_1Y", "AD_1T", "AD_1Y"] }).notNull(),
    amount: integer("amount").notNull(),
    status: text("status", { enum: ["pending", "paid", "expired", "cancelled"] })
      .notNull()
      .default("pending"),
    transactionId: text("transaction_id"),
    createdAt: integer("created_at").notNull().default(now),
    paidAt: integer("paid_at"),
    /** When the QR stops being offered (a late transfer with the right code and amount still pays). */
    expiresAt: integer("expires_at").notNull().default(0),
    /** The webhook attempt that paid this order: later statements of its batch check it (worker/db/payments.ts). */
    applyId: text("apply_id"),
  },
  (t) => [
    uniqueIndex("payment_orders_code").on(t.code),
    uniqueIndex("payment_orders_transaction").on(t.transactionId),
    index("payment_orders_user").on(t.userId, t.createdAt),
  ],
);

/** One row per purchase (the history's plan, price, transaction and method); its time is in premium_periods. */
export const subscriptions = sqliteTable(
  "subscriptions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    plan: text("plan", { enum: ["BS_1T", "BS_1Y", "AD_1T", "AD_1Y"] }).notNull(),
    /** The span of its periods: the first one's start, the last one's end (kept up to date when they move). */
    startDate: integer("start_date").notNull(),
    endDate: integer("end_date").notNull(),
    price: integer("price").notNull(),
    transactionId: text("transaction_id"),
    status: text("status", { enum: ["active", "expired", "cancelled"] })
      .notNull()
      .default("active"),
    method: text("method").notNull().default("bank_transfer"),
    createdAt: integer("created_at").notNull().default(now),
    /** The order that bought this period: one history row per order. */
    orderId: text("order_id").references(() => paymentOrders.id, { onDelete: "set null" }),
  },
  (t) => [index("subscriptions_user").on(t.userId, t.startDate), uniqueIndex("subscriptions_order").on(t.orderId)],
);

/**
 * Paid time as a queue of periods, each at one plan level (worker/plans/premium-period.ts): the plan in force is
 * the level of the period covering now, and the user's is_premium/premium_start/premium_end follow from them. A
 * purchase is one subscription row and usually one period; when a higher level is bought during a lower one, the
 * lower period is split and its unused rest becomes a second period of the same subscription, later in the queue.
 */
export const premiumPeriods = sqliteTable(
  "premium_periods",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** What paid for it; null for premium that was set on the user row before periods were kept. */
    subscriptionId: text("subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    /** users.is_premium while it runs: 1 Basic, 2 Advanced+. */
    level: integer("level").notNull(),
    startAt: integer("start_at").notNull(),
    endAt: integer("end_at").notNull(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [
    index("premium_periods_user").on(t.userId, t.startAt),
    index("premium_periods_subscription").on(t.subscriptionId),
  ],
);

/**
 * Every bank transaction the webhook received, keyed by the bank feed's transaction id (idempotency). outcome:
 * received (being applied), applied (paid an order), review (kept for a person: unknown code, wrong amount, order
 * not pending, account mismatch), ignored (money out, or dismissed by an operator), refunded (sent back by an
 * operator; worker/admin/review-queue.ts).
 */
export const bankTransactions = sqliteTable(
  "bank_transactions",
  {
    id: text("id").primaryKey(),
    gateway: text("gateway"),
    transactionDate: text("transaction_date"),
    accountNumber: text("account_number"),
    subAccount: text("sub_account"),
    code: text("code"),
    content: text("content"),
    description: text("description"),
    referenceCode: text("reference_code"),
    transferType: text("transfer_type").notNull(),
    transferAmount: integer("transfer_amount").notNull(),
    orderId: text("order_id"),
    outcome: text("outcome", { enum: ["received", "applied", "review", "ignored", "refunded"] })
      .notNull()
      .default("received"),
    reviewReason: text("review_reason"),
    /** How an operator resolved a transaction kept for review (refunded or ignored): their note. */
    resolution: text("resolution"),
    applyId: text("apply_id"),
    receivedAt: integer("received_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [index("bank_transactions_outcome").on(t.outcome, t.receivedAt)],
);

/**
 * Shared links (worker/shares/): a read-only snapshot of one chat's chosen path, kept in R2 under shares/<id>.json, and
 * this row, which makes it readable. In the main database, beside the users: the public page finds a link by its id
 * alone, before it knows whose it is. Deleting the row revokes the link at once; deleting the chat deletes its rows.
 */
export const sharedLinks = sqliteTable(
  "shared_links",
  {
    /** 128 random bits, base64url: the link is the only key to the snapshot. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    chatId: text("chat_id").notNull(),
    /** The chat's title when it was shared. */
    title: text("title").notNull(),
    messageCount: integer("message_count").notNull(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("shared_links_user_created").on(t.userId, t.createdAt), index("shared_links_chat").on(t.chatId)],
);

/** Who referred whom: the first attribution wins (one row per referred user). */
export const affiliateReferrals = sqliteTable(
  "affiliate_referrals",
  {
    referredUserId: text("referred_user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    referrerId: text("referrer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("affiliate_referrals_referrer").on(t.referrerId, t.createdAt)],
);

/** One row per visit of a referral link. */
export const affiliateClicks = sqliteTable(
  "affiliate_clicks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    referrerId: text("referrer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("affiliate_clicks_referrer").on(t.referrerId, t.createdAt)],
);

/** The referrer's commission on a referred user's paid order, written in the batch that activates premium. */
export const affiliateCommissions = sqliteTable(
  "affiliate_commissions",
  {
    id: text("id").primaryKey(),
    referrerId: text("referrer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    referredUserId: text("referred_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orderId: text("order_id")
      .notNull()
      .references(() => paymentOrders.id, { onDelete: "cascade" }),
    orderAmount: integer("order_amount").notNull(),
    /** The commission rate in basis points (2000 = 20%) when the order was paid. */
    rateBps: integer("rate_bps").notNull(),
    /** Whole VND. */
    commission: integer("commission").notNull(),
    status: text("status", { enum: ["pending", "approved", "paid", "cancelled"] })
      .notNull()
      .default("pending"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("affiliate_commissions_order").on(t.orderId),
    index("affiliate_commissions_referrer").on(t.referrerId, t.createdAt),
  ],
);

/** How often each affiliate FAQ question was opened (the "popular" sort). */
export const affiliateFaqViews = sqliteTable("affiliate_faq_views", {
  questionId: text("question_id").primaryKey(),
  views: integer("views").notNull().default(0),
});

/** Pending email changes: a 6-digit code (stored hashed), valid 10 minutes, 5 tries. */
export const emailVerifications = sqliteTable("email_verifications", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  newEmail: text("new_email").notNull(),
  codeHash: text("code_hash").notNull(),
  attempts: integer("attempts").notNull().default(0),
  expiresAt: integer("expires_at").notNull(),
  sentAt: integer("sent_at").notNull(),
});

/** Bring-your-own provider keys (premium), AES-GCM encrypted; only the last four characters are shown. */
export const userModelKeys = sqliteTable(
  "user_model_keys",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    ciphertext: text("ciphertext").notNull(),
    iv: text("iv").notNull(),
    last4: text("last4").notNull(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

/** Facts the model remembers about a user (Settings > Personalization lists them; the user can delete any). */
export const userMemories = sqliteTable(
  "user_memories",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("user_memories_user").on(t.userId, t.createdAt)],
);

/** A pending forgotten-password reset: an emailed link token and a 6-digit code, both stored hashed. */
export const passwordResets = sqliteTable(
  "password_resets",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: integer("expires_at").notNull(),
    sentAt: integer("sent_at").notNull(),
  },
  (t) => [uniqueIndex("password_resets_token").on(t.tokenHash)],
);

/** Mail kept locally when no mail API is configured (the dev mailbox page reads it). */
export const devMailbox = sqliteTable(
  "dev_mailbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    bodyText: text("body_text").notNull(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("dev_mailbox_to").on(t.toAddress, t.createdAt)],
);

/** Connected apps (cloud drive, mail, calendar, office clouds): OAuth 2 tokens, AES-GCM encrypted ("iv.ciphertext"). */
export const connectedApps = sqliteTable(
  "connected_apps",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    app: text("app").notNull(),
    accessToken: text("access_token").notNull(),
    refreshToken: text("refresh_token"),
    expiresAt: integer("expires_at"),
    scope: text("scope"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.userId, t.app] })],
);

/** The PKCE verifier of an OAuth connection in progress, keyed by its state; lives a few minutes. */
export const oauthStates = sqliteTable("oauth_states", {
  state: text("state").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  app: text("app").notNull(),
  codeVerifier: text("code_verifier").notNull(),
  expiresAt: integer("expires_at").notNull(),
});

/** How often each prompt of the library (worker/prompts/catalogue.ts) was used: the "most popular" order. */
export const promptUses = sqliteTable("prompt_uses", {
  promptId: text("prompt_id").primaryKey(),
  uses: integer("uses").notNull().default(0),
  lastUsedAt: integer("last_used_at").notNull().default(now),
});

/**
 * The operator console's changes to the prompt library (worker/prompts/library.ts), made without a deploy: a row with
 * the id of a prompt of worker/prompts/catalogue.ts replaces it (or hides it); a row with a new id adds a prompt.
 * Texts per language are [title, description, text], as the catalogue's.
 */
export const promptEdits = sqliteTable("prompt_edits", {
  id: text("id").primaryKey(),
  category: text("category").notNull(),
  weight: integer("weight").notNull().default(0),
  texts: text("texts", { mode: "json" }).notNull().$type<Record<"vi" | "en" | "ru" | "zh", [string, string, string]>>(),
  hidden: integer("hidden", { mode: "boolean" }).notNull().default(false),
  updatedAt: integer("updated_at").notNull().default(now),
});

/**
 * The notification panel's feeds (offers, store, news), one row per item and language, so the operator changes them
 * with `wrangler d1 execute` without a deploy. An item shows from published_at on (a future time schedules it).
 */
export const feeds = sqliteTable(
  "feeds",
  {
    id: text("id").primaryKey(),
    tab: text("tab", { enum: ["offers", "store", "news"] }).notNull(),
    lang: text("lang", { enum: ["vi", "en", "ru", "zh"] }).notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    /** Where the item leads (an absolute https URL or a path of the app), or null. */
    url: text("url"),
    /** An image URL shown beside the item, or null. */
    image: text("image"),
    publishedAt: integer("published_at").notNull().default(now),
    /** Written in the operator console but not shown (a draft, or an item taken down). */
    draft: integer("draft", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [index("feeds_tab_lang_published").on(t.tab, t.lang, t.publishedAt)],
);

/** A feed tab under maintenance (maintenance = 1) shows the "feature not available" placeholder instead of items. */
export const feedStatus = sqliteTable("feed_status", {
  tab: text("tab", { enum: ["offers", "store", "news"] }).primaryKey(),
  maintenance: integer("maintenance").notNull().default(0),
  updatedAt: integer("updated_at").notNull().default(now),
});

/**
 * Projects: a user's group of chats with its own instructions and files, sent to the model by every chat in it
 * (after the user's custom instructions, before the question). Chats name their project in chat_sessions.project_id,
 * in whichever chat database holds them; plan limits on the number of projects are in worker/plans/entitlements.ts.
 */
export const projects = sqliteTable(
  "projects",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    instructions: text("instructions").notNull().default(""),
    /** The files every chat of the project sends ({id, name, type, group, size, url}, as a message's attachments). */
    files: text("files", { mode: "json" }).notNull().$type<AttachmentRef[]>().default(sql`'[]'`),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [index("projects_user").on(t.userId, t.createdAt)],
);

/**
 * A user's rating of one answer (one message version: a regenerated answer has its own message_id), changeable.
 * `model` and `day` say which usage_rollups row counts it, so a changed rating moves the count it made.
 */
export const messageFeedback = sqliteTable(
  "message_feedback",
  {
    chatId: text("chat_id").notNull(),
    messageId: text("message_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    model: text("model").notNull(),
    provider: text("provider").notNull(),
    day: text("day").notNull(),
    rating: text("rating", { enum: ["up", "down"] }).notNull(),
    reason: text("reason", { enum: ["inaccurate", "unhelpful", "unsafe", "other"] }),
    comment: text("comment"),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.messageId] }), index("message_feedback_user").on(t.userId)],
);

/** The prompts a user saved to the personal section of the library (with `{{blank}}` fields, like the catalogue's). */
export const userPrompts = sqliteTable(
  "user_prompts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    text: text("text").notNull(),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [index("user_prompts_user").on(t.userId, t.updatedAt)],
);
