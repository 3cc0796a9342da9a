-- Rate limits count in a sliding window (worker/db/rate-limits.ts): each key keeps the count of the window before
-- the current one, weighted by its overlap, so a client can no longer make twice a budget across a window's edge.
ALTER TABLE `rate_limits` ADD `previous_count` integer DEFAULT 0 NOT NULL;
