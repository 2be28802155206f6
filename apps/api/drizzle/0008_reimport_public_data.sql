-- The engineering and NEET PG importers changed what they write (issue 9: complete JoSAA/CSAB 2025,
-- quota eligibility, NEET PG institutes, locations, tuition). Empty the imported tables and forget
-- the imports, so the next start (importMissing) imports everything again into the new columns.
DELETE FROM "engineering_reference";--> statement-breakpoint
DELETE FROM "engineering_cutoffs";--> statement-breakpoint
DELETE FROM "engineering_institutes";--> statement-breakpoint
DELETE FROM "medical_reference";--> statement-breakpoint
DELETE FROM "medical_cutoffs";--> statement-breakpoint
DELETE FROM "medical_institutes";--> statement-breakpoint
DELETE FROM "medical_courses";--> statement-breakpoint
DELETE FROM "data_imports" WHERE "name" IN ('engineering', 'medical');
