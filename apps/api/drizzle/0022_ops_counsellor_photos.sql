CREATE TABLE IF NOT EXISTS "counsellor_photos" (
	"key" text NOT NULL,
	"size" smallint NOT NULL,
	"content_type" text NOT NULL,
	"bytes" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counsellor_photos_key_size_pk" PRIMARY KEY("key","size")
);
