-- conditions.task_id is kept to tasks by the triggers below instead of a foreign key (issue 8): the key checked and
-- locked the task once per row inserted, a third of creating a walkabout of 10,000 conditions (20 tasks, 10,000
-- checks). The rules are the key's: a condition cannot name a missing task (23503, under the key's name), a concurrent
-- delete of a named task waits for the inserting transaction (FOR KEY SHARE, as the key's check locks), a deleted
-- task's conditions keep their results without it (ON DELETE SET NULL), a referenced task's id cannot change. TRUNCATE
-- tasks stays refused by the foreign key of building_suspensions.
ALTER TABLE "conditions" DROP CONSTRAINT "conditions_task_id_tasks_id_fk";
--> statement-breakpoint
-- The foreign key's own error, word for word.
CREATE FUNCTION conditions_refuse_missing_task(missing integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RAISE foreign_key_violation USING
    MESSAGE = 'insert or update on table "conditions" violates foreign key constraint "conditions_task_id_tasks_id_fk"',
    DETAIL = format('Key (task_id)=(%s) is not present in table "tasks".', missing),
    TABLE = 'conditions', COLUMN = 'task_id', CONSTRAINT = 'conditions_task_id_tasks_id_fk';
END $$;
--> statement-breakpoint
CREATE FUNCTION conditions_name_existing_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing integer;
BEGIN
  -- Each task named, locked once; then the first name of a task that is not there (a fresh snapshot: one deleted
  -- meanwhile is seen as deleted).
  PERFORM 1 FROM tasks t WHERE t.id IN (SELECT DISTINCT n.task_id FROM new_conditions n) FOR KEY SHARE OF t;
  SELECT n.task_id INTO missing FROM new_conditions n
    WHERE n.task_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM tasks t WHERE t.id = n.task_id) LIMIT 1;
  IF missing IS NOT NULL THEN
    PERFORM conditions_refuse_missing_task(missing);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER conditions_name_existing_tasks AFTER INSERT ON conditions
  REFERENCING NEW TABLE AS new_conditions FOR EACH STATEMENT EXECUTE FUNCTION conditions_name_existing_tasks();
--> statement-breakpoint
-- An update naming another task (rare: a save never does) is checked row by row; other updates are not looked at.
CREATE FUNCTION condition_names_existing_task() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM tasks t WHERE t.id = NEW.task_id FOR KEY SHARE OF t;
  IF NOT FOUND THEN
    PERFORM conditions_refuse_missing_task(NEW.task_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER condition_names_existing_task AFTER UPDATE OF task_id ON conditions FOR EACH ROW
  WHEN (NEW.task_id IS NOT NULL AND NEW.task_id IS DISTINCT FROM OLD.task_id) EXECUTE FUNCTION condition_names_existing_task();
--> statement-breakpoint
CREATE FUNCTION conditions_forget_deleted_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE conditions c SET task_id = NULL FROM deleted_tasks d WHERE c.task_id = d.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER conditions_forget_deleted_tasks AFTER DELETE ON tasks
  REFERENCING OLD TABLE AS deleted_tasks FOR EACH STATEMENT EXECUTE FUNCTION conditions_forget_deleted_tasks();
--> statement-breakpoint
CREATE FUNCTION tasks_keep_named_ids() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM conditions c WHERE c.task_id = OLD.id) THEN
    RAISE foreign_key_violation USING
      MESSAGE = 'update or delete on table "tasks" violates foreign key constraint "conditions_task_id_tasks_id_fk" on table "conditions"',
      DETAIL = format('Key (id)=(%s) is still referenced from table "conditions".', OLD.id),
      TABLE = 'conditions', CONSTRAINT = 'conditions_task_id_tasks_id_fk';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tasks_keep_named_ids AFTER UPDATE OF id ON tasks FOR EACH ROW
  WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION tasks_keep_named_ids();
