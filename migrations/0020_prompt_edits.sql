-- The prompt library's edits from the operator console (worker/prompts/library.ts applies them over the catalogue).
CREATE TABLE `prompt_edits` (
	`id` text PRIMARY KEY NOT NULL,
	`category` text NOT NULL,
	`weight` integer DEFAULT 0 NOT NULL,
	`texts` text NOT NULL,
	`hidden` integer DEFAULT false NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
