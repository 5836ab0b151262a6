DROP INDEX "alert_subscriptions_email_idx";--> statement-breakpoint
ALTER TABLE "alert_subscriptions" ADD COLUMN "mailbox" text GENERATED ALWAYS AS (case when split_part(email, '@', 2) in ('gmail.com', 'googlemail.com')
    then replace(regexp_replace(split_part(email, '@', 1), '[+].*$', ''), '.', '') || '@gmail.com'
    else regexp_replace(split_part(email, '@', 1), '[+].*$', '') || '@' || split_part(email, '@', 2) end) STORED;--> statement-breakpoint
ALTER TABLE "alert_subscriptions" ADD COLUMN "requester" text;--> statement-breakpoint
CREATE INDEX "alert_subscriptions_mailbox_idx" ON "alert_subscriptions" USING btree ("mailbox","created_at");