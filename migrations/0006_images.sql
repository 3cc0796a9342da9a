-- Generated and edited images for the gallery: whether an image is an edit, the image it was made from, and whether
-- the offline model drew it (no image provider configured), so the gallery and a reloaded chat can say so.
ALTER TABLE `images` ADD `is_edit` integer DEFAULT 0 NOT NULL;
ALTER TABLE `images` ADD `original_image_id` text;
ALTER TABLE `images` ADD `offline` integer DEFAULT 0 NOT NULL;
