-- The expert persona a chat was started with (worker/personalization/personas.ts), or NULL for an ordinary chat.
ALTER TABLE `chat_sessions` ADD `persona` text;
