-- Versions and branches (worker/db/message-tree.ts): each message names the one it follows (parent_id, a message_id
-- of the same chat; null for the first), and on_path marks the branch the chat shows. Every chat saved before this
-- migration becomes one path: each message follows the one before it in the chat's order (created_at, then row id).
ALTER TABLE `messages` ADD `parent_id` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `on_path` integer DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX `messages_chat_parent` ON `messages` (`chat_id`,`parent_id`,`created_at`,`id`);--> statement-breakpoint
UPDATE `messages` SET `parent_id` = (
	SELECT p.`message_id` FROM `messages` p
	WHERE p.`chat_id` = `messages`.`chat_id`
		AND (p.`created_at` < `messages`.`created_at` OR (p.`created_at` = `messages`.`created_at` AND p.`id` < `messages`.`id`))
	ORDER BY p.`created_at` DESC, p.`id` DESC LIMIT 1
);
