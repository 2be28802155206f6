CREATE TABLE "chance_models" (
	"stream" text PRIMARY KEY NOT NULL,
	"predict_year" smallint NOT NULL,
	"reference_year" smallint NOT NULL,
	"move_table" jsonb NOT NULL,
	"calibration" jsonb,
	"z_reach" real NOT NULL,
	"summary" jsonb NOT NULL,
	"backtest" jsonb NOT NULL,
	"computed_at" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "engineering_reference" ADD COLUMN "chance_scale" real NOT NULL;--> statement-breakpoint
ALTER TABLE "engineering_reference" ADD COLUMN "reach_rank" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "engineering_reference" ADD COLUMN "chance_wide" boolean NOT NULL;--> statement-breakpoint
ALTER TABLE "engineering_reference" ADD COLUMN "chance_card" jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "medical_reference" ADD COLUMN "allotments" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "medical_reference" ADD COLUMN "chance_scale" real NOT NULL;--> statement-breakpoint
ALTER TABLE "medical_reference" ADD COLUMN "reach_rank" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "medical_reference" ADD COLUMN "chance_wide" boolean NOT NULL;--> statement-breakpoint
ALTER TABLE "medical_reference" ADD COLUMN "chance_card" jsonb NOT NULL;