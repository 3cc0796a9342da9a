-- The operator's usage figures (worker/db/usage-rollups.ts): per quota day, model and provider, the turns, failures,
-- tokens, searches and pictures; the failures by error code; and a histogram of the time to first token.
CREATE TABLE `usage_errors` (
	`day` text NOT NULL,
	`model` text NOT NULL,
	`provider` text NOT NULL,
	`code` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `model`, `provider`, `code`)
);
--> statement-breakpoint
CREATE TABLE `usage_latency` (
	`day` text NOT NULL,
	`model` text NOT NULL,
	`provider` text NOT NULL,
	`up_to_ms` integer NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `model`, `provider`, `up_to_ms`)
);
--> statement-breakpoint
CREATE TABLE `usage_rollups` (
	`day` text NOT NULL,
	`model` text NOT NULL,
	`provider` text NOT NULL,
	`turns` integer DEFAULT 0 NOT NULL,
	`failed` integer DEFAULT 0 NOT NULL,
	`tokens_in` integer DEFAULT 0 NOT NULL,
	`tokens_out` integer DEFAULT 0 NOT NULL,
	`searches` integer DEFAULT 0 NOT NULL,
	`images` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `model`, `provider`)
);
