-- Prefix indexes for search as you type (worker/db/history-search.ts): the last word of a history query matches as a
-- prefix ("ha no" → "Hà Nội"). Without a prefix index FTS5 answers "no"* by merging the doclist of every indexed word
-- that starts with "no"; with one it reads a single doclist. 2, 3 and 4 characters cover what is typed before a word
-- is complete; longer prefixes are rare and fast enough by merging. An FTS5 table's prefix option is fixed at
-- creation, so both indexes are rebuilt from their source rows; the triggers of migration 0004 name the tables and
-- keep working on the new ones.
DROP TABLE `message_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `message_fts` USING fts5(
	`body`,
	`owner`,
	`chat`,
	`chat_id` UNINDEXED,
	tokenize = 'unicode61 remove_diacritics 2',
	prefix = '2 3 4'
);
--> statement-breakpoint
INSERT INTO `message_fts` (rowid, `body`, `owner`, `chat`, `chat_id`)
SELECT `id`, `message`, 'u' || hex(`user_id`), 'c' || hex(`chat_id`), `chat_id` FROM `messages`;
--> statement-breakpoint
DROP TABLE `chat_title_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `chat_title_fts` USING fts5(
	`title`,
	`owner`,
	`chat`,
	`chat_id` UNINDEXED,
	tokenize = 'unicode61 remove_diacritics 2',
	prefix = '2 3 4'
);
--> statement-breakpoint
INSERT INTO `chat_title_fts` (`title`, `owner`, `chat`, `chat_id`)
SELECT `title`, 'u' || hex(`user_id`), 'c' || hex(`id`), `id` FROM `chat_sessions`;
