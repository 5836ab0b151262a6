ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "inquiries_email_idx" ON "inquiries" USING btree (lower("email"),"created_at");--> statement-breakpoint
CREATE INDEX "maintenance_requests_tenant_idx" ON "maintenance_requests" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "users_access_ended_idx" ON "users" USING btree ("access_ended_at") WHERE "users"."access_ended_at" is not null;--> statement-breakpoint
-- The accounts' last sign-ins so far, from the sessions still kept (else their creation counts).
UPDATE "users" SET "last_sign_in_at" = (SELECT max("created_at") FROM "sessions" WHERE "sessions"."user_id" = "users"."id");
