CREATE TABLE `challenge_claims` (
	`user_id` integer NOT NULL,
	`day` text NOT NULL,
	`challenge_id` text NOT NULL,
	`gogo` integer NOT NULL,
	`dice` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `day`, `challenge_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `challenge_streaks` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`last_day` text NOT NULL,
	`days` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `event_entries` (
	`event_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`score` integer DEFAULT 0 NOT NULL,
	`reached_at` integer NOT NULL,
	`joined_at` integer NOT NULL,
	PRIMARY KEY(`event_id`, `user_id`),
	FOREIGN KEY (`event_id`) REFERENCES `live_events`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `event_entries_user` ON `event_entries` (`user_id`);--> statement-breakpoint
CREATE INDEX `event_entries_standing` ON `event_entries` (`event_id`,`score`,`reached_at`);--> statement-breakpoint
CREATE TABLE `event_prizes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`rank` integer NOT NULL,
	`score` integer NOT NULL,
	`gogo` integer NOT NULL,
	`dice` integer NOT NULL,
	`seen_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `live_events`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `event_prizes_rank` ON `event_prizes` (`event_id`,`rank`);--> statement-breakpoint
CREATE UNIQUE INDEX `event_prizes_user` ON `event_prizes` (`event_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `event_prizes_unseen` ON `event_prizes` (`user_id`) WHERE "event_prizes"."seen_at" IS NULL;--> statement-breakpoint
CREATE TABLE `live_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`series_id` integer,
	`round` integer DEFAULT 1 NOT NULL,
	`name` text NOT NULL,
	`metric` text NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`repeat` text,
	`max_entrants` integer,
	`prizes` text NOT NULL,
	`status` text NOT NULL,
	`entrants` integer DEFAULT 0 NOT NULL,
	`settled_at` integer,
	`cancelled_at` integer,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `live_events_due` ON `live_events` (`status`,`ends_at`);--> statement-breakpoint
CREATE INDEX `live_events_ends` ON `live_events` (`ends_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `live_events_series_round` ON `live_events` (`series_id`,`round`);--> statement-breakpoint
CREATE TABLE `race_prizes` (
	`week` text NOT NULL,
	`user_id` integer NOT NULL,
	`score` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`week`, `user_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `race_scores` (
	`week` text NOT NULL,
	`user_id` integer NOT NULL,
	`score` integer NOT NULL,
	`reached_at` integer NOT NULL,
	PRIMARY KEY(`week`, `user_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `race_weeks` (
	`week` text PRIMARY KEY NOT NULL,
	`winners` integer NOT NULL,
	`settled_at` integer NOT NULL
);
