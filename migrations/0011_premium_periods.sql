-- Paid time as a queue of periods, each with its own plan level (worker/payments/premium-period.ts). Before this,
-- a purchase set is_premium for the user's whole paid stretch, so Advanced+ followed by Basic delivered Basic at once.
-- Every existing history row becomes the period it paid for, at its own package's level and with its own dates (a
-- renewal was already queued after premium_end, so they do not overlap); cancelled rows pay for nothing. Then each
-- such user's is_premium is set to the level of the period covering now (0 once all have ended): the plan they paid
-- for at this moment.
CREATE TABLE `premium_periods` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`subscription_id` text,
	`level` integer NOT NULL,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `premium_periods_user` ON `premium_periods` (`user_id`,`start_at`);--> statement-breakpoint
CREATE INDEX `premium_periods_subscription` ON `premium_periods` (`subscription_id`);
--> statement-breakpoint
INSERT INTO `premium_periods` (`id`, `user_id`, `subscription_id`, `level`, `start_at`, `end_at`, `created_at`)
SELECT `id`, `user_id`, `id`, CASE WHEN `plan` IN ('AD_1T', 'AD_1Y') THEN 2 ELSE 1 END, `start_date`, `end_date`, `created_at`
FROM `subscriptions` WHERE `status` != 'cancelled' AND `end_date` > `start_date`;
--> statement-breakpoint
UPDATE `users` SET `is_premium` = coalesce((
  SELECT max(p.`level`) FROM `premium_periods` p
  WHERE p.`user_id` = `users`.`id` AND p.`start_at` <= (unixepoch('subsec') * 1000) AND p.`end_at` > (unixepoch('subsec') * 1000)
), 0)
WHERE EXISTS (SELECT 1 FROM `premium_periods` p WHERE p.`user_id` = `users`.`id`);
