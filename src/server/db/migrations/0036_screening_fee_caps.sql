CREATE TABLE "screening_fee_caps" (
	"applies_from" date PRIMARY KEY NOT NULL,
	"cap" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "screening_fee_caps_cap_check" CHECK ("screening_fee_caps"."cap" between 0 and 1000)
);
