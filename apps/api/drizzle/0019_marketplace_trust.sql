CREATE TABLE "college_watchers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institute_id" text NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid,
	"stop_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "college_watchers_stop_token_unique" UNIQUE("stop_token")
);
--> statement-breakpoint
CREATE TABLE "counsellor_id_cards" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL,
	"content_type" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "counsellor_payout_details" (
	"counsellor_id" uuid PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"upi_id" text,
	"account_name" text,
	"account_number" text,
	"ifsc" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counsellor_payout_details_method_check" CHECK (("counsellor_payout_details"."method" = 'upi' and "counsellor_payout_details"."upi_id" is not null) or ("counsellor_payout_details"."method" = 'bank' and "counsellor_payout_details"."account_number" is not null and "counsellor_payout_details"."ifsc" is not null and "counsellor_payout_details"."account_name" is not null))
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"counsellor_id" uuid NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"sessions" integer NOT NULL,
	"gross_paise" integer NOT NULL,
	"commission_basis_points" integer NOT NULL,
	"commission_paise" integer NOT NULL,
	"net_paise" integer NOT NULL,
	"reference" text NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_by" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_email_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"institute_id" text NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
ALTER TABLE "counsellors" ADD COLUMN "verification_method" text;--> statement-breakpoint
ALTER TABLE "counsellors" ADD COLUMN "verified_email" text;--> statement-breakpoint
ALTER TABLE "counsellors" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "counsellors" ADD COLUMN "pending_changes" jsonb;--> statement-breakpoint
ALTER TABLE "counsellors" ADD COLUMN "pending_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "counsellors" ADD COLUMN "change_review_note" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "payout_id" uuid;--> statement-breakpoint
ALTER TABLE "college_watchers" ADD CONSTRAINT "college_watchers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counsellor_id_cards" ADD CONSTRAINT "counsellor_id_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counsellor_payout_details" ADD CONSTRAINT "counsellor_payout_details_counsellor_id_counsellors_id_fk" FOREIGN KEY ("counsellor_id") REFERENCES "public"."counsellors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_counsellor_id_counsellors_id_fk" FOREIGN KEY ("counsellor_id") REFERENCES "public"."counsellors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_email_codes" ADD CONSTRAINT "student_email_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "college_watchers_institute_email_idx" ON "college_watchers" USING btree ("institute_id","email");--> statement-breakpoint
CREATE INDEX "payouts_counsellor_idx" ON "payouts" USING btree ("counsellor_id","paid_at");--> statement-breakpoint
CREATE INDEX "student_email_codes_user_idx" ON "student_email_codes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "counsellors_verified_email_idx" ON "counsellors" USING btree ("verified_email");--> statement-breakpoint
-- Issue 24 (docs/decisions 0026): one hold per student is a constraint. Older duplicate holds (the newest stays) are released first.
WITH "released" AS (
	UPDATE "bookings" b SET "status" = 'released', "updated_at" = now()
	WHERE b."status" = 'held' AND EXISTS (
		SELECT 1 FROM "bookings" n WHERE n."student_id" = b."student_id" AND n."status" = 'held' AND (n."created_at", n."id") > (b."created_at", b."id")
	)
	RETURNING b."id"
)
INSERT INTO "booking_events" ("booking_id", "from_status", "to_status", "source", "details")
SELECT "id", 'held', 'released', 'migration', '{"reason":"one_hold_per_student"}'::jsonb FROM "released";--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_one_hold_per_student" ON "bookings" USING btree ("student_id") WHERE "bookings"."status" = 'held';--> statement-breakpoint
ALTER TABLE "counsellors" ADD CONSTRAINT "counsellors_verification_check" CHECK ("counsellors"."verification_method" is null or "counsellors"."verification_method" in ('email', 'id-card'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('payment', 'refund', 'release', 'payout'));