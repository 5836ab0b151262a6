CREATE TABLE "showing_hours" (
	"property_id" integer PRIMARY KEY NOT NULL,
	"hours" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "showings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"unit_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"token_hash" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "showings_status_check" CHECK ("showings"."status" in ('requested', 'booked', 'completed', 'no_show', 'cancelled', 'released')),
	CONSTRAINT "showings_lang_check" CHECK ("showings"."lang" in ('en', 'es')),
	CONSTRAINT "showings_range_check" CHECK ("showings"."ends_at" > "showings"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "showing_hours" ADD CONSTRAINT "showing_hours_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showings" ADD CONSTRAINT "showings_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "showings_token_key" ON "showings" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "showings_unit_idx" ON "showings" USING btree ("unit_id","starts_at");--> statement-breakpoint
CREATE INDEX "showings_starts_idx" ON "showings" USING btree ("starts_at","id");