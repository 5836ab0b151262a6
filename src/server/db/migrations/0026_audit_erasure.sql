-- The trail stays append-only, with two exceptions, each set by its own transaction: the
-- retention purge (rentals.audit_purge) deletes events past the retention, and a person's
-- erasure (rentals.audit_erasure) takes their address out of events: it may only clear the
-- actor's e-mail and rewrite the details and the changes; who acted (the id), what, on what, when and from where
-- stay as they were.
CREATE OR REPLACE FUNCTION "audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF current_setting('rentals.audit_purge', true) = 'on'
       AND OLD."at" < now() - interval '730 days' THEN
      RETURN OLD;
    END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND current_setting('rentals.audit_erasure', true) = 'on'
     AND NEW."id" = OLD."id" AND NEW."at" = OLD."at" AND NEW."action" = OLD."action"
     AND NEW."actor_id" IS NOT DISTINCT FROM OLD."actor_id"
     AND (NEW."actor_email" IS NULL OR NEW."actor_email" = OLD."actor_email")
     AND NEW."target_type" IS NOT DISTINCT FROM OLD."target_type"
     AND NEW."target_id" IS NOT DISTINCT FROM OLD."target_id" THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
