-- Issue 25: projects (a group of chats with its own instructions and files), a chat's own settings (system prompt,
-- temperature, longest answer), ratings of answers (counted per model in usage_rollups) and the prompts users save
-- to the personal section of the library. chat_sessions gains the same columns in every chat database
-- (migrations/chats/0002_chat_settings.sql).
CREATE TABLE `message_feedback` (
	`chat_id` text NOT NULL,
	`message_id` text NOT NULL,
	`user_id` text NOT NULL,
	`model` text NOT NULL,
	`provider` text NOT NULL,
	`day` text NOT NULL,
	`rating` text NOT NULL,
	`reason` text,
	`comment` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`chat_id`, `message_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `message_feedback_user` ON `message_feedback` (`user_id`);--> statement-breakpoint
CREATE TABLE `projects` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`instructions` text DEFAULT '' NOT NULL,
	`files` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `projects_user` ON `projects` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `user_prompts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`title` text NOT NULL,
	`text` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_prompts_user` ON `user_prompts` (`user_id`,`updated_at`);--> statement-breakpoint
ALTER TABLE `chat_sessions` ADD `project_id` text;--> statement-breakpoint
ALTER TABLE `chat_sessions` ADD `system_prompt` text;--> statement-breakpoint
ALTER TABLE `chat_sessions` ADD `temperature` real;--> statement-breakpoint
ALTER TABLE `chat_sessions` ADD `max_tokens` integer;--> statement-breakpoint
CREATE INDEX `chat_sessions_project` ON `chat_sessions` (`user_id`,`project_id`);--> statement-breakpoint
ALTER TABLE `usage_rollups` ADD `thumbs_up` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `usage_rollups` ADD `thumbs_down` integer DEFAULT 0 NOT NULL;