ALTER TABLE "fairness_seeds" ADD COLUMN "served_before" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "game_states" ADD COLUMN "rolls_served" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- An instance of the release before this one bumps next_nonce on every roll and never counts
-- rolls_served: beside this release it would draw a nonce twice. Its rolls fail here instead (a server
-- error, nothing written) while the two run side by side during a rolling upgrade.
CREATE FUNCTION "fairness_seeds_active_nonce_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.revealed_at IS NULL AND NEW.next_nonce IS DISTINCT FROM OLD.next_nonce THEN
    RAISE EXCEPTION 'the nonce of an active fairness seed is counted from game_states.rolls_served; an older release is writing it';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "fairness_seeds_active_nonce_guard" BEFORE UPDATE OF "next_nonce" ON "fairness_seeds"
  FOR EACH ROW EXECUTE FUNCTION "fairness_seeds_active_nonce_guard"();--> statement-breakpoint
-- The counts as they stood: rolls served are the nonces of all the player's seeds, and a seed began
-- after the rolls of the seeds before it.
UPDATE "game_states" SET "rolls_served" = (SELECT coalesce(sum(s."next_nonce"), 0) FROM "fairness_seeds" s WHERE s."user_id" = "game_states"."user_id");--> statement-breakpoint
UPDATE "fairness_seeds" SET "served_before" = (SELECT coalesce(sum(p."next_nonce"), 0) FROM "fairness_seeds" p WHERE p."user_id" = "fairness_seeds"."user_id" AND p."seed_index" < "fairness_seeds"."seed_index");
