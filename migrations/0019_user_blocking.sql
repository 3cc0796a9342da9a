-- An operator can block an account (worker/routes/admin.ts): it cannot sign in and every call answers 403.
ALTER TABLE `users` ADD `blocked_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `blocked_reason` text;
