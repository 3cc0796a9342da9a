-- Shared links (worker/shares/): one row per link to a chat snapshot kept in R2 (shares/<id>.json); deleting the row
-- revokes the link.
CREATE TABLE `shared_links` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`chat_id` text NOT NULL,
	`title` text NOT NULL,
	`message_count` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `shared_links_user_created` ON `shared_links` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `shared_links_chat` ON `shared_links` (`chat_id`);