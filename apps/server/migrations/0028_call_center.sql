CREATE TABLE "call_extensions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"extension" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "call_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"number" text NOT NULL,
	"name" text NOT NULL,
	"channel_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"connection_id" integer NOT NULL,
	"provider_call_id" text NOT NULL,
	"number" text NOT NULL,
	"line_id" integer,
	"extension" text,
	"direction" text NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"wait_seconds" integer,
	"talk_seconds" integer,
	"answered_by_user_id" integer,
	"recording_url" text,
	"contact_id" integer,
	"interaction_id" integer,
	"message_id" integer,
	"seen_events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pbx_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"app_name" text DEFAULT '' NOT NULL,
	"webhook_key" text NOT NULL,
	"secrets" "bytea",
	"state" text DEFAULT 'connecting' NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_extensions" ADD CONSTRAINT "call_extensions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_extensions" ADD CONSTRAINT "call_extensions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_lines" ADD CONSTRAINT "call_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_lines" ADD CONSTRAINT "call_lines_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_connection_id_pbx_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."pbx_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_line_id_call_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."call_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_answered_by_user_id_users_id_fk" FOREIGN KEY ("answered_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_interaction_id_interactions_id_fk" FOREIGN KEY ("interaction_id") REFERENCES "public"."interactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pbx_connections" ADD CONSTRAINT "pbx_connections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "call_extensions_company_extension_unique" ON "call_extensions" USING btree ("company_id","extension");--> statement-breakpoint
CREATE UNIQUE INDEX "call_extensions_company_user_unique" ON "call_extensions" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "call_lines_company_number_unique" ON "call_lines" USING btree ("company_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "calls_connection_provider_unique" ON "calls" USING btree ("connection_id","provider_call_id");--> statement-breakpoint
CREATE INDEX "calls_company_status_idx" ON "calls" USING btree ("company_id","status","started_at");--> statement-breakpoint
CREATE INDEX "calls_company_started_idx" ON "calls" USING btree ("company_id","started_at");--> statement-breakpoint
CREATE INDEX "calls_company_interaction_idx" ON "calls" USING btree ("company_id","interaction_id") WHERE "calls"."interaction_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "calls_company_contact_idx" ON "calls" USING btree ("company_id","contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pbx_connections_company_unique" ON "pbx_connections" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pbx_connections_webhook_key_unique" ON "pbx_connections" USING btree ("webhook_key");