CREATE TABLE `chain_addresses` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`address` text NOT NULL,
	`derivation_index` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `chain_addresses_address_unique` ON `chain_addresses` (`address`);--> statement-breakpoint
CREATE TABLE `chain_blocks` (
	`chain_id` integer NOT NULL,
	`block_number` integer NOT NULL,
	`block_hash` text NOT NULL,
	PRIMARY KEY(`chain_id`, `block_number`)
);
--> statement-breakpoint
CREATE TABLE `chain_cursors` (
	`chain_id` integer PRIMARY KEY NOT NULL,
	`block_number` integer NOT NULL,
	`block_hash` text NOT NULL,
	`head_block` integer NOT NULL,
	`last_error` text,
	`error_at` integer,
	`polled_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `chain_deposits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`chain_id` integer NOT NULL,
	`tx_hash` text NOT NULL,
	`log_index` integer NOT NULL,
	`coin` text NOT NULL,
	`user_id` integer NOT NULL,
	`to_address` text NOT NULL,
	`from_address` text NOT NULL,
	`amount_base` text NOT NULL,
	`block_number` integer NOT NULL,
	`block_hash` text NOT NULL,
	`status` text NOT NULL,
	`money_tx_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `chain_deposits_transfer_unique` ON `chain_deposits` (`chain_id`,`tx_hash`,`log_index`);--> statement-breakpoint
CREATE INDEX `chain_deposits_status` ON `chain_deposits` (`status`,`block_number`);--> statement-breakpoint
CREATE INDEX `chain_deposits_user` ON `chain_deposits` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `wallet_links` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`address` text NOT NULL,
	`linked_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wallet_links_address_unique` ON `wallet_links` (`address`);--> statement-breakpoint
CREATE TABLE `wallet_nonces` (
	`nonce` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `wallet_nonces_expiry` ON `wallet_nonces` (`expires_at`);