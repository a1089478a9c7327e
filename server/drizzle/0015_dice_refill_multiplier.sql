ALTER TABLE `game_states` ADD `dice_refill_at` integer;--> statement-breakpoint
ALTER TABLE `rolls` ADD `multiplier` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `rolls` ADD `first_roll` integer DEFAULT false NOT NULL;