CREATE TABLE `stats_cache` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`computed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `throttle_counters` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`reset_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `throttle_counters_reset` ON `throttle_counters` (`reset_at`);--> statement-breakpoint
DROP INDEX `ledger_ref`;--> statement-breakpoint
DROP INDEX `rolls_seed_nonce`;