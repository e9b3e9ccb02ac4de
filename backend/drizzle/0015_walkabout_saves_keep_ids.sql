-- A save keeps the ids of the entries and conditions it saved, written with its key, instead of its whole answer
-- (issue 8): a repeat of the key answers them as the server has them then. Storing a 1,000-condition answer (0.9 MB
-- of JSON text, compressed by the database) cost a tenth of the save. The answers stored before stay in response and
-- are answered as they are.
ALTER TABLE "walkabout_saves" ADD COLUMN "entry_ids" integer[];--> statement-breakpoint
ALTER TABLE "walkabout_saves" ADD COLUMN "condition_ids" integer[];