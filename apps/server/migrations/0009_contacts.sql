CREATE TABLE "contact_merges" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kept_contact_id" integer NOT NULL,
	"removed_contact_id" integer NOT NULL,
	"removed_snapshot" jsonb NOT NULL,
	"merged_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "email2" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "phone2" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "company_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "profession" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "district" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "subdistrict" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "address_detail" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "type_id" integer;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "special" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || ' ' || coalesce(email, '') || ' ' || coalesce(email2, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(phone2, ''))) STORED;--> statement-breakpoint
ALTER TABLE "contact_merges" ADD CONSTRAINT "contact_merges_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_merges" ADD CONSTRAINT "contact_merges_kept_contact_id_contacts_id_fk" FOREIGN KEY ("kept_contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_merges" ADD CONSTRAINT "contact_merges_merged_by_user_id_users_id_fk" FOREIGN KEY ("merged_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_types" ADD CONSTRAINT "contact_types_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_merges_company_kept_idx" ON "contact_merges" USING btree ("company_id","kept_contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_types_company_name_unique" ON "contact_types" USING btree ("company_id",lower("name"));--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_type_id_contact_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."contact_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_company_created_idx" ON "contacts" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contacts_company_creator_idx" ON "contacts" USING btree ("company_id","created_by_user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contacts_company_origin_idx" ON "contacts" USING btree ("company_id","created_by","created_at","id");--> statement-breakpoint
CREATE INDEX "contacts_company_type_idx" ON "contacts" USING btree ("company_id","type_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contacts_company_special_idx" ON "contacts" USING btree ("company_id","created_at","id") WHERE "contacts"."special";--> statement-breakpoint
CREATE INDEX "contacts_company_email_idx" ON "contacts" USING btree ("company_id","email");--> statement-breakpoint
CREATE INDEX "contacts_company_email2_idx" ON "contacts" USING btree ("company_id","email2");--> statement-breakpoint
CREATE INDEX "contacts_company_phone_idx" ON "contacts" USING btree ("company_id","phone");--> statement-breakpoint
CREATE INDEX "contacts_company_phone2_idx" ON "contacts" USING btree ("company_id","phone2");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_company_idempotency_unique" ON "contacts" USING btree ("company_id","idempotency_key") WHERE "contacts"."idempotency_key" IS NOT NULL;--> statement-breakpoint
-- Hand-written: search by any part of a name, e-mail or phone. btree_gin lets one GIN index start with company_id.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "contacts_company_search_trgm_idx" ON "contacts" USING gin ("company_id", "search_text" gin_trgm_ops);
