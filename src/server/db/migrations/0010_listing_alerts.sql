CREATE TABLE "alert_deliveries" (
	"subscription_id" uuid NOT NULL,
	"unit_id" integer NOT NULL,
	"state" text NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "alert_deliveries_subscription_id_unit_id_pk" PRIMARY KEY("subscription_id","unit_id"),
	CONSTRAINT "alert_deliveries_state_check" CHECK ("alert_deliveries"."state" in ('pending', 'sent', 'known'))
);
--> statement-breakpoint
CREATE TABLE "alert_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"criteria" jsonb NOT NULL,
	"frequency" text NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp with time zone,
	"manage_token_hash" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_digest_on" date,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_subscriptions_frequency_check" CHECK ("alert_subscriptions"."frequency" in ('instant', 'daily')),
	CONSTRAINT "alert_subscriptions_lang_check" CHECK ("alert_subscriptions"."lang" in ('en', 'es')),
	CONSTRAINT "alert_subscriptions_status_check" CHECK ("alert_subscriptions"."status" in ('pending', 'active', 'paused'))
);
--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_subscription_id_alert_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."alert_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_deliveries_pending_idx" ON "alert_deliveries" USING btree ("subscription_id") WHERE "alert_deliveries"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "alert_deliveries_unit_idx" ON "alert_deliveries" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "alert_subscriptions_email_idx" ON "alert_subscriptions" USING btree ("email");--> statement-breakpoint
CREATE INDEX "alert_subscriptions_status_idx" ON "alert_subscriptions" USING btree ("status","frequency");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_subscriptions_confirm_key" ON "alert_subscriptions" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_subscriptions_manage_key" ON "alert_subscriptions" USING btree ("manage_token_hash");