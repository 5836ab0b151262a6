ALTER TABLE "showings" ADD COLUMN "reminded_day_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "showings" ADD COLUMN "reminded_hours_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "showings_status_idx" ON "showings" USING btree ("status","starts_at");