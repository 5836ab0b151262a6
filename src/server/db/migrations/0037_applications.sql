CREATE TABLE "adverse_action_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"applicant_id" uuid NOT NULL,
	"facts" jsonb NOT NULL,
	"lang" text NOT NULL,
	"body" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adverse_action_notices_lang_check" CHECK ("adverse_action_notices"."lang" in ('en', 'es'))
);
--> statement-breakpoint
CREATE TABLE "applicants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"primary" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"token_hash" text NOT NULL,
	"link_expires_at" timestamp with time zone NOT NULL,
	"part" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"date_of_birth" date,
	"consented_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applicants_lang_check" CHECK ("applicants"."lang" in ('en', 'es'))
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"unit_id" integer,
	"place" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"household" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"invited_by" uuid,
	"submitted_at" timestamp with time zone,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"screening_fee" integer,
	"decision" jsonb,
	"offer" jsonb,
	"offered_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"lead_paint_acknowledged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_fee_check" CHECK ("applications"."screening_fee" between 0 and 1000),
	CONSTRAINT "applications_status_check" CHECK ("applications"."status" in ('draft', 'submitted', 'screening', 'approved', 'denied', 'waitlisted', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "adverse_action_notices" ADD CONSTRAINT "adverse_action_notices_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adverse_action_notices" ADD CONSTRAINT "adverse_action_notices_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adverse_action_notices_application_idx" ON "adverse_action_notices" USING btree ("application_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "applicants_token_key" ON "applicants" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "applicants_application_idx" ON "applicants" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "applicants_email_idx" ON "applicants" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "applicants_name_birth_idx" ON "applicants" USING btree (lower("name"),"date_of_birth");--> statement-breakpoint
CREATE UNIQUE INDEX "applicants_primary_key" ON "applicants" USING btree ("application_id") WHERE "applicants"."primary";--> statement-breakpoint
CREATE INDEX "applications_created_idx" ON "applications" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "applications_status_idx" ON "applications" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "applications_unit_idx" ON "applications" USING btree ("unit_id");