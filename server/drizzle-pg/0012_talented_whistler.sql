DROP INDEX "ledger_time";--> statement-breakpoint
CREATE INDEX "ledger_time" ON "ledger_entries" USING btree ("created_at") WHERE asset <> 'DICE' OR reason <> 'roll';