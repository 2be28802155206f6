-- What Drizzle cannot express (docs/decisions/0008-bookings-and-payments.md).
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
-- A slot is never sold twice: no two active bookings (held, paid, confirmed) of one counsellor
-- may overlap in time, so a 12- and a 25-minute session that overlap conflict too.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist (
	"counsellor_id" WITH =,
	tstzrange("starts_at", "ends_at", '[)') WITH &&
) WHERE ("status" IN ('held', 'paid', 'confirmed'));
--> statement-breakpoint
-- A booking never exists without its payment (payments.booking_id already requires the booking).
-- Deferred, so both rows are inserted in one transaction and checked at commit.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_payment_fk" FOREIGN KEY ("id") REFERENCES "payments"("booking_id") DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
-- Money records are never deleted, and the booking history is append-only.
CREATE FUNCTION rankwise_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION '% on % is not allowed: payment records are kept', TG_OP, TG_TABLE_NAME;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_no_delete BEFORE DELETE ON "bookings" FOR EACH ROW EXECUTE FUNCTION rankwise_refuse_change();
--> statement-breakpoint
CREATE TRIGGER payments_no_delete BEFORE DELETE ON "payments" FOR EACH ROW EXECUTE FUNCTION rankwise_refuse_change();
--> statement-breakpoint
CREATE TRIGGER refunds_no_delete BEFORE DELETE ON "refunds" FOR EACH ROW EXECUTE FUNCTION rankwise_refuse_change();
--> statement-breakpoint
CREATE TRIGGER booking_events_append_only BEFORE UPDATE OR DELETE ON "booking_events" FOR EACH ROW EXECUTE FUNCTION rankwise_refuse_change();
