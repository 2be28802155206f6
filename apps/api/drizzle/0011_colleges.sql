CREATE TABLE "college_programs" (
	"institute_id" text NOT NULL,
	"year" smallint NOT NULL,
	"program_name" text NOT NULL,
	"branch_group" text NOT NULL,
	"seats" integer NOT NULL,
	"quotas" text[] NOT NULL,
	CONSTRAINT "college_programs_institute_id_program_name_pk" PRIMARY KEY("institute_id","program_name")
);
--> statement-breakpoint
CREATE TABLE "engineering_nirf_ranks" (
	"institute_id" text NOT NULL,
	"year" smallint NOT NULL,
	"rank" integer NOT NULL,
	"score" real,
	"name_in_source" text NOT NULL,
	CONSTRAINT "engineering_nirf_ranks_institute_id_year_pk" PRIMARY KEY("institute_id","year")
);
--> statement-breakpoint
CREATE TABLE "postal_codes" (
	"pin_code" text PRIMARY KEY NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"places" integer NOT NULL,
	"district" text,
	"state" text
);
