-- game_states in a new physical order (db/schema/game.ts says why): what a roll leaves as it was
-- first, what every roll rewrites last, so that a HOT update logs only the tail. PostgreSQL has no
-- column reordering: the table is built again with the same name, columns, defaults, key and foreign
-- key, and its rows are copied. No other table references game_states.
CREATE TABLE "game_states_reordered" (
	"user_id" bigint NOT NULL,
	"created_at" bigint NOT NULL,
	"jackpots_hit" bigint DEFAULT 0 NOT NULL,
	"level" bigint DEFAULT 1 NOT NULL,
	"laps_completed" bigint DEFAULT 0 NOT NULL,
	"unlocked_achievements" text DEFAULT '[]' NOT NULL,
	"rewarded_achievements" text DEFAULT '[]' NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"dice_rolls_remaining" bigint DEFAULT 0 NOT NULL,
	"total_rolls" bigint DEFAULT 0 NOT NULL,
	"total_tokens_earned" bigint DEFAULT 0 NOT NULL,
	"xp" bigint DEFAULT 0 NOT NULL,
	"gain_streak" bigint DEFAULT 0 NOT NULL,
	"last_roll_at" bigint,
	"dice_refill_at" bigint,
	"updated_at" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"last_dice" text DEFAULT '[]' NOT NULL,
	"recent_moves" text DEFAULT '[]' NOT NULL
);
--> statement-breakpoint
LOCK TABLE "game_states" IN ACCESS EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO "game_states_reordered" ("user_id", "created_at", "jackpots_hit", "level", "laps_completed",
  "unlocked_achievements", "rewarded_achievements", "balance", "dice_rolls_remaining", "total_rolls",
  "total_tokens_earned", "xp", "gain_streak", "last_roll_at", "dice_refill_at", "updated_at", "position",
  "last_dice", "recent_moves")
SELECT "user_id", "created_at", "jackpots_hit", "level", "laps_completed", "unlocked_achievements",
  "rewarded_achievements", "balance", "dice_rolls_remaining", "total_rolls", "total_tokens_earned", "xp",
  "gain_streak", "last_roll_at", "dice_refill_at", "updated_at", "position", "last_dice", "recent_moves"
FROM "game_states";
--> statement-breakpoint
DROP TABLE "game_states";
--> statement-breakpoint
ALTER TABLE "game_states_reordered" RENAME TO "game_states";
--> statement-breakpoint
ALTER TABLE "game_states" ADD CONSTRAINT "game_states_pkey" PRIMARY KEY ("user_id");
--> statement-breakpoint
ALTER TABLE "game_states" ADD CONSTRAINT "game_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
