-- conditions' section (conditions_section_entry_walkabout_fk: the section, entry and walkabout together) and editor
-- (conditions_editor_id_users_id_fk) are kept by the triggers below instead of foreign keys (issue 8), as their task is
-- since 0013: creating a walkabout of 10,000 conditions checked and locked a section 10,000 times (88 ms of the 224 ms
-- of inserting them, auto_explain on PostgreSQL; 500 sections) and ran 10,000 editor checks of an empty editor (13 ms).
-- The rules are the keys': a condition cannot name a section that is not there with that entry and walkabout, nor a
-- missing user (23503, under the key's name and in its words), a concurrent delete of a named section or user waits for
-- the inserting transaction (FOR KEY SHARE, as the key's check locks), a deleted section's conditions are deleted with
-- it (ON DELETE CASCADE: deleting a walkabout or an entry deletes its sections and so their conditions), a deleted
-- user's conditions keep their results without their editor (ON DELETE SET NULL), a named section's key and a named
-- user's id cannot change, and TRUNCATE sections is refused while conditions has rows (TRUNCATE users stays refused by
-- other foreign keys to users).
ALTER TABLE "conditions" DROP CONSTRAINT "conditions_editor_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "conditions" DROP CONSTRAINT "conditions_section_entry_walkabout_fk";
--> statement-breakpoint
-- The foreign keys' own errors, word for word.
CREATE FUNCTION conditions_refuse_missing_section(section_id integer, entry_id integer, walkabout_id integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RAISE foreign_key_violation USING
    MESSAGE = 'insert or update on table "conditions" violates foreign key constraint "conditions_section_entry_walkabout_fk"',
    DETAIL = format('Key (section_id, entry_id, walkabout_id)=(%s, %s, %s) is not present in table "sections".', section_id, entry_id, walkabout_id),
    TABLE = 'conditions', CONSTRAINT = 'conditions_section_entry_walkabout_fk';
END $$;
--> statement-breakpoint
CREATE FUNCTION conditions_refuse_missing_editor(missing integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RAISE foreign_key_violation USING
    MESSAGE = 'insert or update on table "conditions" violates foreign key constraint "conditions_editor_id_users_id_fk"',
    DETAIL = format('Key (editor_id)=(%s) is not present in table "users".', missing),
    TABLE = 'conditions', COLUMN = 'editor_id', CONSTRAINT = 'conditions_editor_id_users_id_fk';
END $$;
--> statement-breakpoint
-- The sections and editors of the rows a statement wrote (its transition table), each locked once; then the first of
-- them that is not there (a fresh snapshot: one deleted meanwhile is seen as deleted).
CREATE FUNCTION conditions_name_existing_sections_and_editors() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing record;
  missing_editor integer;
BEGIN
  PERFORM 1 FROM sections s
    WHERE (s.id, s.entry_id, s.walkabout_id) IN (SELECT DISTINCT n.section_id, n.entry_id, n.walkabout_id FROM written_conditions n)
    FOR KEY SHARE OF s;
  SELECT n.section_id, n.entry_id, n.walkabout_id INTO missing
    FROM (SELECT DISTINCT section_id, entry_id, walkabout_id FROM written_conditions) n
    WHERE NOT EXISTS (SELECT 1 FROM sections s WHERE s.id = n.section_id AND s.entry_id = n.entry_id AND s.walkabout_id = n.walkabout_id)
    LIMIT 1;
  IF FOUND THEN
    PERFORM conditions_refuse_missing_section(missing.section_id, missing.entry_id, missing.walkabout_id);
  END IF;
  PERFORM 1 FROM users u WHERE u.id IN (SELECT DISTINCT n.editor_id FROM written_conditions n) FOR KEY SHARE OF u;
  SELECT n.id INTO missing_editor FROM (SELECT DISTINCT editor_id AS id FROM written_conditions WHERE editor_id IS NOT NULL) n
    WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = n.id) LIMIT 1;
  IF missing_editor IS NOT NULL THEN
    PERFORM conditions_refuse_missing_editor(missing_editor);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER conditions_name_existing_sections_and_editors AFTER INSERT ON conditions
  REFERENCING NEW TABLE AS written_conditions FOR EACH STATEMENT EXECUTE FUNCTION conditions_name_existing_sections_and_editors();
--> statement-breakpoint
-- An update naming another section or another editor is checked row by row, as the keys checked it: only the rows whose
-- section or editor changed (a condition stays in its section; a save names its editor, the same for every condition it
-- records, and a save by the last editor queues no check). A trigger over the statement's rows would need transition
-- tables of every update of conditions, whatever it changes: 18 ms of a save of 1,000 conditions on PostgreSQL.
CREATE FUNCTION condition_names_existing_section() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM sections s WHERE s.id = NEW.section_id AND s.entry_id = NEW.entry_id AND s.walkabout_id = NEW.walkabout_id FOR KEY SHARE OF s;
  IF NOT FOUND THEN
    PERFORM conditions_refuse_missing_section(NEW.section_id, NEW.entry_id, NEW.walkabout_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER condition_names_existing_section AFTER UPDATE OF section_id, entry_id, walkabout_id ON conditions FOR EACH ROW
  WHEN (NEW.section_id IS DISTINCT FROM OLD.section_id OR NEW.entry_id IS DISTINCT FROM OLD.entry_id OR NEW.walkabout_id IS DISTINCT FROM OLD.walkabout_id)
  EXECUTE FUNCTION condition_names_existing_section();
--> statement-breakpoint
CREATE FUNCTION condition_names_existing_editor() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM users u WHERE u.id = NEW.editor_id FOR KEY SHARE OF u;
  IF NOT FOUND THEN
    PERFORM conditions_refuse_missing_editor(NEW.editor_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER condition_names_existing_editor AFTER UPDATE OF editor_id ON conditions FOR EACH ROW
  WHEN (NEW.editor_id IS NOT NULL AND NEW.editor_id IS DISTINCT FROM OLD.editor_id)
  EXECUTE FUNCTION condition_names_existing_editor();
--> statement-breakpoint
CREATE FUNCTION conditions_follow_deleted_sections() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM conditions c USING deleted_sections d
    WHERE c.section_id = d.id AND c.entry_id = d.entry_id AND c.walkabout_id = d.walkabout_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER conditions_follow_deleted_sections AFTER DELETE ON sections
  REFERENCING OLD TABLE AS deleted_sections FOR EACH STATEMENT EXECUTE FUNCTION conditions_follow_deleted_sections();
--> statement-breakpoint
CREATE FUNCTION conditions_forget_deleted_editors() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE conditions c SET editor_id = NULL FROM deleted_users d WHERE c.editor_id = d.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER conditions_forget_deleted_editors AFTER DELETE ON users
  REFERENCING OLD TABLE AS deleted_users FOR EACH STATEMENT EXECUTE FUNCTION conditions_forget_deleted_editors();
--> statement-breakpoint
-- A named section's key does not change under its conditions.
CREATE FUNCTION sections_keep_named_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM conditions c WHERE c.section_id = OLD.id AND c.entry_id = OLD.entry_id AND c.walkabout_id = OLD.walkabout_id) THEN
    RAISE foreign_key_violation USING
      MESSAGE = 'update or delete on table "sections" violates foreign key constraint "conditions_section_entry_walkabout_fk" on table "conditions"',
      DETAIL = format('Key (id, entry_id, walkabout_id)=(%s, %s, %s) is still referenced from table "conditions".', OLD.id, OLD.entry_id, OLD.walkabout_id),
      TABLE = 'conditions', CONSTRAINT = 'conditions_section_entry_walkabout_fk';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sections_keep_named_keys AFTER UPDATE OF id, entry_id, walkabout_id ON sections FOR EACH ROW
  WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.entry_id IS DISTINCT FROM NEW.entry_id OR OLD.walkabout_id IS DISTINCT FROM NEW.walkabout_id)
  EXECUTE FUNCTION sections_keep_named_keys();
--> statement-breakpoint
-- A named user's id does not change under the conditions they edited.
CREATE FUNCTION conditions_keep_named_editor_ids() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM conditions c WHERE c.editor_id = OLD.id) THEN
    RAISE foreign_key_violation USING
      MESSAGE = 'update or delete on table "users" violates foreign key constraint "conditions_editor_id_users_id_fk" on table "conditions"',
      DETAIL = format('Key (id)=(%s) is still referenced from table "conditions".', OLD.id),
      TABLE = 'conditions', CONSTRAINT = 'conditions_editor_id_users_id_fk';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER conditions_keep_named_editor_ids AFTER UPDATE OF id ON users FOR EACH ROW
  WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION conditions_keep_named_editor_ids();
--> statement-breakpoint
-- TRUNCATE sections leaving conditions behind is refused, as the foreign key refused it (TRUNCATE conditions, sections
-- together passes: the check runs once both are empty).
CREATE FUNCTION sections_refuse_truncate_under_conditions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM conditions) THEN
    RAISE feature_not_supported USING
      MESSAGE = 'cannot truncate a table referenced in a foreign key constraint',
      DETAIL = 'Table "conditions" references "sections".',
      HINT = 'Truncate table "conditions" at the same time.';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sections_refuse_truncate_under_conditions AFTER TRUNCATE ON sections
  FOR EACH STATEMENT EXECUTE FUNCTION sections_refuse_truncate_under_conditions();
