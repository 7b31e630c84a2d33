CREATE TABLE "contact_identities" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"visitor_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text,
	"phone" text,
	"created_by" text NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interaction_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"interaction_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"visible_to_contact" boolean NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interaction_tag_links" (
	"company_id" integer NOT NULL,
	"interaction_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "interaction_tag_links_interaction_id_tag_id_pk" PRIMARY KEY("interaction_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "interactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"channel_id" integer,
	"contact_id" integer NOT NULL,
	"identity_id" integer,
	"title" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"owner_type" text NOT NULL,
	"assignee_user_id" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_response_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closed_by_user_id" integer,
	"mood" text,
	"rating" integer,
	"rating_comment" text,
	"rating_token_hash" text,
	"rated_at" timestamp with time zone,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone,
	"last_message_preview" text
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"interaction_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"direction" text NOT NULL,
	"sender_type" text NOT NULL,
	"sender_user_id" integer,
	"text" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"is_bot" boolean DEFAULT false NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"provider_message_id" text,
	"client_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "max_open_per_agent" integer DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_identities" ADD CONSTRAINT "contact_identities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_identities" ADD CONSTRAINT "contact_identities_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_identities" ADD CONSTRAINT "contact_identities_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interaction_events" ADD CONSTRAINT "interaction_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interaction_events" ADD CONSTRAINT "interaction_events_interaction_id_interactions_id_fk" FOREIGN KEY ("interaction_id") REFERENCES "public"."interactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interaction_tag_links" ADD CONSTRAINT "interaction_tag_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interaction_tag_links" ADD CONSTRAINT "interaction_tag_links_interaction_id_interactions_id_fk" FOREIGN KEY ("interaction_id") REFERENCES "public"."interactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interaction_tag_links" ADD CONSTRAINT "interaction_tag_links_tag_id_interaction_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."interaction_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interactions" ADD CONSTRAINT "interactions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interactions" ADD CONSTRAINT "interactions_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interactions" ADD CONSTRAINT "interactions_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interactions" ADD CONSTRAINT "interactions_identity_id_contact_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."contact_identities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interactions" ADD CONSTRAINT "interactions_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interactions" ADD CONSTRAINT "interactions_closed_by_user_id_users_id_fk" FOREIGN KEY ("closed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_interaction_id_interactions_id_fk" FOREIGN KEY ("interaction_id") REFERENCES "public"."interactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_identities_channel_external_unique" ON "contact_identities" USING btree ("channel_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_identities_token_unique" ON "contact_identities" USING btree ("visitor_token_hash");--> statement-breakpoint
CREATE INDEX "contact_identities_company_contact_idx" ON "contact_identities" USING btree ("company_id","contact_id");--> statement-breakpoint
CREATE INDEX "contacts_company_idx" ON "contacts" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "interaction_events_seq_unique" ON "interaction_events" USING btree ("interaction_id","seq");--> statement-breakpoint
CREATE INDEX "interaction_events_company_idx" ON "interaction_events" USING btree ("company_id","interaction_id");--> statement-breakpoint
CREATE INDEX "interaction_tag_links_company_tag_idx" ON "interaction_tag_links" USING btree ("company_id","tag_id");--> statement-breakpoint
CREATE INDEX "interactions_company_status_idx" ON "interactions" USING btree ("company_id","status","last_message_at");--> statement-breakpoint
CREATE INDEX "interactions_company_assignee_idx" ON "interactions" USING btree ("company_id","assignee_user_id","status");--> statement-breakpoint
CREATE INDEX "interactions_company_contact_idx" ON "interactions" USING btree ("company_id","contact_id");--> statement-breakpoint
CREATE INDEX "interactions_company_channel_idx" ON "interactions" USING btree ("company_id","channel_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "interactions_rating_token_unique" ON "interactions" USING btree ("rating_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_interaction_seq_unique" ON "messages" USING btree ("interaction_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_client_id_unique" ON "messages" USING btree ("company_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_provider_id_unique" ON "messages" USING btree ("company_id","provider_message_id");--> statement-breakpoint
CREATE INDEX "messages_company_interaction_idx" ON "messages" USING btree ("company_id","interaction_id","seq");