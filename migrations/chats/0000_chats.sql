-- A chat shard: one of the D1 databases that hold users' chats (worker/db/shards.ts). Each user's chats, messages,
-- their full-text indexes and image records live in exactly one shard, the one the main database's directory
-- (user_shards) names. The tables are those of the main database's migrations 0000-0010 as they end up (the main
-- database keeps its own copy for the users placed before shards existed); the only difference is that `user_id`
-- references no users table, since accounts stay in the main database.
CREATE TABLE `chat_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`title` text DEFAULT 'New Chat' NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`is_starred` integer DEFAULT false NOT NULL,
	`persona` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`last_message_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `chat_sessions_user_list` ON `chat_sessions` (`user_id`,`status`,`last_message_at`);
--> statement-breakpoint
CREATE TABLE `messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`chat_id` text NOT NULL,
	`user_id` text NOT NULL,
	`message_id` text NOT NULL,
	`sender` text NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`model` text,
	`endpoint` text,
	`source` text,
	`citations` text,
	`edited` integer DEFAULT false NOT NULL,
	`edited_at` integer,
	`original_message` text,
	`is_edit_response` integer DEFAULT false NOT NULL,
	`for_edited_message_id` text,
	`stopped` integer DEFAULT false NOT NULL,
	`error` text,
	`is_search_mode` integer DEFAULT false NOT NULL,
	`is_image_mode` integer DEFAULT false NOT NULL,
	`safety_violation` integer DEFAULT false NOT NULL,
	`offline` integer DEFAULT 0 NOT NULL,
	`attachments` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`chat_id`) REFERENCES `chat_sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `messages_chat_message_id` ON `messages` (`chat_id`,`message_id`);
--> statement-breakpoint
CREATE INDEX `messages_chat_created` ON `messages` (`chat_id`,`created_at`,`id`);
--> statement-breakpoint
CREATE INDEX `messages_user_created` ON `messages` (`user_id`,`created_at`);
--> statement-breakpoint
CREATE TABLE `images` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`chat_id` text,
	`message_id` text,
	`r2_key` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`prompt` text,
	`model` text,
	`is_edit` integer DEFAULT 0 NOT NULL,
	`original_image_id` text,
	`offline` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `images_user_created` ON `images` (`user_id`,`created_at`);
--> statement-breakpoint
-- History search: as the main database's migrations 0004 and 0010 explain (owner and chat tokens, prefix indexes).
CREATE VIRTUAL TABLE `message_fts` USING fts5(
	`body`,
	`owner`,
	`chat`,
	`chat_id` UNINDEXED,
	tokenize = 'unicode61 remove_diacritics 2',
	prefix = '2 3 4 5 6 7 8'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `chat_title_fts` USING fts5(
	`title`,
	`owner`,
	`chat`,
	`chat_id` UNINDEXED,
	tokenize = 'unicode61 remove_diacritics 2',
	prefix = '2 3 4 5 6 7 8'
);
--> statement-breakpoint
CREATE TRIGGER `messages_fts_insert` AFTER INSERT ON `messages` BEGIN
	INSERT INTO `message_fts` (rowid, `body`, `owner`, `chat`, `chat_id`)
	VALUES (new.`id`, new.`message`, 'u' || hex(new.`user_id`), 'c' || hex(new.`chat_id`), new.`chat_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_update` AFTER UPDATE OF `message` ON `messages` WHEN old.`message` IS NOT new.`message` BEGIN
	DELETE FROM `message_fts` WHERE rowid = old.`id`;
	INSERT INTO `message_fts` (rowid, `body`, `owner`, `chat`, `chat_id`)
	VALUES (new.`id`, new.`message`, 'u' || hex(new.`user_id`), 'c' || hex(new.`chat_id`), new.`chat_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_delete` AFTER DELETE ON `messages` BEGIN
	DELETE FROM `message_fts` WHERE rowid = old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `chat_sessions_fts_insert` AFTER INSERT ON `chat_sessions` BEGIN
	INSERT INTO `chat_title_fts` (`title`, `owner`, `chat`, `chat_id`)
	VALUES (new.`title`, 'u' || hex(new.`user_id`), 'c' || hex(new.`id`), new.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `chat_sessions_fts_update` AFTER UPDATE OF `title` ON `chat_sessions` WHEN old.`title` IS NOT new.`title` BEGIN
	DELETE FROM `chat_title_fts` WHERE rowid IN (
		SELECT rowid FROM `chat_title_fts` WHERE `chat_title_fts` MATCH 'chat : c' || hex(old.`id`)
	);
	INSERT INTO `chat_title_fts` (`title`, `owner`, `chat`, `chat_id`)
	VALUES (new.`title`, 'u' || hex(new.`user_id`), 'c' || hex(new.`id`), new.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `chat_sessions_fts_delete` AFTER DELETE ON `chat_sessions` BEGIN
	DELETE FROM `chat_title_fts` WHERE rowid IN (
		SELECT rowid FROM `chat_title_fts` WHERE `chat_title_fts` MATCH 'chat : c' || hex(old.`id`)
	);
END;
