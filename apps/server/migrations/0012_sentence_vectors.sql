CREATE TABLE "knowledge_sentence_vectors" (
	"company_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"encoder" text NOT NULL,
	"text_hash" text NOT NULL,
	"vector" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "knowledge_sentence_vectors_company_id_agent_id_encoder_text_hash_pk" PRIMARY KEY("company_id","agent_id","encoder","text_hash")
);
--> statement-breakpoint
ALTER TABLE "knowledge_sentence_vectors" ADD CONSTRAINT "knowledge_sentence_vectors_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_sentence_vectors" ADD CONSTRAINT "knowledge_sentence_vectors_agent_id_virtual_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."virtual_agents"("id") ON DELETE cascade ON UPDATE no action;