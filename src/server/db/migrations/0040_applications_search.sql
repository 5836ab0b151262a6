CREATE INDEX "applicants_name_trgm_idx" ON "applicants" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "applicants_email_trgm_idx" ON "applicants" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "applications_place_trgm_idx" ON "applications" USING gin (lower("place") gin_trgm_ops);