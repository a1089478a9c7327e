CREATE TABLE `friend_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`from_user_id` integer NOT NULL,
	`to_user_id` integer NOT NULL,
	`pair_low` integer NOT NULL,
	`pair_high` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer NOT NULL,
	`responded_at` integer,
	FOREIGN KEY (`from_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`to_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "friend_requests_not_self" CHECK("friend_requests"."from_user_id" <> "friend_requests"."to_user_id"),
	CONSTRAINT "friend_requests_pair_ordered" CHECK("friend_requests"."pair_low" = min("friend_requests"."from_user_id", "friend_requests"."to_user_id") AND "friend_requests"."pair_high" = max("friend_requests"."from_user_id", "friend_requests"."to_user_id"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `friend_requests_pending_pair` ON `friend_requests` (`pair_low`,`pair_high`) WHERE "friend_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX `friend_requests_to` ON `friend_requests` (`to_user_id`,`status`);--> statement-breakpoint
CREATE INDEX `friend_requests_from` ON `friend_requests` (`from_user_id`,`status`);--> statement-breakpoint
CREATE INDEX `friend_requests_pair` ON `friend_requests` (`pair_low`,`pair_high`,`responded_at`);--> statement-breakpoint
CREATE TABLE `friendships` (
	`user_low` integer NOT NULL,
	`user_high` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_low`, `user_high`),
	FOREIGN KEY (`user_low`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_high`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "friendships_ordered" CHECK("friendships"."user_low" < "friendships"."user_high")
);
--> statement-breakpoint
CREATE INDEX `friendships_high` ON `friendships` (`user_high`);--> statement-breakpoint
CREATE TABLE `user_profiles` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`preferences` text,
	`game_preferences` text,
	`notifications` text,
	`profile_visibility` text DEFAULT 'public' NOT NULL,
	`show_on_leaderboard` integer DEFAULT true NOT NULL,
	`show_online_status` integer DEFAULT true NOT NULL,
	`avatar_file` text,
	`avatar_mime` text,
	`avatar_updated_at` integer,
	`deactivated_at` integer,
	`deactivation_reason` text,
	`deleted_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `user_profiles_hidden` ON `user_profiles` (`show_on_leaderboard`,`deactivated_at`,`deleted_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `user_profiles_avatar_file` ON `user_profiles` (`avatar_file`);