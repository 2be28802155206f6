-- NEET PG 2025 becomes the medical reference year (issue 22) and the NEET PG importer's output
-- changed for the same files (institutes followed across renamings, unique display names, a clean
-- 'town, state' location, corrected 2024 DNB course labels; issue 21). The location gets its own
-- column; forgetting the medical import makes the next start (importMissing) import it again, and
-- replaceImport swaps the tables in one transaction.
ALTER TABLE "medical_reference" ADD COLUMN IF NOT EXISTS "location" text;--> statement-breakpoint
DELETE FROM "data_imports" WHERE "name" = 'medical';
