import type { OutboxListQuery, OutboxMailView } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import { listOutbox, type ListedMail, type OutboxScope } from "./outbox.repo.ts";

const present = (row: ListedMail): OutboxMailView => ({
  id: row.id,
  to: row.toAddress,
  subject: row.subject,
  text: row.textBody,
  carries_secret: row.carriesSecret,
  status: row.status as OutboxMailView["status"],
  created_at: row.createdAt.toISOString(),
});

export async function readOutbox(ctx: AppContext, scope: OutboxScope, query: OutboxListQuery) {
  const { items, total } = await listOutbox(ctx.db, scope, query.page, query.page_size);
  return { items: items.map(present), total };
}
