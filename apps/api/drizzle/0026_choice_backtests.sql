-- The published backtests of choice lists (issue 23, docs/decisions/0027). Self-contained: it may be renumbered at merge.
CREATE TABLE IF NOT EXISTS "choice_backtests" (
	"name" text PRIMARY KEY NOT NULL,
	"figures" jsonb NOT NULL,
	"computed_at" text NOT NULL
);
