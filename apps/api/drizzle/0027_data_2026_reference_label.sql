CREATE TABLE IF NOT EXISTS "data_additions" (
	"id" serial PRIMARY KEY NOT NULL,
	"counselling" text NOT NULL,
	"year" smallint NOT NULL,
	"round" smallint NOT NULL,
	"file" text NOT NULL,
	"sha256" text NOT NULL,
	"rows" integer NOT NULL,
	"added_by" text NOT NULL,
	"added_at" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "engineering_reference" ADD COLUMN IF NOT EXISTS "reference_label" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Issue 22: JoSAA 2026 rounds 1-5 is the reference year, CSAB 2024 is imported, CSAB gets its own
-- chance model row and every seat its reference label. Forget the engineering and college imports so
-- the next start imports them again (as 0016_reimport_after_data_audit); replaceImport swaps the
-- tables in one transaction.
DELETE FROM "data_imports" WHERE "name" IN ('engineering', 'colleges');
