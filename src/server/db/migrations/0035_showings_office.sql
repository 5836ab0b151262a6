ALTER TABLE "showings" ADD COLUMN "moves" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "showings" ADD COLUMN "follow_up" text;--> statement-breakpoint
ALTER TABLE "showings" ADD COLUMN "followed_up_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "inquiries_unit_idx" ON "inquiries" USING btree ("unit_id","created_at","id");--> statement-breakpoint
ALTER TABLE "showings" ADD CONSTRAINT "showings_follow_up_check" CHECK ("showings"."follow_up" is null or "showings"."follow_up" in ('application_sent', 'lead_lost'));