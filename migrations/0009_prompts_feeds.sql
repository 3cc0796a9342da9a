-- The prompt library's use counts and the notification panel's feeds (hand-written; schema only — the seeded feed
-- items are in seeds/feeds.sql, applied after the migrations by `npm start`, `npm run deploy` and the tests).

-- How often each prompt of worker/prompts/catalogue.ts was used ("most popular").
CREATE TABLE `prompt_uses` (
	`prompt_id` text PRIMARY KEY NOT NULL,
	`uses` integer DEFAULT 0 NOT NULL,
	`last_used_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
-- One row per feed item and language; tab is offers, store or news; published_at in ms (a future time schedules it).
CREATE TABLE `feeds` (
	`id` text PRIMARY KEY NOT NULL,
	`tab` text NOT NULL,
	`lang` text NOT NULL,
	`title` text NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`url` text,
	`image` text,
	`published_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `feeds_tab_lang_published` ON `feeds` (`tab`,`lang`,`published_at`);
--> statement-breakpoint
-- maintenance = 1 puts a tab under maintenance: the panel shows "Tính năng chưa khả dụng" instead of its items.
CREATE TABLE `feed_status` (
	`tab` text PRIMARY KEY NOT NULL,
	`maintenance` integer DEFAULT 0 NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
