ALTER TABLE `fairness_seeds` ADD `served_before` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `game_states` ADD `rolls_served` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The counts as they stood: rolls served are the nonces of all the player's seeds, and a seed began
-- after the rolls of the seeds before it.
UPDATE `game_states` SET `rolls_served` = (SELECT coalesce(sum(s.`next_nonce`), 0) FROM `fairness_seeds` s WHERE s.`user_id` = `game_states`.`user_id`);--> statement-breakpoint
UPDATE `fairness_seeds` SET `served_before` = (SELECT coalesce(sum(p.`next_nonce`), 0) FROM `fairness_seeds` p WHERE p.`user_id` = `fairness_seeds`.`user_id` AND p.`seed_index` < `fairness_seeds`.`seed_index`);
