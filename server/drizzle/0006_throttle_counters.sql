CREATE TABLE `throttle_counters` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`reset_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `throttle_counters_reset` ON `throttle_counters` (`reset_at`);