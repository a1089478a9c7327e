ALTER TABLE "game_states" ADD COLUMN "dice_refill_at" bigint;--> statement-breakpoint
ALTER TABLE "rolls" ADD COLUMN "multiplier" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "rolls" ADD COLUMN "first_roll" integer DEFAULT 0 NOT NULL;