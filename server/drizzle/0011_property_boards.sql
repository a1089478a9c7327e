CREATE TABLE `player_boards` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`board_number` integer DEFAULT 1 NOT NULL,
	`levels` text NOT NULL,
	`boards_completed` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `property_upgrades` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`request_id` text NOT NULL,
	`board_number` integer NOT NULL,
	`tile_id` integer NOT NULL,
	`level` integer NOT NULL,
	`cost` integer NOT NULL,
	`completed_board` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `property_upgrades_user_request` ON `property_upgrades` (`user_id`,`request_id`);--> statement-breakpoint
CREATE INDEX `property_upgrades_created` ON `property_upgrades` (`created_at`);--> statement-breakpoint
ALTER TABLE `rolls` ADD `board_number` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `rolls` ADD `property_level` integer DEFAULT 0 NOT NULL;