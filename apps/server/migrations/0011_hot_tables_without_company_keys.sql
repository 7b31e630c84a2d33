ALTER TABLE "interaction_events" DROP CONSTRAINT "interaction_events_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_company_id_companies_id_fk";
