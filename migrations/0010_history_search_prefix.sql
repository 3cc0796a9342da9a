-- Prefix indexes for search as you type (worker/db/history-search.ts): the last word of a history query matches as a
-- prefix ("ha no" → "Hà Nội", "weath" → "weather"). Without a prefix index of that length, FTS5 answers "weath"* by
-- reading and merging the postings of every indexed word that starts with it, over the whole table (every user's
-- messages), before the owner token narrows anything: a common word costs tens of milliseconds at a million messages.
-- With one it reads a single doclist like any word. 2 to 8 characters cover nearly every word as it is typed
-- (Vietnamese syllables are at most 7 letters). Against indexes of 2-4 characters only, writes took about 1.6× as
-- long (1,000,000 messages seeded) and the database grew about 19% (a 100,000-message sample), while a 7-letter
-- word's query fell from 91-157 ms to about 46 ms at a million messages. An FTS5 table's prefix option is fixed at
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
	prefix = '2 3 4 5 6 7 8'
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
	prefix = '2 3 4 5 6 7 8'
);
--> statement-breakpoint
INSERT INTO `chat_title_fts` (`title`, `owner`, `chat`, `chat_id`)
SELECT `title`, 'u' || hex(`user_id`), 'c' || hex(`id`), `id` FROM `chat_sessions`;
