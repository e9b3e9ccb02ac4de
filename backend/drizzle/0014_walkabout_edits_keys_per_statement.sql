-- walkabout_edits.walkabout_id and walkabout_edits.user_id are kept to walkabouts and users by the triggers below instead
-- of foreign keys (issue 8), as conditions.task_id is (0013): each key checked and locked the walkabout, and the user, once
-- per row inserted, 2,000 checks of the same two rows for a save of 1,000 conditions (a tenth of that save, measured on
-- both databases). The rules are the keys': an edit cannot name a missing walkabout or user (23503, under the key's
-- name), a concurrent delete of a named walkabout or user waits for the inserting transaction (FOR KEY SHARE, as the
-- key's check locks), a deleted walkabout's edits are deleted with it (ON DELETE CASCADE), a deleted user's edits keep
-- their record without them (ON DELETE SET NULL), a named walkabout's or user's id cannot change. TRUNCATE walkabouts and
-- TRUNCATE users stay refused by the other foreign keys to those tables.
ALTER TABLE "walkabout_edits" DROP CONSTRAINT "walkabout_edits_walkabout_id_walkabouts_id_fk";
--> statement-breakpoint
ALTER TABLE "walkabout_edits" DROP CONSTRAINT "walkabout_edits_user_id_users_id_fk";
--> statement-breakpoint
-- The foreign key's own error, word for word (parent: walkabouts or users, column: walkabout_id or user_id).
CREATE FUNCTION walkabout_edits_refuse_missing(parent text, key_column text, missing integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  key_name text := format('walkabout_edits_%s_%s_id_fk', key_column, parent);
BEGIN
  RAISE foreign_key_violation USING
    MESSAGE = format('insert or update on table "walkabout_edits" violates foreign key constraint "%s"', key_name),
    DETAIL = format('Key (%s)=(%s) is not present in table "%s".', key_column, missing, parent),
    TABLE = 'walkabout_edits', COLUMN = key_column, CONSTRAINT = key_name;
END $$;
--> statement-breakpoint
CREATE FUNCTION walkabout_edits_name_existing_keys() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing integer;
BEGIN
  -- Each walkabout and user named, locked once; then the first of them that is not there (a fresh snapshot: one
  -- deleted meanwhile is seen as deleted).
  PERFORM 1 FROM walkabouts w WHERE w.id IN (SELECT DISTINCT n.walkabout_id FROM new_edits n) FOR KEY SHARE OF w;
  SELECT n.id INTO missing FROM (SELECT DISTINCT walkabout_id AS id FROM new_edits) n
    WHERE NOT EXISTS (SELECT 1 FROM walkabouts w WHERE w.id = n.id) LIMIT 1;
  IF missing IS NOT NULL THEN
    PERFORM walkabout_edits_refuse_missing('walkabouts', 'walkabout_id', missing);
  END IF;
  PERFORM 1 FROM users u WHERE u.id IN (SELECT DISTINCT n.user_id FROM new_edits n) FOR KEY SHARE OF u;
  SELECT n.id INTO missing FROM (SELECT DISTINCT user_id AS id FROM new_edits WHERE user_id IS NOT NULL) n
    WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = n.id) LIMIT 1;
  IF missing IS NOT NULL THEN
    PERFORM walkabout_edits_refuse_missing('users', 'user_id', missing);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER walkabout_edits_name_existing_keys AFTER INSERT ON walkabout_edits
  REFERENCING NEW TABLE AS new_edits FOR EACH STATEMENT EXECUTE FUNCTION walkabout_edits_name_existing_keys();
--> statement-breakpoint
-- An update naming another walkabout or user (the edit trail is not rewritten: none does) is checked row by row.
CREATE FUNCTION walkabout_edit_names_existing_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.walkabout_id IS DISTINCT FROM OLD.walkabout_id THEN
    PERFORM 1 FROM walkabouts w WHERE w.id = NEW.walkabout_id FOR KEY SHARE OF w;
    IF NOT FOUND THEN
      PERFORM walkabout_edits_refuse_missing('walkabouts', 'walkabout_id', NEW.walkabout_id);
    END IF;
  END IF;
  IF NEW.user_id IS NOT NULL AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
    PERFORM 1 FROM users u WHERE u.id = NEW.user_id FOR KEY SHARE OF u;
    IF NOT FOUND THEN
      PERFORM walkabout_edits_refuse_missing('users', 'user_id', NEW.user_id);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER walkabout_edit_names_existing_keys AFTER UPDATE OF walkabout_id, user_id ON walkabout_edits FOR EACH ROW
  WHEN (NEW.walkabout_id IS DISTINCT FROM OLD.walkabout_id OR (NEW.user_id IS NOT NULL AND NEW.user_id IS DISTINCT FROM OLD.user_id))
  EXECUTE FUNCTION walkabout_edit_names_existing_keys();
--> statement-breakpoint
CREATE FUNCTION walkabout_edits_follow_deleted_walkabouts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM walkabout_edits e USING deleted_walkabouts d WHERE e.walkabout_id = d.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER walkabout_edits_follow_deleted_walkabouts AFTER DELETE ON walkabouts
  REFERENCING OLD TABLE AS deleted_walkabouts FOR EACH STATEMENT EXECUTE FUNCTION walkabout_edits_follow_deleted_walkabouts();
--> statement-breakpoint
CREATE FUNCTION walkabout_edits_forget_deleted_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE walkabout_edits e SET user_id = NULL FROM deleted_users d WHERE e.user_id = d.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER walkabout_edits_forget_deleted_users AFTER DELETE ON users
  REFERENCING OLD TABLE AS deleted_users FOR EACH STATEMENT EXECUTE FUNCTION walkabout_edits_forget_deleted_users();
--> statement-breakpoint
-- A named walkabout's or user's id does not change (TG_ARGV: the key's column in walkabout_edits).
CREATE FUNCTION walkabout_edits_keep_named_ids() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  key_name text := format('walkabout_edits_%s_%s_id_fk', TG_ARGV[0], TG_TABLE_NAME);
  named boolean;
BEGIN
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM walkabout_edits WHERE %I = $1)', TG_ARGV[0]) INTO named USING OLD.id;
  IF named THEN
    RAISE foreign_key_violation USING
      MESSAGE = format('update or delete on table "%s" violates foreign key constraint "%s" on table "walkabout_edits"', TG_TABLE_NAME, key_name),
      DETAIL = format('Key (id)=(%s) is still referenced from table "walkabout_edits".', OLD.id),
      TABLE = 'walkabout_edits', CONSTRAINT = key_name;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER walkabout_edits_keep_named_walkabout_ids AFTER UPDATE OF id ON walkabouts FOR EACH ROW
  WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION walkabout_edits_keep_named_ids('walkabout_id');
--> statement-breakpoint
CREATE TRIGGER walkabout_edits_keep_named_user_ids AFTER UPDATE OF id ON users FOR EACH ROW
  WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION walkabout_edits_keep_named_ids('user_id');
