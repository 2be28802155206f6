CREATE TABLE "session_revocations" (
	"family_id" uuid PRIMARY KEY NOT NULL,
	"revoked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "session_revocations_revoked_idx" ON "session_revocations" USING btree ("revoked_at");--> statement-breakpoint
-- What Drizzle cannot express (docs/decisions/0016-auth-hardening.md): deleting an account (or any
-- live session row) ends the session family, so its access tokens stop working too.
CREATE FUNCTION rankwise_session_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.revoked_at IS NULL THEN
    INSERT INTO "session_revocations" ("family_id") VALUES (OLD.family_id) ON CONFLICT ("family_id") DO NOTHING;
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER auth_sessions_deleted AFTER DELETE ON "auth_sessions" FOR EACH ROW EXECUTE FUNCTION rankwise_session_deleted();
