ALTER TABLE "units" ADD COLUMN "accessibility_features" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "utilities_included" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "pets" text;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "pet_deposit" numeric(10, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "parking" text;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "parking_fee" numeric(10, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "laundry" text;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "smoking" text;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "lease_terms" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "vouchers_welcome" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "availability_confirmed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_pets_check" CHECK ("units"."pets" in ('none', 'cats', 'dogs', 'cats-and-dogs'));--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_parking_check" CHECK ("units"."parking" in ('none', 'street', 'lot', 'garage'));--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_laundry_check" CHECK ("units"."laundry" in ('in-unit', 'in-building', 'none'));--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_smoking_check" CHECK ("units"."smoking" in ('not-allowed', 'outside-only', 'allowed'));--> statement-breakpoint
-- Units saved before this migration: their availability was last confirmed by their last save.
UPDATE "units" SET "availability_confirmed_at" = "updated_at";