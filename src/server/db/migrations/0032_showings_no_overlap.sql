-- Two showings of one unit never hold overlapping times: the database refuses the second
-- (23P01, exclusion_violation), whatever the code did before. Only showings that hold their time
-- (requested or booked) count; a cancelled one frees it. btree_gist lets the unit's id share the
-- GiST index with the time range (a trusted contrib extension since PostgreSQL 13).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "showings" ADD CONSTRAINT "showings_no_overlap"
  EXCLUDE USING gist ("unit_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("status" IN ('requested', 'booked'));
