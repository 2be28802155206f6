ALTER TABLE "engineering_cutoffs" ADD COLUMN IF NOT EXISTS "preparatory_by_rule" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "engineering_reference" ADD COLUMN IF NOT EXISTS "rank_paper" text;--> statement-breakpoint
-- Issues 21 and 28 change what the engineering importer writes for the same files (preparatory
-- ranks the 2016-2024 files lost, B.Arch/B.Planning on Paper 2 ranks, CSAB on the common rank
-- list, per-group calibration). Forget those imports so the next start imports them again
-- (as 0016_reimport_after_data_audit); replaceImport swaps the tables in one transaction.
DELETE FROM "data_imports" WHERE "name" IN ('engineering', 'colleges');
