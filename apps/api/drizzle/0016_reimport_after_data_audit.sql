-- The data audit of issues 9, 10 and 13 changed what the importers write for the same files (NIRF
-- spellings placed on their institutes, NEET PG colleges no longer split by round spelling, cleaner
-- names of unmatched NEET PG institutes). Forget those imports so the next start (importMissing)
-- imports them again; replaceImport swaps the tables in one transaction.
DELETE FROM "data_imports" WHERE "name" IN ('engineering', 'medical', 'colleges');
