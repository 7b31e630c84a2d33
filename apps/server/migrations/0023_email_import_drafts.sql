ALTER TABLE "email_mailboxes" ADD COLUMN "agent_mode" text DEFAULT 'answer' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "imported" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_threads" ADD COLUMN "draft" jsonb;