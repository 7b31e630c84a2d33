CREATE TABLE "message_delivery_parts" (
	"company_id" integer NOT NULL,
	"message_id" bigint NOT NULL,
	"part" integer NOT NULL,
	"provider_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_delivery_parts_company_id_message_id_part_pk" PRIMARY KEY("company_id","message_id","part")
);
--> statement-breakpoint
ALTER TABLE "contact_identities" ADD COLUMN "thread_owner_app_id" text;--> statement-breakpoint
ALTER TABLE "message_delivery_parts" ADD CONSTRAINT "message_delivery_parts_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;