CREATE TABLE `admin_audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`admin_id` integer NOT NULL,
	`action` text NOT NULL,
	`target_user_id` integer,
	`target_type` text,
	`target_id` integer,
	`before` text,
	`after` text,
	`ip` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `admin_audit_time` ON `admin_audit_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `admin_audit_admin_time` ON `admin_audit_log` (`admin_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `admin_audit_target_user_time` ON `admin_audit_log` (`target_user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `admin_audit_action_time` ON `admin_audit_log` (`action`,`created_at`);--> statement-breakpoint
CREATE INDEX `ledger_time` ON `ledger_entries` (`created_at`);--> statement-breakpoint
CREATE INDEX `money_tx_time` ON `money_transactions` (`created_at`);