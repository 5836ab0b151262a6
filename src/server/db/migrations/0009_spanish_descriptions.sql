ALTER TABLE "properties" ADD COLUMN "description_es" text;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "description_es" text;