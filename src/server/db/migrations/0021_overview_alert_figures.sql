ALTER TABLE "alert_subscriptions" ADD COLUMN "criteria_key" text GENERATED ALWAYS AS (md5(criteria::text)) STORED;--> statement-breakpoint
CREATE INDEX "alert_subscriptions_renters_idx" ON "alert_subscriptions" USING btree ("status","email");--> statement-breakpoint
CREATE INDEX "alert_subscriptions_wishes_idx" ON "alert_subscriptions" USING btree ("status","criteria_key","email","created_at");