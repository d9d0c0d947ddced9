-- Every change of a membership tells the API processes whose rights to read again (docs/decisions/0015):
-- the payload is the user's id, or '*' when the table was emptied. NOTIFY is sent at commit, so a
-- process never hears of a change it could not yet read.
CREATE FUNCTION "memberships_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('portaal_memberships', '*');
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('portaal_memberships', OLD.user_id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('portaal_memberships', NEW.user_id);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "memberships_changed" AFTER INSERT OR UPDATE OR DELETE ON "memberships"
  FOR EACH ROW EXECUTE FUNCTION "memberships_changed_notify"();--> statement-breakpoint
CREATE TRIGGER "memberships_emptied" AFTER TRUNCATE ON "memberships"
  FOR EACH STATEMENT EXECUTE FUNCTION "memberships_changed_notify"();
