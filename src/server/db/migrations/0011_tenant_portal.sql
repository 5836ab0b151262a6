CREATE TABLE "maintenance_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"author_role" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_comments_role_check" CHECK ("maintenance_comments"."author_role" in ('tenant', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "maintenance_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"folder" text NOT NULL,
	"variants" jsonb NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"tenant_name" text NOT NULL,
	"tenant_email" text NOT NULL,
	"unit_id" integer,
	"property_id" integer,
	"property_name" text DEFAULT '' NOT NULL,
	"unit_number" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"urgency" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"permission_to_enter" boolean NOT NULL,
	"preferred_times" text DEFAULT '' NOT NULL,
	"scheduled_for" date,
	"visit_window" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_requests_category_check" CHECK ("maintenance_requests"."category" in ('plumbing', 'electrical', 'heating_cooling', 'appliance', 'pests', 'locks_doors', 'other')),
	CONSTRAINT "maintenance_requests_urgency_check" CHECK ("maintenance_requests"."urgency" in ('emergency', 'urgent', 'routine')),
	CONSTRAINT "maintenance_requests_status_check" CHECK ("maintenance_requests"."status" in ('submitted', 'scheduled', 'in_progress', 'completed', 'cancelled')),
	CONSTRAINT "maintenance_requests_window_check" CHECK ("maintenance_requests"."visit_window" in ('morning', 'afternoon', 'evening'))
);
--> statement-breakpoint
CREATE TABLE "notification_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"type" text NOT NULL,
	"category" text NOT NULL,
	"priority" text NOT NULL,
	"action_url" text,
	"action_label" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"preferences" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_sign_in_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "tenant_sign_in_links_purpose_check" CHECK ("tenant_sign_in_links"."purpose" in ('invite', 'sign_in'))
);
--> statement-breakpoint
ALTER TABLE "tenant_files" ADD COLUMN "from_office" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant_files" ADD COLUMN "shared_by" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "unit_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "unit_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "access_ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "maintenance_comments" ADD CONSTRAINT "maintenance_comments_request_id_maintenance_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."maintenance_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_comments" ADD CONSTRAINT "maintenance_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_photos" ADD CONSTRAINT "maintenance_photos_request_id_maintenance_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."maintenance_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD CONSTRAINT "maintenance_requests_tenant_id_users_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD CONSTRAINT "maintenance_requests_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD CONSTRAINT "maintenance_requests_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_events" ADD CONSTRAINT "notification_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_sign_in_links" ADD CONSTRAINT "tenant_sign_in_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maintenance_comments_request_idx" ON "maintenance_comments" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "maintenance_photos_request_idx" ON "maintenance_photos" USING btree ("request_id","position");--> statement-breakpoint
CREATE INDEX "maintenance_requests_unit_idx" ON "maintenance_requests" USING btree ("unit_id","created_at");--> statement-breakpoint
CREATE INDEX "maintenance_requests_status_idx" ON "maintenance_requests" USING btree ("status","urgency");--> statement-breakpoint
CREATE INDEX "maintenance_requests_property_idx" ON "maintenance_requests" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "notification_events_user_idx" ON "notification_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "tenant_sign_in_links_user_idx" ON "tenant_sign_in_links" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "tenant_sign_in_links_expiry_idx" ON "tenant_sign_in_links" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "tenant_files" ADD CONSTRAINT "tenant_files_shared_by_users_id_fk" FOREIGN KEY ("shared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_unit_idx" ON "users" USING btree ("unit_id");