CREATE TABLE `game_states` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`balance` integer DEFAULT 0 NOT NULL,
	`dice_rolls_remaining` integer DEFAULT 0 NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`total_rolls` integer DEFAULT 0 NOT NULL,
	`total_tokens_earned` integer DEFAULT 0 NOT NULL,
	`jackpots_hit` integer DEFAULT 0 NOT NULL,
	`laps_completed` integer DEFAULT 0 NOT NULL,
	`xp` integer DEFAULT 0 NOT NULL,
	`level` integer DEFAULT 1 NOT NULL,
	`unlocked_achievements` text DEFAULT '[]' NOT NULL,
	`rewarded_achievements` text DEFAULT '[]' NOT NULL,
	`recent_moves` text DEFAULT '[]' NOT NULL,
	`last_dice` text DEFAULT '[]' NOT NULL,
	`gain_streak` integer DEFAULT 0 NOT NULL,
	`last_roll_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `ledger_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`asset` text NOT NULL,
	`amount` integer NOT NULL,
	`type` text NOT NULL,
	`reason` text NOT NULL,
	`ref_type` text,
	`ref_id` integer,
	`balance_after` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `ledger_user_time` ON `ledger_entries` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `ledger_ref` ON `ledger_entries` (`ref_type`,`ref_id`);