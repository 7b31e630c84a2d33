CREATE TABLE "interaction_reads" (
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"interaction_id" integer NOT NULL,
	"last_read_seq" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interaction_reads_company_id_user_id_interaction_id_pk" PRIMARY KEY("company_id","user_id","interaction_id")
);
--> statement-breakpoint
ALTER TABLE "interaction_reads" ADD CONSTRAINT "interaction_reads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interaction_reads" ADD CONSTRAINT "interaction_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interaction_reads" ADD CONSTRAINT "interaction_reads_interaction_id_interactions_id_fk" FOREIGN KEY ("interaction_id") REFERENCES "public"."interactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Until now one person's reading marked a customer message `seen` for everybody: each person starts from that
-- shared position on the open conversations, so nobody finds every waiting conversation unread after the upgrade.
INSERT INTO "interaction_reads" ("company_id", "user_id", "interaction_id", "last_read_seq")
SELECT i."company_id", u."id", i."id", seen."seq"
FROM "interactions" i
JOIN LATERAL (
  SELECT max(m."seq") AS "seq" FROM "messages" m
  WHERE m."company_id" = i."company_id" AND m."interaction_id" = i."id" AND m."direction" = 'in' AND m."status" = 'seen'
) seen ON seen."seq" IS NOT NULL
JOIN "users" u ON u."company_id" = i."company_id" AND u."user_type" = 'human'
WHERE i."status" = 'open';
