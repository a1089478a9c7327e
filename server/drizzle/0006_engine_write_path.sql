CREATE TABLE `stats_cache` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`computed_at` integer NOT NULL
);
--> statement-breakpoint
DROP INDEX `ledger_ref`;--> statement-breakpoint
DROP INDEX `rolls_seed_nonce`;