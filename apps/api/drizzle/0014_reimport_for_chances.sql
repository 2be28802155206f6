-- Chance of admission (issue 13, docs/decisions/0014): every listed seat gains NOT NULL chance
-- columns that only the importers can fill. Empty the reference tables and forget those imports, so
-- the next start (importMissing) imports them again with the chances.
DELETE FROM "engineering_reference";--> statement-breakpoint
DELETE FROM "medical_reference";--> statement-breakpoint
DELETE FROM "data_imports" WHERE "name" IN ('engineering', 'medical');
