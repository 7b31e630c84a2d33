ALTER TABLE "channels" ADD COLUMN "agent_id" integer;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "agent_active" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_agent_id_virtual_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."virtual_agents"("id") ON DELETE set null ON UPDATE no action;