CREATE TABLE "knowledge_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"folder_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"content" jsonb NOT NULL,
	"plain_text" text DEFAULT '' NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"source_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" integer
);
--> statement-breakpoint
CREATE TABLE "knowledge_folder_agents" (
	"company_id" integer NOT NULL,
	"folder_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	CONSTRAINT "knowledge_folder_agents_folder_id_agent_id_pk" PRIMARY KEY("folder_id","agent_id")
);
--> statement-breakpoint
CREATE TABLE "knowledge_folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_qa_pairs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"question" text NOT NULL,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"source" text DEFAULT 'reviewed' NOT NULL,
	"related_article_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"origin_article_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_questions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"interaction_id" integer,
	"question" text NOT NULL,
	"outcome" text NOT NULL,
	"qa_pair_id" integer,
	"article_id" integer,
	"confidence" real,
	"resolved_qa_pair_id" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knowledge_articles" ADD CONSTRAINT "knowledge_articles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_articles" ADD CONSTRAINT "knowledge_articles_folder_id_knowledge_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."knowledge_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_articles" ADD CONSTRAINT "knowledge_articles_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_folder_agents" ADD CONSTRAINT "knowledge_folder_agents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_folder_agents" ADD CONSTRAINT "knowledge_folder_agents_folder_id_knowledge_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."knowledge_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_folder_agents" ADD CONSTRAINT "knowledge_folder_agents_agent_id_virtual_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."virtual_agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_folders" ADD CONSTRAINT "knowledge_folders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_folders" ADD CONSTRAINT "knowledge_folders_parent_id_knowledge_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."knowledge_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_qa_pairs" ADD CONSTRAINT "knowledge_qa_pairs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_qa_pairs" ADD CONSTRAINT "knowledge_qa_pairs_origin_article_id_knowledge_articles_id_fk" FOREIGN KEY ("origin_article_id") REFERENCES "public"."knowledge_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_questions" ADD CONSTRAINT "knowledge_questions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_questions" ADD CONSTRAINT "knowledge_questions_agent_id_virtual_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."virtual_agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_questions" ADD CONSTRAINT "knowledge_questions_interaction_id_interactions_id_fk" FOREIGN KEY ("interaction_id") REFERENCES "public"."interactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_questions" ADD CONSTRAINT "knowledge_questions_qa_pair_id_knowledge_qa_pairs_id_fk" FOREIGN KEY ("qa_pair_id") REFERENCES "public"."knowledge_qa_pairs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_questions" ADD CONSTRAINT "knowledge_questions_article_id_knowledge_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."knowledge_articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_questions" ADD CONSTRAINT "knowledge_questions_resolved_qa_pair_id_knowledge_qa_pairs_id_fk" FOREIGN KEY ("resolved_qa_pair_id") REFERENCES "public"."knowledge_qa_pairs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_articles_company_folder_idx" ON "knowledge_articles" USING btree ("company_id","folder_id","status");--> statement-breakpoint
CREATE INDEX "knowledge_folder_agents_company_agent_idx" ON "knowledge_folder_agents" USING btree ("company_id","agent_id");--> statement-breakpoint
CREATE INDEX "knowledge_folders_company_idx" ON "knowledge_folders" USING btree ("company_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_folders_sibling_name_unique" ON "knowledge_folders" USING btree ("company_id",coalesce("parent_id", 0),lower("name"));--> statement-breakpoint
CREATE INDEX "knowledge_qa_pairs_company_idx" ON "knowledge_qa_pairs" USING btree ("company_id","source","id");--> statement-breakpoint
CREATE INDEX "knowledge_qa_pairs_company_origin_idx" ON "knowledge_qa_pairs" USING btree ("company_id","origin_article_id");--> statement-breakpoint
CREATE INDEX "knowledge_questions_company_outcome_idx" ON "knowledge_questions" USING btree ("company_id","outcome","id");