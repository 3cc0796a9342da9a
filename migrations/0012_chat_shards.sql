-- Chat shards (worker/db/shards.ts): the directory of which D1 database holds each user's chats (user_shards; no row
-- means this main database, as for every user placed before shards existed), the count of users per shard that
-- sign-up reads to place a new user on the least full one, and the owner of each chat id a client picked for itself
-- or made before this migration (chat_owners; the server's own ids are unique by their randomness, worker/db/chats.ts),
-- so an id names one chat across all shards. The shards' own schema is migrations/chats/.
CREATE TABLE `chat_owners` (
	`chat_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `chat_shards` (
	`name` text PRIMARY KEY NOT NULL,
	`users` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `user_shards` (
	`user_id` text PRIMARY KEY NOT NULL,
	`shard` text NOT NULL,
	`assigned_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_shards_shard` ON `user_shards` (`shard`);
--> statement-breakpoint
-- The chats saved before this migration, all in this database.
INSERT INTO `chat_owners` (`chat_id`, `user_id`) SELECT `id`, `user_id` FROM `chat_sessions`;
