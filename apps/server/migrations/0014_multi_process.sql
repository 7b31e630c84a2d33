-- UNLOGGED: counters and spill-over are transient; a database crash only resets them.
CREATE UNLOGGED TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNLOGGED TABLE "socket_io_attachments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payload" "bytea"
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "presence_expires_at" timestamp with time zone;