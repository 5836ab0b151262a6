CREATE TABLE "document_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_name" text NOT NULL,
	"tenant_email" text NOT NULL,
	"property_id" integer,
	"property_name" text NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"maintenance_request" text,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_requests_category_check" CHECK ("document_requests"."category" in ('maintenance', 'lease', 'property', 'other'))
);
--> statement-breakpoint
ALTER TABLE "tenant_files" DROP CONSTRAINT "tenant_files_tenant_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "tenant_files" ALTER COLUMN "tenant_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant_files" ALTER COLUMN "unit" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "tenant_files" ALTER COLUMN "unit" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant_files" ADD COLUMN "request_id" uuid;--> statement-breakpoint
ALTER TABLE "tenant_files" ADD COLUMN "tenant_name" text NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant_files" ADD COLUMN "tenant_email" text NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant_files" ADD COLUMN "property_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_requests_created_idx" ON "document_requests" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "tenant_files" ADD CONSTRAINT "tenant_files_request_id_document_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."document_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_files" ADD CONSTRAINT "tenant_files_tenant_id_users_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tenant_files_request_idx" ON "tenant_files" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_files_filename_key" ON "tenant_files" USING btree ("filename");