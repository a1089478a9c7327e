CREATE TABLE `achievement_unlocks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`achievement_id` text NOT NULL,
	`reward_paid` integer NOT NULL,
	`roll_id` integer,
	`unlocked_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`roll_id`) REFERENCES `rolls`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `achievement_unlocks_roll` ON `achievement_unlocks` (`roll_id`,`achievement_id`);--> statement-breakpoint
CREATE INDEX `achievement_unlocks_user` ON `achievement_unlocks` (`user_id`,`achievement_id`);--> statement-breakpoint
CREATE INDEX `achievement_unlocks_time` ON `achievement_unlocks` (`unlocked_at`);--> statement-breakpoint
CREATE TABLE `daily_dice_claims` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`day` text NOT NULL,
	`dice_added` integer NOT NULL,
	`consecutive_days` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `daily_dice_claims_user_day` ON `daily_dice_claims` (`user_id`,`day`);--> statement-breakpoint
CREATE TABLE `daily_logins` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`day` text NOT NULL,
	`bonus` integer NOT NULL,
	`consecutive_days` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `daily_logins_user_day` ON `daily_logins` (`user_id`,`day`);--> statement-breakpoint
CREATE TABLE `fairness_seeds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`seed_index` integer NOT NULL,
	`server_seed` text NOT NULL,
	`server_seed_hash` text NOT NULL,
	`client_seed` text NOT NULL,
	`next_nonce` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`revealed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fairness_seeds_user_index` ON `fairness_seeds` (`user_id`,`seed_index`);--> statement-breakpoint
CREATE UNIQUE INDEX `fairness_seeds_user_active` ON `fairness_seeds` (`user_id`) WHERE "fairness_seeds"."revealed_at" IS NULL;--> statement-breakpoint
CREATE TABLE `play_sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`started_at` integer NOT NULL,
	`ended_at` integer,
	`device` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `play_sessions_user` ON `play_sessions` (`user_id`,`started_at`);--> statement-breakpoint
CREATE INDEX `play_sessions_open` ON `play_sessions` (`ended_at`);--> statement-breakpoint
CREATE TABLE `rolls` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`seed_id` integer NOT NULL,
	`client_seed` text NOT NULL,
	`nonce` integer NOT NULL,
	`die` integer NOT NULL,
	`from_position` integer NOT NULL,
	`to_position` integer NOT NULL,
	`tile_id` integer NOT NULL,
	`raw_reward` integer NOT NULL,
	`applied_reward` integer NOT NULL,
	`achievement_reward` integer DEFAULT 0 NOT NULL,
	`is_jackpot` integer NOT NULL,
	`request_id` text,
	`result` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`seed_id`) REFERENCES `fairness_seeds`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `rolls_user_request` ON `rolls` (`user_id`,`request_id`) WHERE "rolls"."request_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `rolls_seed_nonce` ON `rolls` (`seed_id`,`nonce`);--> statement-breakpoint
CREATE INDEX `rolls_created` ON `rolls` (`created_at`);--> statement-breakpoint
CREATE INDEX `rolls_user_created` ON `rolls` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `streaks` (
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`last_day` text,
	`consecutive_days` integer DEFAULT 0 NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`streak_start_day` text,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
