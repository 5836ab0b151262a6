CREATE TABLE "privacy_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text,
	"mailbox" text GENERATED ALWAYS AS (case when split_part(email, '@', 2) in ('gmail.com', 'googlemail.com')
    then replace(regexp_replace(split_part(email, '@', 1), '[+].*$', ''), '.', '') || '@gmail.com'
    else regexp_replace(split_part(email, '@', 1), '[+].*$', '') || '@' || split_part(email, '@', 2) end) STORED,
	"kind" text NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"token_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"answered_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_requests_kind_check" CHECK ("privacy_requests"."kind" in ('access', 'deletion')),
	CONSTRAINT "privacy_requests_lang_check" CHECK ("privacy_requests"."lang" in ('en', 'es')),
	CONSTRAINT "privacy_requests_due_check" CHECK (("privacy_requests"."confirmed_at" is null) = ("privacy_requests"."due_at" is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_requests_token_key" ON "privacy_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "privacy_requests_mailbox_idx" ON "privacy_requests" USING btree ("mailbox","created_at");--> statement-breakpoint
CREATE INDEX "privacy_requests_open_idx" ON "privacy_requests" USING btree ("due_at","id") WHERE "privacy_requests"."answered_at" is null and "privacy_requests"."confirmed_at" is not null;--> statement-breakpoint
CREATE INDEX "privacy_requests_answered_idx" ON "privacy_requests" USING btree ("answered_at","id");--> statement-breakpoint
CREATE INDEX "privacy_requests_unconfirmed_idx" ON "privacy_requests" USING btree ("created_at") WHERE "privacy_requests"."confirmed_at" is null;