ALTER TABLE "rolls" DROP CONSTRAINT "rolls_seed_id_fairness_seeds_id_fk";
