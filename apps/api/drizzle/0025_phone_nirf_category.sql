-- Issue 25: the NIRF category of nirf_rank ('Engineering', or e.g. 'Architecture and Planning' for an
-- institute no Engineering edition ranks). Filled by the engineering import (its version changed, so it re-runs).
ALTER TABLE "engineering_institutes" ADD COLUMN IF NOT EXISTS "nirf_category" text;--> statement-breakpoint
ALTER TABLE "engineering_reference" ADD COLUMN IF NOT EXISTS "nirf_category" text;
