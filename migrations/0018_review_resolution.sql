-- An operator's note on how a transfer kept for review was resolved (worker/admin/review-queue.ts).
ALTER TABLE `bank_transactions` ADD `resolution` text;
