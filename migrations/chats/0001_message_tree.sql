-- Versions and branches: as the main database's migration 0013 explains (parent_id, on_path, and every chat saved
-- before it kept as one path).
ALTER TABLE `messages` ADD `parent_id` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `on_path` integer DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX `messages_chat_parent` ON `messages` (`chat_id`,`parent_id`,`created_at`,`id`);--> statement-breakpoint
UPDATE `messages` SET `parent_id` = (
	SELECT p.`message_id` FROM `messages` p
	WHERE p.`chat_id` = `messages`.`chat_id`
		AND (p.`created_at` < `messages`.`created_at` OR (p.`created_at` = `messages`.`created_at` AND p.`id` < `messages`.`id`))
	ORDER BY p.`created_at` DESC, p.`id` DESC LIMIT 1
);
