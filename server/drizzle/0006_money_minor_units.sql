CREATE TABLE `price_cache` (
	`feed_url` text PRIMARY KEY NOT NULL,
	`prices_usd` text,
	`fetched_at` integer,
	`failed_at` integer
);
--> statement-breakpoint
-- Money amounts move from REAL to integer minor units (1e8 of the unit, MONEY_SCALE in shared/src/rules).
-- Columns are added, filled and the old ones dropped (no table copy: a legacy row whose player row is
-- gone must not fail the foreign key check of a copy). Every stored REAL came from an amount with at most
-- 8 decimals, so round(x * 1e8) is its exact value. The DEFAULT 0 only lets SQLite add a NOT NULL column;
-- every insert sets the amount.
ALTER TABLE `money_transactions` ADD `amount_units` integer NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE `money_transactions` ADD `crypto_amount_units` integer;--> statement-breakpoint
ALTER TABLE `money_transactions` ADD `usd_value_units` integer;--> statement-breakpoint
UPDATE `money_transactions` SET
	`amount_units` = CAST(round(`amount` * 100000000) AS INTEGER),
	`crypto_amount_units` = CASE WHEN `crypto_amount` IS NULL THEN NULL ELSE CAST(round(`crypto_amount` * 100000000) AS INTEGER) END,
	`usd_value_units` = CASE WHEN `usd_value` IS NULL THEN NULL ELSE CAST(round(`usd_value` * 100000000) AS INTEGER) END;--> statement-breakpoint
ALTER TABLE `money_transactions` DROP COLUMN `amount`;--> statement-breakpoint
ALTER TABLE `money_transactions` DROP COLUMN `crypto_amount`;--> statement-breakpoint
ALTER TABLE `money_transactions` DROP COLUMN `usd_value`;
