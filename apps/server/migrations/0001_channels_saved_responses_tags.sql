CREATE TABLE "channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"number" text,
	"description" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interaction_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"important" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"key" text NOT NULL,
	"text" text NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webchat_channels" (
	"channel_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"domain" text NOT NULL,
	"public_key" text NOT NULL,
	"hmac_secret" text NOT NULL,
	"name_mn" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"greeting_mn" text DEFAULT '' NOT NULL,
	"greeting_en" text DEFAULT '' NOT NULL,
	"brand_color" text NOT NULL,
	"text_color" text NOT NULL,
	"language" text DEFAULT 'mn' NOT NULL,
	"faq" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"logo_file_id" uuid
);
--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interaction_tags" ADD CONSTRAINT "interaction_tags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_responses" ADD CONSTRAINT "saved_responses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_responses" ADD CONSTRAINT "saved_responses_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webchat_channels" ADD CONSTRAINT "webchat_channels_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webchat_channels" ADD CONSTRAINT "webchat_channels_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channels_company_idx" ON "channels" USING btree ("company_id","type","id");--> statement-breakpoint
CREATE UNIQUE INDEX "interaction_tags_company_name_unique" ON "interaction_tags" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "saved_responses_company_key_unique" ON "saved_responses" USING btree ("company_id",lower("key"));--> statement-breakpoint
CREATE UNIQUE INDEX "webchat_domain_unique" ON "webchat_channels" USING btree ("domain");--> statement-breakpoint
CREATE UNIQUE INDEX "webchat_public_key_unique" ON "webchat_channels" USING btree ("public_key");--> statement-breakpoint
CREATE INDEX "webchat_company_idx" ON "webchat_channels" USING btree ("company_id","channel_id");