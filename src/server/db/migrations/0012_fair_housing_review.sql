ALTER TABLE "properties" ADD COLUMN "fair_housing_review" jsonb;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "fair_housing_review" jsonb;