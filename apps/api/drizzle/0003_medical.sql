CREATE TABLE "medical_courses" (
	"name" text PRIMARY KEY NOT NULL,
	"degree" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medical_cutoffs" (
	"year" smallint NOT NULL,
	"round" smallint NOT NULL,
	"institute_id" text NOT NULL,
	"course" text NOT NULL,
	"quota" text NOT NULL,
	"category" text NOT NULL,
	"opening_rank" integer NOT NULL,
	"closing_rank" integer NOT NULL,
	"allotments" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medical_institutes" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"state" text,
	"mcc_code" integer,
	"annual_fee_inr" integer,
	"annual_fee_text" text,
	"bond_years" smallint,
	"bond_penalty_inr" integer
);
--> statement-breakpoint
CREATE TABLE "medical_reference" (
	"id" text PRIMARY KEY NOT NULL,
	"institute_id" text NOT NULL,
	"institute_name" text NOT NULL,
	"address" text,
	"state" text,
	"course" text NOT NULL,
	"degree" text NOT NULL,
	"quota" text NOT NULL,
	"category" text NOT NULL,
	"opening_rank" integer NOT NULL,
	"closing_rank" integer NOT NULL,
	"year" smallint NOT NULL,
	"round" smallint NOT NULL,
	"annual_fee_inr" integer,
	"bond_years" smallint,
	"bond_penalty_inr" integer,
	"search_text" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "medical_cutoffs_seat_idx" ON "medical_cutoffs" USING btree ("institute_id","course","year","round");--> statement-breakpoint
CREATE INDEX "medical_reference_match_idx" ON "medical_reference" USING btree ("quota","category","closing_rank");