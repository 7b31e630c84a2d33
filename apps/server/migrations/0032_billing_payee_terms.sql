CREATE TABLE "billing_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"payee_company_name" text,
	"payee_bank_name" text,
	"payee_account_number" text,
	"payee_account_holder" text,
	"terms_mn" text,
	"terms_en" text,
	"terms_updated_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_settings_one_row" CHECK ("billing_settings"."id")
);
--> statement-breakpoint
CREATE TABLE "billing_test_clocks" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"offset_ms" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "invoices_company_period_unique";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_test_clocks" ADD CONSTRAINT "billing_test_clocks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_company_period_unique" ON "invoices" USING btree ("company_id","period_start") WHERE "invoices"."status" <> 'cancelled';