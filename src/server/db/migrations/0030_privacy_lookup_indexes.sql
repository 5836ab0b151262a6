-- Trigram indexes for the audit trail's search of a person's address (pg_trgm: a trusted contrib
-- extension since PostgreSQL 13, shipped with the embedded server and with Debian's).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "outgoing_mail" ADD COLUMN "mailbox" text GENERATED ALWAYS AS (case when split_part(lower(to_address), '@', 2) in ('gmail.com', 'googlemail.com')
    then replace(regexp_replace(split_part(lower(to_address), '@', 1), '[+].*$', ''), '.', '') || '@gmail.com'
    else regexp_replace(split_part(lower(to_address), '@', 1), '[+].*$', '') || '@' || split_part(lower(to_address), '@', 2) end) STORED;--> statement-breakpoint
CREATE INDEX "audit_events_actor_email_idx" ON "audit_events" USING btree (lower("actor_email"));--> statement-breakpoint
CREATE INDEX "audit_events_detail_trgm_idx" ON "audit_events" USING gin (lower("detail"::text) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_events_changes_trgm_idx" ON "audit_events" USING gin (lower("changes"::text) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "document_requests_email_idx" ON "document_requests" USING btree (lower("tenant_email"),"created_at");--> statement-breakpoint
CREATE INDEX "maintenance_requests_email_idx" ON "maintenance_requests" USING btree (lower("tenant_email"),"created_at");--> statement-breakpoint
CREATE INDEX "outgoing_mail_mailbox_idx" ON "outgoing_mail" USING btree ("mailbox","created_at");--> statement-breakpoint
CREATE INDEX "tenant_files_email_idx" ON "tenant_files" USING btree (lower("tenant_email"),"uploaded_at");