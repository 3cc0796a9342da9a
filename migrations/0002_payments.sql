-- Payments and the affiliate programme: order expiry and the claim of the transaction that paid it, the bank
-- transaction ledger (idempotency by transaction id, and the review queue), one subscription row and at most one
-- commission per order, referrals, referral-link clicks and FAQ view counts.
ALTER TABLE `payment_orders` ADD `expires_at` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `payment_orders` ADD `apply_id` text;
--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `order_id` text REFERENCES payment_orders(id) ON DELETE SET NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_order` ON `subscriptions` (`order_id`);
--> statement-breakpoint
CREATE TABLE `bank_transactions` (
	`id` text PRIMARY KEY NOT NULL,
	`gateway` text,
	`transaction_date` text,
	`account_number` text,
	`sub_account` text,
	`code` text,
	`content` text,
	`description` text,
	`reference_code` text,
	`transfer_type` text NOT NULL,
	`transfer_amount` integer NOT NULL,
	`order_id` text,
	`outcome` text DEFAULT 'received' NOT NULL,
	`review_reason` text,
	`apply_id` text,
	`received_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `bank_transactions_outcome` ON `bank_transactions` (`outcome`,`received_at`);
--> statement-breakpoint
CREATE TABLE `affiliate_referrals` (
	`referred_user_id` text PRIMARY KEY NOT NULL,
	`referrer_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`referred_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`referrer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `affiliate_referrals_referrer` ON `affiliate_referrals` (`referrer_id`,`created_at`);
--> statement-breakpoint
CREATE TABLE `affiliate_clicks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`referrer_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`referrer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `affiliate_clicks_referrer` ON `affiliate_clicks` (`referrer_id`,`created_at`);
--> statement-breakpoint
CREATE TABLE `affiliate_commissions` (
	`id` text PRIMARY KEY NOT NULL,
	`referrer_id` text NOT NULL,
	`referred_user_id` text NOT NULL,
	`order_id` text NOT NULL,
	`order_amount` integer NOT NULL,
	`rate_bps` integer NOT NULL,
	`commission` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`referrer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`referred_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `payment_orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `affiliate_commissions_order` ON `affiliate_commissions` (`order_id`);
--> statement-breakpoint
CREATE INDEX `affiliate_commissions_referrer` ON `affiliate_commissions` (`referrer_id`,`created_at`);
--> statement-breakpoint
CREATE TABLE `affiliate_faq_views` (
	`question_id` text PRIMARY KEY NOT NULL,
	`views` integer DEFAULT 0 NOT NULL
);
