CREATE TABLE "data_imports" (
	"name" text PRIMARY KEY NOT NULL,
	"input_hash" text NOT NULL,
	"rows" integer NOT NULL,
	"imported_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "engineering_cutoffs" (
	"counselling" text NOT NULL,
	"year" smallint NOT NULL,
	"round" smallint NOT NULL,
	"institute_id" text NOT NULL,
	"program_name" text NOT NULL,
	"branch_group" text NOT NULL,
	"quota" text NOT NULL,
	"seat_type" text NOT NULL,
	"gender" text NOT NULL,
	"opening_rank" integer NOT NULL,
	"closing_rank" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "engineering_institutes" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"type" text NOT NULL,
	"state" text,
	"address" text,
	"website" text,
	"josaa_code" integer,
	"nirf_rank" integer,
	"nirf_rank_year" smallint,
	"median_salary_lpa" real,
	"placement_rate" real,
	"placement_year" text,
	"placement_source" text,
	"fee_inr" integer,
	"sports_facility" boolean,
	"hostel_facility" boolean,
	"mess_facility" boolean
);
--> statement-breakpoint
CREATE TABLE "engineering_reference" (
	"id" text PRIMARY KEY NOT NULL,
	"scheme" text NOT NULL,
	"institute_id" text NOT NULL,
	"institute_name" text NOT NULL,
	"institute_type" text NOT NULL,
	"state" text,
	"program_name" text NOT NULL,
	"branch_group" text NOT NULL,
	"quota" text NOT NULL,
	"seat_type" text NOT NULL,
	"gender" text NOT NULL,
	"opening_rank" integer NOT NULL,
	"closing_rank" integer NOT NULL,
	"year" smallint NOT NULL,
	"round" smallint NOT NULL,
	"basis" text NOT NULL,
	"median_salary_lpa" real,
	"placement_year" text,
	"nirf_rank" integer,
	"fee_inr" integer,
	"sports_facility" boolean,
	"hostel_facility" boolean,
	"mess_facility" boolean,
	"search_text" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "engineering_cutoffs_institute_idx" ON "engineering_cutoffs" USING btree ("institute_id","year","round");--> statement-breakpoint
CREATE INDEX "engineering_reference_match_idx" ON "engineering_reference" USING btree ("scheme","seat_type","gender","closing_rank");