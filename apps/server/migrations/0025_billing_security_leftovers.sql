ALTER TABLE "contact_identities" ALTER COLUMN "contact_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "model_providers" ADD COLUMN "api_key_sealed" "bytea";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "provider_invoice_id" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "provider_checkout" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_provider_invoice_unique" ON "invoices" USING btree ("provider_invoice_id");