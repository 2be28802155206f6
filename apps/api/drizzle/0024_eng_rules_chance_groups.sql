ALTER TABLE "engineering_reference" ADD COLUMN IF NOT EXISTS "chance_shift" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "engineering_reference" ADD COLUMN IF NOT EXISTS "chance_below" double precision DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "engineering_reference" ADD COLUMN IF NOT EXISTS "chance_above" double precision DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Issue 21: the engineering chances are calibrated per seat group (docs/decisions/0014) and
-- CSAB seats are judged on the common rank list. Forget the engineering and colleges imports so
-- the next start imports them again (as 0016_reimport_after_data_audit).
DELETE FROM "data_imports" WHERE "name" IN ('engineering', 'colleges');
