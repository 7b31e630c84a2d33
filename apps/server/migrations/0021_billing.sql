CREATE TABLE "agent_usage" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_primary" boolean NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "billing_reminders" (
	"company_id" integer NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"number" text NOT NULL,
	"plan_id" integer NOT NULL,
	"plan_code" text NOT NULL,
	"term" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"amount" integer NOT NULL,
	"auto_extend" boolean NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"agents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payment_method" text,
	"payment_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "invoices_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"max_users" integer,
	"max_channels" integer,
	"max_agents" integer,
	"max_articles" integer,
	"price_day" integer DEFAULT 0 NOT NULL,
	"price_month" integer DEFAULT 0 NOT NULL,
	"price_year" integer DEFAULT 0 NOT NULL,
	"extra_agent_day_price" integer DEFAULT 0 NOT NULL,
	"trial_days" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"term" text,
	"status" text NOT NULL,
	"auto_extend" boolean DEFAULT false NOT NULL,
	"trial_ends_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"terms_agreed_at" timestamp with time zone,
	"period_start" timestamp with time zone,
	"term_ends_at" timestamp with time zone,
	"next_invoice_at" timestamp with time zone,
	"suspended_by_admin" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
ALTER TABLE "agent_usage" ADD CONSTRAINT "agent_usage_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_reminders" ADD CONSTRAINT "billing_reminders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_usage_company_idx" ON "agent_usage" USING btree ("company_id","agent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_reminders_unique" ON "billing_reminders" USING btree ("company_id","key");--> statement-breakpoint
CREATE INDEX "invoices_company_idx" ON "invoices" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_company_period_unique" ON "invoices" USING btree ("company_id","period_start");--> statement-breakpoint
INSERT INTO "plans" ("code", "max_users", "max_channels", "max_agents", "max_articles", "price_day", "price_month", "price_year", "extra_agent_day_price", "trial_days") VALUES
  ('trial', 10, 5, 2, 100, 0, 0, 0, 0, 14),
  ('business', 20, 10, 5, 1000, 10000, 150000, 1500000, 5000, 0),
  ('enterprise', NULL, NULL, NULL, NULL, 30000, 450000, 4500000, 5000, 0);
--> statement-breakpoint
-- Companies that exist before billing start a trial today; their agents are billed from today.
INSERT INTO "subscriptions" ("company_id", "plan_id", "status", "trial_ends_at")
  SELECT c."id", p."id", 'trial', now() + make_interval(days => p."trial_days") FROM "companies" c CROSS JOIN "plans" p WHERE p."code" = 'trial';
--> statement-breakpoint
INSERT INTO "agent_usage" ("company_id", "agent_id", "name", "is_primary", "started_at")
  SELECT "company_id", "id", "name", "is_primary", now() FROM "virtual_agents";
