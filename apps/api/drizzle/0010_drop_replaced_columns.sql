ALTER TABLE "engineering_cutoffs" DROP COLUMN "program_name";--> statement-breakpoint
ALTER TABLE "engineering_cutoffs" DROP COLUMN "branch_group";--> statement-breakpoint
ALTER TABLE "engineering_institutes" DROP COLUMN "fee_inr";--> statement-breakpoint
ALTER TABLE "engineering_reference" DROP COLUMN "fee_inr";--> statement-breakpoint
ALTER TABLE "engineering_reference" DROP COLUMN "sports_facility";--> statement-breakpoint
ALTER TABLE "engineering_reference" DROP COLUMN "hostel_facility";--> statement-breakpoint
ALTER TABLE "engineering_reference" DROP COLUMN "mess_facility";