ALTER TABLE "messages" ADD COLUMN "sent_via" text;--> statement-breakpoint
-- Replies already taken from Messenger echoes (Page inbox or another app) had no author: they are the only
-- outgoing staff messages without a client id, and the app that sent them was not kept, so the Page inbox.
UPDATE "messages" SET "sent_via" = 'page_inbox'
WHERE "direction" = 'out' AND "sender_type" = 'user' AND "client_id" IS NULL AND "provider_message_id" LIKE 'fb:%';
