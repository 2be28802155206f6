CREATE TABLE "engineering_programs" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"branch_group" text NOT NULL,
	CONSTRAINT "engineering_programs_name_unique" UNIQUE("name")
);
--> statement-breakpoint
DROP INDEX "engineering_cutoffs_institute_idx";--> statement-breakpoint
ALTER TABLE "engineering_cutoffs" ADD COLUMN "program_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "engineering_cutoffs" ADD COLUMN "opening_preparatory" boolean NOT NULL;--> statement-breakpoint
ALTER TABLE "engineering_cutoffs" ADD COLUMN "closing_preparatory" boolean NOT NULL;--> statement-breakpoint
ALTER TABLE "engineering_institutes" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "engineering_institutes" ADD COLUMN "district" text;--> statement-breakpoint
ALTER TABLE "engineering_institutes" ADD COLUMN "pin_code" text;--> statement-breakpoint
ALTER TABLE "engineering_institutes" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "engineering_institutes" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "engineering_institutes" ADD COLUMN "location_method" text;--> statement-breakpoint
ALTER TABLE "engineering_institutes" ADD COLUMN "tuition_inr_per_year" integer;--> statement-breakpoint
ALTER TABLE "engineering_institutes" ADD COLUMN "tuition_from_year" smallint;--> statement-breakpoint
ALTER TABLE "engineering_institutes" ADD COLUMN "tuition_source" text;--> statement-breakpoint
ALTER TABLE "engineering_reference" ADD COLUMN "eligible_states" text[];--> statement-breakpoint
ALTER TABLE "engineering_reference" ADD COLUMN "nirf_rank_year" smallint;--> statement-breakpoint
ALTER TABLE "engineering_reference" ADD COLUMN "tuition_inr_per_year" integer;--> statement-breakpoint
ALTER TABLE "engineering_reference" ADD COLUMN "tuition_from_year" smallint;--> statement-breakpoint
ALTER TABLE "medical_institutes" ADD COLUMN "raw_names" text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "medical_institutes" ADD COLUMN "pin_code" text;--> statement-breakpoint
ALTER TABLE "medical_institutes" ADD COLUMN "district" text;--> statement-breakpoint
ALTER TABLE "medical_institutes" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "medical_institutes" ADD COLUMN "longitude" double precision;--> statement-breakpoint
CREATE INDEX "engineering_cutoffs_seat_idx" ON "engineering_cutoffs" USING btree ("institute_id","program_id");