import { desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { outboxMails } from "../../platform/db/schema.ts";

export type OutboxScope = { companyId: number } | { all: true };

export async function listOutbox(db: Executor, scope: OutboxScope, page: number, pageSize: number) {
  const where = "companyId" in scope ? eq(outboxMails.companyId, scope.companyId) : undefined;
  const [items, [count]] = await Promise.all([
    db
      .select()
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
