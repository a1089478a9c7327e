CREATE TABLE `race_fields` (
	`week` text NOT NULL,
	`user_id` integer NOT NULL,
	`friend_id` integer NOT NULL,
	PRIMARY KEY(`week`, `user_id`, `friend_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`friend_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
