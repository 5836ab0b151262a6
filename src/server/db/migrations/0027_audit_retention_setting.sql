-- The retention purge says how many days the trail keeps (rentals.audit_retention_days, from
-- the retention table in src/domain/retention.ts) instead of the trigger holding its own 730:
-- one period, in one place. The trigger still refuses a purge that keeps less than 730 days,
-- the shortest the office has promised, and every other change as before.
CREATE OR REPLACE FUNCTION "audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  keep_days integer := greatest(coalesce(nullif(current_setting('rentals.audit_retention_days', true), '')::integer, 730), 730);
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF current_setting('rentals.audit_purge', true) = 'on'
       AND OLD."at" < now() - make_interval(days => keep_days) THEN
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
