ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "rolls" DROP CONSTRAINT "rolls_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "rolls" DROP CONSTRAINT "rolls_seed_id_fairness_seeds_id_fk";
