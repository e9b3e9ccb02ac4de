-- Issue 8: a walkabout's failures and notes are counted on their entries (entries.failure_count, note_count), kept by
-- the statement triggers below, instead of the partial index conditions_follow_up_idx on the conditions' results. That
-- index named the columns a save writes (satisfaction, has_satisfactory_remarks, remarks), so that every result saved
-- was a new row version with an entry in each of the table's indexes: the UPDATE of 1,000 results took 10–12 ms on
-- PostgreSQL. Without it, and with room left in the table's pages for a new version of each row beside its old one
-- (fillfactor 45: a page filled to 45 % holds a second version of all its rows, a little longer once results are in),
-- a save's results are heap-only updates that write no index entry: 2.8 ms (measured on a table of 200,000 rows), and
-- the counting trigger adds 0.1–0.3 ms once its function is compiled in the session (4–5 ms the first time).
--
-- An entry counts its conditions that are failures (unsatisfactory) and notes (a note on a result that is not
-- unsatisfactory: has_satisfactory_remarks with remarks), as features/failure-reports/items.ts defines them. Each
-- statement that inserts, updates or deletes conditions adds to its entries' counts the difference between its rows'
-- new and old versions (its transition tables): an exact difference, added to the count as it is when the entry row is
-- written (count = count + difference, which concurrent statements on the same entry add up one after the other).
DROP INDEX "conditions_follow_up_idx";--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "failure_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "note_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE FUNCTION conditions_count_follow_ups() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  failures integer[];
  notes integer[];
BEGIN
  -- The follow-ups of the rows written (+1) and of the rows replaced or deleted (-1), per entry; only the entries whose
  -- counts change. Among the rows that are failures or notes, a row that is no failure is a note.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(d.entry_id), array_agg(d.failures), array_agg(d.notes) INTO ids, failures, notes FROM (
      SELECT n.entry_id, count(*) FILTER (WHERE n.satisfaction = 'unsatisfactory') AS failures,
        count(*) FILTER (WHERE n.satisfaction <> 'unsatisfactory') AS notes
      FROM new_conditions n WHERE n.satisfaction = 'unsatisfactory' OR (n.has_satisfactory_remarks AND n.remarks <> '')
      GROUP BY n.entry_id) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(d.entry_id), array_agg(-d.failures), array_agg(-d.notes) INTO ids, failures, notes FROM (
      SELECT o.entry_id, count(*) FILTER (WHERE o.satisfaction = 'unsatisfactory') AS failures,
        count(*) FILTER (WHERE o.satisfaction <> 'unsatisfactory') AS notes
      FROM old_conditions o WHERE o.satisfaction = 'unsatisfactory' OR (o.has_satisfactory_remarks AND o.remarks <> '')
      GROUP BY o.entry_id) d;
  ELSE
    SELECT array_agg(d.entry_id), array_agg(d.failures), array_agg(d.notes) INTO ids, failures, notes FROM (
      SELECT x.entry_id, sum(x.failure)::int AS failures, sum(x.note)::int AS notes FROM (
        SELECT n.entry_id, (n.satisfaction = 'unsatisfactory')::int AS failure, (n.satisfaction <> 'unsatisfactory')::int AS note
        FROM new_conditions n WHERE n.satisfaction = 'unsatisfactory' OR (n.has_satisfactory_remarks AND n.remarks <> '')
        UNION ALL
        SELECT o.entry_id, -(o.satisfaction = 'unsatisfactory')::int, -(o.satisfaction <> 'unsatisfactory')::int
        FROM old_conditions o WHERE o.satisfaction = 'unsatisfactory' OR (o.has_satisfactory_remarks AND o.remarks <> '')
      ) x GROUP BY x.entry_id HAVING sum(x.failure) <> 0 OR sum(x.note) <> 0) d;
  END IF;
  IF ids IS NOT NULL THEN
    -- By id, one entry at a time (the list is a few dozen at most per save).
    UPDATE entries e SET failure_count = e.failure_count + d.failures, note_count = e.note_count + d.notes
      FROM unnest(ids, failures, notes) AS d(id, failures, notes) WHERE e.id = d.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER conditions_count_follow_ups_inserted AFTER INSERT ON conditions
  REFERENCING NEW TABLE AS new_conditions FOR EACH STATEMENT EXECUTE FUNCTION conditions_count_follow_ups();
--> statement-breakpoint
CREATE TRIGGER conditions_count_follow_ups_updated AFTER UPDATE ON conditions
  REFERENCING OLD TABLE AS old_conditions NEW TABLE AS new_conditions FOR EACH STATEMENT EXECUTE FUNCTION conditions_count_follow_ups();
--> statement-breakpoint
CREATE TRIGGER conditions_count_follow_ups_deleted AFTER DELETE ON conditions
  REFERENCING OLD TABLE AS old_conditions FOR EACH STATEMENT EXECUTE FUNCTION conditions_count_follow_ups();
--> statement-breakpoint
-- The counts of the conditions there now (the triggers above keep them from here on: this migration's lock on
-- conditions holds back every other writer until it commits).
UPDATE entries e SET failure_count = d.failures, note_count = d.notes FROM (
  SELECT c.entry_id, count(*) FILTER (WHERE c.satisfaction = 'unsatisfactory') AS failures,
    count(*) FILTER (WHERE c.satisfaction <> 'unsatisfactory') AS notes
  FROM conditions c WHERE c.satisfaction = 'unsatisfactory' OR (c.has_satisfactory_remarks AND c.remarks <> '')
  GROUP BY c.entry_id) d
WHERE e.id = d.entry_id;--> statement-breakpoint
CREATE INDEX "entries_follow_up_idx" ON "entries" USING btree ("walkabout_id") WHERE failure_count > 0 or note_count > 0;--> statement-breakpoint
-- Room for the results' new versions in their pages (new walkabouts at once; the pages there now as they are rewritten).
ALTER TABLE "conditions" SET (fillfactor = 45);
