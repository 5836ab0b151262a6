-- Figures the back office shows on every visit (e-mail by status, the Files tab's totals, the
-- listing alerts' counts and most wanted criteria) kept by triggers as the rows change, so that
-- reading them costs the same with 200 rows or 200,000. Everything here is derived from the
-- app's tables and lives in its own schema, "derived": a backup holds none of it (it dumps the
-- public schema) and a restore rebuilds it, since the restore's inserts fire these triggers.
--
-- derived.tallies holds signed deltas, appended and never updated, so writers never wait on one
-- another: a figure is the sum of its rows, and derived.compact_tallies() folds the rows of each
-- figure into one now and then (src/server/db/tallies.ts).
CREATE SCHEMA "derived";
--> statement-breakpoint
CREATE TABLE "derived"."tallies" (
	"name" text NOT NULL,
	"key" text NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "tallies_name_idx" ON "derived"."tallies" USING btree ("name", "key");
--> statement-breakpoint
CREATE FUNCTION "derived"."compact_tallies"() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  folded bigint;
BEGIN
  -- One compaction at a time across instances; the others skip their turn.
  IF NOT pg_try_advisory_xact_lock(hashtext('derived.compact_tallies')) THEN
    RETURN 0;
  END IF;
  WITH gone AS (DELETE FROM derived.tallies RETURNING name, key, n),
  kept AS (
    INSERT INTO derived.tallies (name, key, n)
    SELECT name, key, sum(n) FROM gone GROUP BY name, key HAVING sum(n) <> 0
    RETURNING 1)
  SELECT (SELECT count(*) FROM gone) - (SELECT count(*) FROM kept) INTO folded;
  RETURN folded;
END;
$$;
--> statement-breakpoint
-- Outgoing e-mail by status: one row of deltas per status a statement changed.
CREATE FUNCTION "derived"."outgoing_mail_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO derived.tallies (name, key, n)
    SELECT 'outgoing_mail.status', status, count(*) FROM new_rows GROUP BY status;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO derived.tallies (name, key, n)
    SELECT 'outgoing_mail.status', status, -count(*) FROM old_rows GROUP BY status;
  ELSE
    INSERT INTO derived.tallies (name, key, n)
    SELECT 'outgoing_mail.status', status, sum(d) FROM (
      SELECT status, -count(*) AS d FROM old_rows GROUP BY status
      UNION ALL SELECT status, count(*) FROM new_rows GROUP BY status) AS changes
    GROUP BY status HAVING sum(d) <> 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "outgoing_mail_tally_insert" AFTER INSERT ON "outgoing_mail"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION derived.outgoing_mail_tally();
--> statement-breakpoint
CREATE TRIGGER "outgoing_mail_tally_update" AFTER UPDATE ON "outgoing_mail"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION derived.outgoing_mail_tally();
--> statement-breakpoint
CREATE TRIGGER "outgoing_mail_tally_delete" AFTER DELETE ON "outgoing_mail"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION derived.outgoing_mail_tally();
--> statement-breakpoint
-- Tenant files: how many of each category, and their bytes in all.
CREATE FUNCTION "derived"."tenant_files_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO derived.tallies (name, key, n)
    SELECT 'tenant_files.category', category, count(*) FROM new_rows GROUP BY category
    UNION ALL SELECT 'tenant_files.bytes', '', sum(size) FROM new_rows HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO derived.tallies (name, key, n)
    SELECT 'tenant_files.category', category, -count(*) FROM old_rows GROUP BY category
    UNION ALL SELECT 'tenant_files.bytes', '', -sum(size) FROM old_rows HAVING count(*) > 0;
  ELSE
    INSERT INTO derived.tallies (name, key, n)
    SELECT name, key, sum(d) FROM (
      SELECT 'tenant_files.category' AS name, category AS key, -count(*) AS d
        FROM old_rows GROUP BY category
      UNION ALL SELECT 'tenant_files.category', category, count(*) FROM new_rows GROUP BY category
      UNION ALL SELECT 'tenant_files.bytes', '', -coalesce(sum(size), 0) FROM old_rows
      UNION ALL SELECT 'tenant_files.bytes', '', coalesce(sum(size), 0) FROM new_rows) AS changes
    GROUP BY name, key HAVING sum(d) <> 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "tenant_files_tally_insert" AFTER INSERT ON "tenant_files"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION derived.tenant_files_tally();
--> statement-breakpoint
CREATE TRIGGER "tenant_files_tally_update" AFTER UPDATE ON "tenant_files"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION derived.tenant_files_tally();
--> statement-breakpoint
CREATE TRIGGER "tenant_files_tally_delete" AFTER DELETE ON "tenant_files"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION derived.tenant_files_tally();
--> statement-breakpoint
-- Listing alerts: subscriptions by status and the active ones by frequency (deltas, as above);
-- and the renters behind the active ones, overall and per wish (identical criteria, one
-- criteria_key). A renter counts once however many alerts they hold, so each address's active
-- alerts are counted in alert_renters and alert_wishes, and a renter is added to (or taken from)
-- a figure when their count leaves (or reaches) zero. A wish's first_at is the earliest creation
-- among the alerts that have held it since it was last unwanted: the Overview's order among
-- equally wanted wishes.
CREATE TABLE "derived"."alert_renters" (
	"email" text PRIMARY KEY NOT NULL,
	"subscriptions" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "derived"."alert_wishes" (
	"criteria_key" text NOT NULL,
	"email" text NOT NULL,
	"subscriptions" integer NOT NULL,
	PRIMARY KEY ("criteria_key", "email")
);
--> statement-breakpoint
CREATE TABLE "derived"."alert_wish_counts" (
	"criteria_key" text PRIMARY KEY NOT NULL,
	"renters" integer NOT NULL,
	"first_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "alert_wish_counts_top_idx" ON "derived"."alert_wish_counts" USING btree ("renters" DESC, "first_at", "criteria_key");
--> statement-breakpoint
CREATE FUNCTION "derived"."alert_joined"(p_email text, p_key text, p_at timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  held integer;
BEGIN
  INSERT INTO derived.alert_renters AS r (email, subscriptions) VALUES (p_email, 1)
  ON CONFLICT (email) DO UPDATE SET subscriptions = r.subscriptions + 1
  RETURNING subscriptions INTO held;
  IF held = 1 THEN
    INSERT INTO derived.tallies (name, key, n) VALUES ('alert_subscriptions.renters', '', 1);
  END IF;
  INSERT INTO derived.alert_wishes AS w (criteria_key, email, subscriptions) VALUES (p_key, p_email, 1)
  ON CONFLICT (criteria_key, email) DO UPDATE SET subscriptions = w.subscriptions + 1
  RETURNING subscriptions INTO held;
  INSERT INTO derived.alert_wish_counts AS k (criteria_key, renters, first_at)
  VALUES (p_key, CASE WHEN held = 1 THEN 1 ELSE 0 END, p_at)
  ON CONFLICT (criteria_key) DO UPDATE
    SET renters = k.renters + EXCLUDED.renters, first_at = least(k.first_at, EXCLUDED.first_at);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "derived"."alert_left"(p_email text, p_key text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  held integer;
BEGIN
  UPDATE derived.alert_renters SET subscriptions = subscriptions - 1 WHERE email = p_email
  RETURNING subscriptions INTO held;
  IF held = 0 THEN
    DELETE FROM derived.alert_renters WHERE email = p_email;
    INSERT INTO derived.tallies (name, key, n) VALUES ('alert_subscriptions.renters', '', -1);
  END IF;
  UPDATE derived.alert_wishes SET subscriptions = subscriptions - 1
  WHERE criteria_key = p_key AND email = p_email
  RETURNING subscriptions INTO held;
  IF held = 0 THEN
    DELETE FROM derived.alert_wishes WHERE criteria_key = p_key AND email = p_email;
    UPDATE derived.alert_wish_counts SET renters = renters - 1 WHERE criteria_key = p_key
    RETURNING renters INTO held;
    IF held = 0 THEN
      DELETE FROM derived.alert_wish_counts WHERE criteria_key = p_key;
    END IF;
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "derived"."alert_subscriptions_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.status, OLD.frequency, OLD.email, OLD.criteria_key)
      IS NOT DISTINCT FROM (NEW.status, NEW.frequency, NEW.email, NEW.criteria_key) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO derived.tallies (name, key, n) VALUES ('alert_subscriptions.status', OLD.status, -1);
    IF OLD.status = 'active' THEN
      INSERT INTO derived.tallies (name, key, n)
      VALUES ('alert_subscriptions.active_frequency', OLD.frequency, -1);
      PERFORM derived.alert_left(OLD.email, OLD.criteria_key);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO derived.tallies (name, key, n) VALUES ('alert_subscriptions.status', NEW.status, 1);
    IF NEW.status = 'active' THEN
      INSERT INTO derived.tallies (name, key, n)
      VALUES ('alert_subscriptions.active_frequency', NEW.frequency, 1);
      PERFORM derived.alert_joined(NEW.email, NEW.criteria_key, NEW.created_at);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "alert_subscriptions_tally" AFTER INSERT OR DELETE OR UPDATE OF "status", "frequency", "email", "criteria"
  ON "alert_subscriptions" FOR EACH ROW EXECUTE FUNCTION derived.alert_subscriptions_tally();
--> statement-breakpoint
-- A TRUNCATE fires no row or statement delete: the figures of the table go with it.
CREATE FUNCTION "derived"."tallies_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM derived.tallies WHERE name LIKE TG_TABLE_NAME || '.%';
  IF TG_TABLE_NAME = 'alert_subscriptions' THEN
    DELETE FROM derived.alert_renters;
    DELETE FROM derived.alert_wishes;
    DELETE FROM derived.alert_wish_counts;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "outgoing_mail_tally_truncate" AFTER TRUNCATE ON "outgoing_mail"
  FOR EACH STATEMENT EXECUTE FUNCTION derived.tallies_truncated();
--> statement-breakpoint
CREATE TRIGGER "tenant_files_tally_truncate" AFTER TRUNCATE ON "tenant_files"
  FOR EACH STATEMENT EXECUTE FUNCTION derived.tallies_truncated();
--> statement-breakpoint
CREATE TRIGGER "alert_subscriptions_tally_truncate" AFTER TRUNCATE ON "alert_subscriptions"
  FOR EACH STATEMENT EXECUTE FUNCTION derived.tallies_truncated();
--> statement-breakpoint
-- The figures of the rows already there.
INSERT INTO derived.tallies (name, key, n)
SELECT 'outgoing_mail.status', status, count(*) FROM outgoing_mail GROUP BY status
UNION ALL SELECT 'tenant_files.category', category, count(*) FROM tenant_files GROUP BY category
UNION ALL SELECT 'tenant_files.bytes', '', sum(size) FROM tenant_files HAVING count(*) > 0
UNION ALL SELECT 'alert_subscriptions.status', status, count(*) FROM alert_subscriptions GROUP BY status
UNION ALL SELECT 'alert_subscriptions.active_frequency', frequency, count(*)
  FROM alert_subscriptions WHERE status = 'active' GROUP BY frequency
UNION ALL SELECT 'alert_subscriptions.renters', '', count(DISTINCT email)
  FROM alert_subscriptions WHERE status = 'active' HAVING count(*) > 0;
--> statement-breakpoint
INSERT INTO derived.alert_renters (email, subscriptions)
SELECT email, count(*) FROM alert_subscriptions WHERE status = 'active' GROUP BY email;
--> statement-breakpoint
INSERT INTO derived.alert_wishes (criteria_key, email, subscriptions)
SELECT criteria_key, email, count(*) FROM alert_subscriptions WHERE status = 'active'
GROUP BY criteria_key, email;
--> statement-breakpoint
INSERT INTO derived.alert_wish_counts (criteria_key, renters, first_at)
SELECT criteria_key, count(DISTINCT email), min(created_at) FROM alert_subscriptions
WHERE status = 'active' GROUP BY criteria_key;
