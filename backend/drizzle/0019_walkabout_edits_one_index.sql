-- Issue 8: one index of the edit trail by walkabout, then condition, for the two it had: a save of 1,000 results writes
-- 1,000 edits, and each wrote an entry in both (the INSERT of 1,000 edits 10.3 ms on PostgreSQL with the two, 8.3 with
-- this one). A walkabout's edits (the audit report, its data version, a deleted walkabout's) are its prefix; a condition's
-- are read with their walkabout (the notification job).
CREATE INDEX "walkabout_edits_walkabout_id_condition_id_index" ON "walkabout_edits" USING btree ("walkabout_id","condition_id");--> statement-breakpoint
DROP INDEX "walkabout_edits_walkabout_id_index";--> statement-breakpoint
DROP INDEX "walkabout_edits_condition_id_index";
