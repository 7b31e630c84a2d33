CREATE TABLE "cti_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"connection_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cti_events" ADD CONSTRAINT "cti_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cti_events" ADD CONSTRAINT "cti_events_connection_id_pbx_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."pbx_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cti_events_connection_event_unique" ON "cti_events" USING btree ("connection_id","event_id");--> statement-breakpoint
CREATE INDEX "cti_events_company_idx" ON "cti_events" USING btree ("company_id","id");