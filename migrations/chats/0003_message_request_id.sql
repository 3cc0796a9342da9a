-- A failed answer's request id, as the main database's migration 0022 explains.
ALTER TABLE `messages` ADD `request_id` text;
