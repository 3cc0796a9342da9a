-- A failed answer keeps the id of the request that asked for it (X-Request-Id, the id in the turn's log line), so the
-- id the user quotes to support is still shown after a reload. Every chat database gains the same column
-- (migrations/chats/0003_message_request_id.sql).
ALTER TABLE `messages` ADD `request_id` text;
