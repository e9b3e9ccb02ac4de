-- A save names its editor on every condition it records, and the row trigger of 0016 checked and locked that editor once
-- per condition whose editor changed: a walkabout's first save of 1,000 results, or a save by another inspector than the
-- last, ran it 1,000 times (6 of the UPDATE's 20 ms on PostgreSQL, issue 8). Instead the save locks its editor once,
-- before its UPDATE (conditions_lock_editor: FOR KEY SHARE, as the check locks, or the key's error when the user is not
-- there), and the transaction remembers it (fsi.locked_editor, local to the transaction: it ends with it, and a rollback to
-- a savepoint takes it back with the lock); the row trigger skips the rows naming that editor, and checks every other one
-- as before. Only this function sets fsi.locked_editor.
CREATE FUNCTION conditions_lock_editor(editor integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM users u WHERE u.id = editor FOR KEY SHARE OF u;
  IF NOT FOUND THEN
    PERFORM conditions_refuse_missing_editor(editor);
  END IF;
  PERFORM set_config('fsi.locked_editor', editor::text, true);
END $$;
--> statement-breakpoint
DROP TRIGGER condition_names_existing_editor ON conditions;
--> statement-breakpoint
CREATE TRIGGER condition_names_existing_editor AFTER UPDATE OF editor_id ON conditions FOR EACH ROW
  WHEN (NEW.editor_id IS NOT NULL AND NEW.editor_id IS DISTINCT FROM OLD.editor_id
    AND NEW.editor_id::text IS DISTINCT FROM current_setting('fsi.locked_editor', true))
  EXECUTE FUNCTION condition_names_existing_editor();
--> statement-breakpoint
-- The transaction's own delete or renumbering of its locked editor ends the promise (the lock does not hold against the
-- transaction itself): the rows naming that id are checked again.
CREATE OR REPLACE FUNCTION conditions_forget_deleted_editors() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE conditions c SET editor_id = NULL FROM deleted_users d WHERE c.editor_id = d.id;
  IF current_setting('fsi.locked_editor', true) IN (SELECT d.id::text FROM deleted_users d) THEN
    PERFORM set_config('fsi.locked_editor', '', true);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION conditions_keep_named_editor_ids() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM conditions c WHERE c.editor_id = OLD.id) THEN
    RAISE foreign_key_violation USING
      MESSAGE = 'update or delete on table "users" violates foreign key constraint "conditions_editor_id_users_id_fk" on table "conditions"',
      DETAIL = format('Key (id)=(%s) is still referenced from table "conditions".', OLD.id),
      TABLE = 'conditions', CONSTRAINT = 'conditions_editor_id_users_id_fk';
  END IF;
  IF current_setting('fsi.locked_editor', true) = OLD.id::text THEN
    PERFORM set_config('fsi.locked_editor', '', true);
  END IF;
  RETURN NULL;
END $$;
