-- What Drizzle cannot express (docs/decisions/0013-session-lifecycle.md).
-- The counsellors' ledger is append-only, like the booking history: a correction is a new entry.
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION rankwise_refuse_change();
--> statement-breakpoint
-- Payments and refunds made before the ledger existed: each paid payment entered `held`, each refund left it.
INSERT INTO "ledger_entries" ("counsellor_id", "booking_id", "account", "kind", "amount_paise", "entry_key", "created_at")
SELECT b."counsellor_id", b."id", 'held', 'payment', p."amount_paise", 'payment:' || b."id", coalesce(p."paid_at", p."updated_at")
FROM "payments" p JOIN "bookings" b ON b."id" = p."booking_id"
WHERE p."status" = 'paid'
ON CONFLICT ("entry_key") DO NOTHING;
--> statement-breakpoint
INSERT INTO "ledger_entries" ("counsellor_id", "booking_id", "account", "kind", "amount_paise", "entry_key", "created_at")
SELECT b."counsellor_id", b."id", 'held', 'refund', -r."amount_paise", 'refund:' || r."refund_id", r."created_at"
FROM "refunds" r JOIN "bookings" b ON b."id" = r."booking_id"
ON CONFLICT ("entry_key") DO NOTHING;
