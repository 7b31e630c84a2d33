ALTER TABLE "outbox_mails" ADD COLUMN "carries_secret" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Mail written before this version kept reset and invitation links readable by every admin. Mark it as carrying a
-- secret; empty what is not waiting for SMTP (a queued mail keeps its text until delivered, hidden from the outbox).
UPDATE "outbox_mails" SET "carries_secret" = true WHERE "text_body" LIKE '%token=%';--> statement-breakpoint
UPDATE "outbox_mails"
SET "text_body" = '', "html_body" = NULL, "status" = CASE WHEN "status" = 'kept' THEN 'withheld' ELSE "status" END
WHERE "carries_secret" AND "status" <> 'queued';
