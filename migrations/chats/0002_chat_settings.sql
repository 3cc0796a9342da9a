-- A chat's project and its own settings, as the main database's migration 0021 explains: project_id names a row of
-- the main database's projects table; system_prompt, temperature and max_tokens are null where the chat keeps the
-- user's defaults.
ALTER TABLE `chat_sessions` ADD `project_id` text;--> statement-breakpoint
ALTER TABLE `chat_sessions` ADD `system_prompt` text;--> statement-breakpoint
ALTER TABLE `chat_sessions` ADD `temperature` real;--> statement-breakpoint
ALTER TABLE `chat_sessions` ADD `max_tokens` integer;--> statement-breakpoint
CREATE INDEX `chat_sessions_project` ON `chat_sessions` (`user_id`,`project_id`);
