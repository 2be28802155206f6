ALTER TABLE "form_submissions" ADD COLUMN IF NOT EXISTS "content_hash" text;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN IF NOT EXISTS "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN IF NOT EXISTS "once_started_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "form_submissions_dedupe_key_idx" ON "form_submissions" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "form_submissions_content_idx" ON "form_submissions" USING btree ("content_hash","created_at");
