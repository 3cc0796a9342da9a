-- Whether the built-in offline model wrote a bot message (no provider key was configured), so a reloaded chat keeps
-- saying so next to that answer.
ALTER TABLE `messages` ADD `offline` integer DEFAULT 0 NOT NULL;
