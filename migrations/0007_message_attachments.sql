-- The files a user message carried (JSON array of {id, name, type, group, size, url}; the bytes are in R2 under
-- uploads/{user}/{id}), so a reloaded chat shows them next to its question.
ALTER TABLE `messages` ADD `attachments` text;
