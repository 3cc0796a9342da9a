-- Search over the whole chat history (worker/db/history-search.ts): two FTS5 indexes, one of message texts and one
-- of chat titles, kept current by triggers on messages and chat_sessions, so every save path (the chat turn's batch,
-- the media API's save, title edits, deletes) updates them without any code of its own.
--
-- unicode61 with remove_diacritics 2 folds case and marks: "pho" finds "phở", "ha noi" finds "Hà Nội". It does not
-- decompose đ/Đ (a letter of its own, not d + a mark); the query side expands d ↔ đ (historySearchQuery).
--
-- Besides the text, each row carries `owner` ('u' || hex(user_id)) and `chat` ('c' || hex(chat id)) as single tokens:
-- a query puts the caller's owner token in its MATCH, so FTS5 only walks that user's postings, and a search inside one
-- chat adds the chat token. The hex form is one token whatever characters an id has. chat_id is kept UNINDEXED to read
-- the chat back without a join. Deleted chats stay indexed and are excluded by the query's join (status = 'active').
CREATE VIRTUAL TABLE `message_fts` USING fts5(
	`body`,
	`owner`,
	`chat`,
	`chat_id` UNINDEXED,
	tokenize = 'unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `chat_title_fts` USING fts5(
	`title`,
	`owner`,
	`chat`,
	`chat_id` UNINDEXED,
	tokenize = 'unicode61 remove_diacritics 2'
);
--> statement-breakpoint
-- message_fts rowid = messages.id (an INTEGER PRIMARY KEY, stable across VACUUM).
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
-- chat_sessions has a text primary key (its rowid may change on VACUUM), so its index row is found by the chat token.
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
--> statement-breakpoint
-- The history saved before this migration.
INSERT INTO `message_fts` (rowid, `body`, `owner`, `chat`, `chat_id`)
SELECT `id`, `message`, 'u' || hex(`user_id`), 'c' || hex(`chat_id`), `chat_id` FROM `messages`;
--> statement-breakpoint
INSERT INTO `chat_title_fts` (`title`, `owner`, `chat`, `chat_id`)
SELECT `title`, 'u' || hex(`user_id`), 'c' || hex(`id`), `id` FROM `chat_sessions`;
