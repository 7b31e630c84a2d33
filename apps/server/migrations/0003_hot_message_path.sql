DROP INDEX "interaction_events_company_idx";--> statement-breakpoint
DROP INDEX "messages_company_interaction_idx";--> statement-breakpoint
DROP INDEX "interaction_events_seq_unique";--> statement-breakpoint
DROP INDEX "interactions_company_status_idx";--> statement-breakpoint
DROP INDEX "messages_interaction_seq_unique";--> statement-breakpoint
DROP INDEX "messages_client_id_unique";--> statement-breakpoint
DROP INDEX "messages_provider_id_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "interaction_events_seq_unique" ON "interaction_events" USING btree ("company_id","interaction_id","seq");--> statement-breakpoint
CREATE INDEX "interactions_company_status_idx" ON "interactions" USING btree ("company_id","status","closed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_interaction_seq_unique" ON "messages" USING btree ("company_id","interaction_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_client_id_unique" ON "messages" USING btree ("company_id","client_id") WHERE "messages"."client_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_provider_id_unique" ON "messages" USING btree ("company_id","provider_message_id") WHERE "messages"."provider_message_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "interactions" SET (fillfactor = 80);
