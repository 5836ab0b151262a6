CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" integer NOT NULL,
	"bedrooms" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"token_hash" text NOT NULL,
	"rank" double precision,
	"joined_at" timestamp with time zone,
	"last_confirmed_at" timestamp with time zone,
	"check_sent_at" timestamp with time zone,
	"invited_at" timestamp with time zone,
	"application_id" uuid,
	"link_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"moves" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_bedrooms_check" CHECK ("waitlist_entries"."bedrooms" between 0 and 6),
	CONSTRAINT "waitlist_entries_lang_check" CHECK ("waitlist_entries"."lang" in ('en', 'es')),
	CONSTRAINT "waitlist_entries_status_check" CHECK ("waitlist_entries"."status" in ('pending', 'waiting', 'invited'))
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_token_key" ON "waitlist_entries" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "waitlist_entries_list_idx" ON "waitlist_entries" USING btree ("property_id","bedrooms","status","rank","id");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_person_key" ON "waitlist_entries" USING btree ("property_id","bedrooms",lower("email"));--> statement-breakpoint
CREATE INDEX "waitlist_entries_check_idx" ON "waitlist_entries" USING btree ("status","last_confirmed_at");--> statement-breakpoint
CREATE INDEX "waitlist_entries_created_idx" ON "waitlist_entries" USING btree ("status","created_at");