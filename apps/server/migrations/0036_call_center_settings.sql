CREATE TABLE "call_center_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"ring_seconds" integer DEFAULT 20 NOT NULL,
	"after_call_seconds" integer DEFAULT 10 NOT NULL,
	"record_calls" boolean DEFAULT false NOT NULL,
	"answered_within_seconds" integer DEFAULT 20 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "call_center_settings" ADD CONSTRAINT "call_center_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calls_company_extension_ended_idx" ON "calls" USING btree ("company_id","extension","ended_at") WHERE "calls"."extension" IS NOT NULL;--> statement-breakpoint
-- Calls recorded before this change waited from their start (no call operator menu was told apart).
UPDATE "calls" SET "queued_at" = "started_at" WHERE "direction" = 'in' AND "queued_at" IS NULL;
