import { desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { outboxMails } from "../../platform/db/schema.ts";

export type OutboxScope = { companyId: number } | { all: true };

/** What the outbox lists: never the text of a mail that carries a secret, even while it waits for SMTP. */
const listed = {
  id: outboxMails.id,
  toAddress: outboxMails.toAddress,
  subject: outboxMails.subject,
  textBody: sql<string>`CASE WHEN ${outboxMails.carriesSecret} THEN '' ELSE ${outboxMails.textBody} END`,
  carriesSecret: outboxMails.carriesSecret,
  status: outboxMails.status,
  createdAt: outboxMails.createdAt,
};
export async function listOutbox(db: Executor, scope: OutboxScope, page: number, pageSize: number) {
  const where = "companyId" in scope ? eq(outboxMails.companyId, scope.companyId) : undefined;
  const [items, [count]] = await Promise.all([
    db
      .select(listed)
      .from(outboxMails)
      .where(where)
      .orderBy(desc(outboxMails.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(outboxMails)
      .where(where),
  ]);
  return { items, total: count?.total ?? 0 };
}

export type ListedMail = Awaited<ReturnType<typeof listOutbox>>["items"][number];
