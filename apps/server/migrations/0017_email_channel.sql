CREATE TABLE "email_mailboxes" (
	"channel_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"address" text NOT NULL,
	"imap_host" text NOT NULL,
	"imap_port" integer NOT NULL,
	"imap_tls" text NOT NULL,
	"smtp_host" text NOT NULL,
	"smtp_port" integer NOT NULL,
	"smtp_tls" text NOT NULL,
	"username" text NOT NULL,
	"signature" text DEFAULT '' NOT NULL,
	"copy_to_sent" boolean DEFAULT true NOT NULL,
	"folder" text DEFAULT 'INBOX' NOT NULL,
	"uid_validity" bigint,
	"last_uid" bigint DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'connecting' NOT NULL,
	"last_error" text,
	"last_sync_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "email_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"rfc_message_id" text NOT NULL,
	"direction" text NOT NULL,
	"interaction_id" integer,
	"message_id" bigint,
	"subject" text DEFAULT '' NOT NULL,
	"from_address" text DEFAULT '' NOT NULL,
	"to_address" text DEFAULT '' NOT NULL,
	"references" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"html" text,
	"quoted_html" text,
	"ignored_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_threads" (
	"interaction_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"subject" text NOT NULL,
	"reply_token" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_mailboxes" ADD CONSTRAINT "email_mailboxes_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_mailboxes" ADD CONSTRAINT "email_mailboxes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_threads" ADD CONSTRAINT "email_threads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_threads" ADD CONSTRAINT "email_threads_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_mailboxes_company_idx" ON "email_mailboxes" USING btree ("company_id","channel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_messages_rfc_id_unique" ON "email_messages" USING btree ("channel_id","rfc_message_id");--> statement-breakpoint
CREATE INDEX "email_messages_company_interaction_idx" ON "email_messages" USING btree ("company_id","interaction_id");--> statement-breakpoint
CREATE INDEX "email_messages_company_message_idx" ON "email_messages" USING btree ("company_id","message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_threads_token_unique" ON "email_threads" USING btree ("channel_id","reply_token");--> statement-breakpoint
CREATE INDEX "email_threads_company_idx" ON "email_threads" USING btree ("company_id","interaction_id");