import type { OutboxListQuery, OutboxMailView } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { outboxMails } from "../../platform/db/schema.ts";
import { listOutbox, type OutboxScope } from "./outbox.repo.ts";

const present = (row: typeof outboxMails.$inferSelect): OutboxMailView => ({
  id: row.id,
  to: row.toAddress,
  subject: row.subject,
  text: row.textBody,
  status: row.status as OutboxMailView["status"],
  created_at: row.createdAt.toISOString(),
});

export async function readOutbox(ctx: AppContext, scope: OutboxScope, query: OutboxListQuery) {
  const { items, total } = await listOutbox(ctx.db, scope, query.page, query.page_size);
  return { items: items.map(present), total };
}
