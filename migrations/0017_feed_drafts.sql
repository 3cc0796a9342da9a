-- Feed items written in the operator console (worker/routes/admin-feeds.ts) can be drafts, or taken down: not shown.
ALTER TABLE `feeds` ADD `draft` integer DEFAULT false NOT NULL;
