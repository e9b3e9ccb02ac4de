-- Issue 8, after 0020: a TRUNCATE of conditions (allowed: no key names them) takes every condition away, so no entry
-- has a failure or a note left to count. The counting triggers of 0020 see inserts, updates and deletes; this one
-- zeroes the counts when the conditions are truncated.
CREATE FUNCTION conditions_truncated_zero_follow_ups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE entries SET failure_count = 0, note_count = 0 WHERE failure_count > 0 OR note_count > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER conditions_truncated_zero_follow_ups AFTER TRUNCATE ON conditions
  FOR EACH STATEMENT EXECUTE FUNCTION conditions_truncated_zero_follow_ups();
