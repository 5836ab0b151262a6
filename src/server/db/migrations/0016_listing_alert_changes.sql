CREATE TABLE "alert_unit_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"unit_id" integer NOT NULL,
	"due_on" date
);
--> statement-breakpoint
DROP INDEX "alert_subscriptions_status_idx";--> statement-breakpoint
CREATE INDEX "alert_unit_changes_due_idx" ON "alert_unit_changes" USING btree ("due_on");--> statement-breakpoint
CREATE INDEX "alert_subscriptions_confirm_expires_idx" ON "alert_subscriptions" USING btree ("confirm_expires_at");--> statement-breakpoint
CREATE INDEX "alert_subscriptions_activity_idx" ON "alert_subscriptions" USING btree ("last_activity_at");--> statement-breakpoint
CREATE INDEX "alert_subscriptions_status_idx" ON "alert_subscriptions" USING btree ("status","frequency","id");--> statement-breakpoint
-- Listing alerts match what changed, not every unit against every subscription on each pass:
-- each write to a unit's matching facts, or to its building's town or activity, records the
-- unit in alert_unit_changes within the writer's transaction (one statement-level trigger per
-- write, whoever makes it). A unit that opens on a later day gets a second row due that day.
-- A bulk load that writes the deliveries itself (a restore, the scale seed) sets
-- rentals.alert_changes to 'off' in its transaction: what it loads is not news to anyone.
CREATE FUNCTION "alert_unit_changes_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('rentals.alert_changes', true) = 'off' THEN
    RETURN NULL;
  END IF;
  INSERT INTO alert_unit_changes (unit_id, due_on)
  SELECT n.id, d.due_on FROM new_units n
  CROSS JOIN LATERAL (SELECT NULL::date UNION ALL
    SELECT n.available_from WHERE n.available_from IS NOT NULL) AS d(due_on)
  WHERE n.available;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "alert_unit_changes_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('rentals.alert_changes', true) = 'off' THEN
    RETURN NULL;
  END IF;
  INSERT INTO alert_unit_changes (unit_id, due_on)
  SELECT n.id, d.due_on FROM new_units n
  JOIN old_units o ON o.id = n.id
  CROSS JOIN LATERAL (SELECT NULL::date UNION ALL
    SELECT n.available_from WHERE n.available_from IS NOT NULL) AS d(due_on)
  WHERE n.available
    AND (o.available, o.bedrooms, o.rent, o.available_from, o.property_id)
      IS DISTINCT FROM (n.available, n.bedrooms, n.rent, n.available_from, n.property_id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "alert_unit_changes_building"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('rentals.alert_changes', true) = 'off' THEN
    RETURN NULL;
  END IF;
  INSERT INTO alert_unit_changes (unit_id, due_on)
  SELECT u.id, d.due_on FROM new_properties n
  JOIN old_properties o ON o.id = n.id
  JOIN units u ON u.property_id = n.id
  CROSS JOIN LATERAL (SELECT NULL::date UNION ALL
    SELECT u.available_from WHERE u.available_from IS NOT NULL) AS d(due_on)
  WHERE n.active AND u.available
    AND (o.active, o.city) IS DISTINCT FROM (n.active, n.city);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "units_alert_changes_on_insert" AFTER INSERT ON "units"
  REFERENCING NEW TABLE AS new_units
  FOR EACH STATEMENT EXECUTE FUNCTION "alert_unit_changes_inserted"();
--> statement-breakpoint
CREATE TRIGGER "units_alert_changes_on_update" AFTER UPDATE ON "units"
  REFERENCING OLD TABLE AS old_units NEW TABLE AS new_units
  FOR EACH STATEMENT EXECUTE FUNCTION "alert_unit_changes_updated"();
--> statement-breakpoint
CREATE TRIGGER "properties_alert_changes_on_update" AFTER UPDATE ON "properties"
  REFERENCING OLD TABLE AS old_properties NEW TABLE AS new_properties
  FOR EACH STATEMENT EXECUTE FUNCTION "alert_unit_changes_building"();
