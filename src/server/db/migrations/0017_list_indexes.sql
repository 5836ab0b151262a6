DROP INDEX "audit_events_actor_idx";--> statement-breakpoint
DROP INDEX "audit_events_action_idx";--> statement-breakpoint
DROP INDEX "audit_events_property_idx";--> statement-breakpoint
DROP INDEX "inquiries_created_idx";--> statement-breakpoint
DROP INDEX "outgoing_mail_created_idx";--> statement-breakpoint
DROP INDEX "outgoing_mail_status_idx";--> statement-breakpoint
CREATE INDEX "alert_subscriptions_newest_idx" ON "alert_subscriptions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "document_requests_newest_idx" ON "document_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "inquiries_unhandled_idx" ON "inquiries" USING btree ("created_at","id") WHERE "inquiries"."handled_at" is null;--> statement-breakpoint
CREATE INDEX "inquiries_search_idx" ON "inquiries" USING gin (to_tsvector('simple', "name" || ' ' || "email" || ' ' || "subject" || ' ' || "message"));--> statement-breakpoint
CREATE INDEX "maintenance_requests_staff_order_idx" ON "maintenance_requests" USING btree ((("status" in ('submitted', 'scheduled', 'in_progress') and "urgency" = 'emergency')::int),"created_at","id");--> statement-breakpoint
CREATE INDEX "properties_created_idx" ON "properties" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "properties_search_idx" ON "properties" USING gin (to_tsvector('simple', "title" || ' ' || "address" || ' ' || "city"));--> statement-breakpoint
CREATE INDEX "tenant_files_newest_idx" ON "tenant_files" USING btree ("uploaded_at","id");--> statement-breakpoint
CREATE INDEX "tenant_files_category_newest_idx" ON "tenant_files" USING btree ("category","uploaded_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id","id");--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "audit_events_property_idx" ON "audit_events" USING btree ("property_id","id");--> statement-breakpoint
CREATE INDEX "inquiries_created_idx" ON "inquiries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "outgoing_mail_created_idx" ON "outgoing_mail" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "outgoing_mail_status_idx" ON "outgoing_mail" USING btree ("status","created_at","id");