-- Saved choice lists (issue 23, docs/decisions/0027). Self-contained: it may be renumbered at merge.
CREATE TABLE IF NOT EXISTS "choice_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action,
	"name" text NOT NULL,
	"counselling" text NOT NULL,
	"student" jsonb NOT NULL,
	"items" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"share_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "choice_lists_share_token_unique" UNIQUE("share_token")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "choice_lists_user_idx" ON "choice_lists" USING btree ("user_id","updated_at");
