DROP INDEX "rolls_created";--> statement-breakpoint
CREATE INDEX "rolls_created" ON "rolls" USING brin ("created_at");