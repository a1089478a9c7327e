CREATE TABLE `idempotency_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`key` text NOT NULL,
	`request_hash` text NOT NULL,
	`status_code` integer NOT NULL,
	`response` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `idempotency_user_key_unique` ON `idempotency_keys` (`user_id`,`key`);--> statement-breakpoint
CREATE TABLE `money_transactions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`type` text NOT NULL,
	`amount` real NOT NULL,
	`currency` text NOT NULL,
	`crypto_type` text,
	`crypto_amount` real,
	`usd_value` real,
	`crypto_address` text,
	`tx_hash` text,
	`hash_currency` text,
	`reference` text,
	`note` text,
	`dice_rolls_requested` integer,
	`status` text DEFAULT 'pending' NOT NULL,
	`dice_rolls_credited` integer,
	`gogo_credited` integer,
	`admin_note` text,
	`reason` text,
	`reviewed_by` integer,
	`reviewed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reviewed_by`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `money_tx_user_time` ON `money_transactions` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `money_tx_status_type` ON `money_transactions` (`status`,`type`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `money_tx_currency_hash_unique` ON `money_transactions` (`hash_currency`,`tx_hash`) WHERE tx_hash IS NOT NULL;--> statement-breakpoint
CREATE TABLE `referrals` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`referred_by` integer,
	`referred_at` integer,
	`reward_paid_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`referred_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `referrals_code_unique` ON `referrals` (`code`);--> statement-breakpoint
CREATE INDEX `referrals_referred_by` ON `referrals` (`referred_by`);